import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Context } from '../context';

/**
 * Files the server keeps for sites (screenshots), under DATA_DIR/files; with an in-memory DATA_DIR
 * (tests, benches) in the system's temporary folder, per process.
 */
export function filesRoot(ctx: Pick<Context, 'integrations'>): string {
  const dataDir = ctx.integrations?.dataDir;
  if (!dataDir || dataDir.startsWith('memory://'))
    return path.join(tmpdir(), `blogfleet-files-${process.pid}`);
  return path.join(path.resolve(dataDir), 'files');
}

/** Served at /files/screenshots/{siteId}/{name}; names are random (128 bits), so a URL is its own key. */
export const SCREENSHOT_NAME = /^[0-9a-f]{32}(-thumb\.jpg|\.png)$/;
export const screenshotDir = (root: string, siteId: number) => path.join(root, 'screenshots', String(siteId));
export const screenshotUrl = (siteId: number, name: string) => `/files/screenshots/${siteId}/${name}`;
export const newScreenshotKey = () => randomBytes(16).toString('hex');

/** Written beside its final name and renamed, so a reader never sees half a file. */
export async function writeAtomically(file: string, data: Uint8Array) {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, data, { mode: 0o600 });
  await rename(temp, file);
}

export async function removeFiles(...files: string[]) {
  await Promise.all(files.map((f) => rm(f, { force: true })));
}

/** A deleted site's screenshots; sites that are gone but left a folder are cleaned by the periodic job. */
export async function removeSiteFiles(ctx: Pick<Context, 'integrations'>, siteIds: number[]) {
  const root = filesRoot(ctx);
  await Promise.all(siteIds.map((id) => rm(screenshotDir(root, id), { recursive: true, force: true })));
}

/** Site ids that have a screenshots folder. */
export async function siteIdsWithFiles(ctx: Pick<Context, 'integrations'>): Promise<number[]> {
  const entries = await readdir(path.join(filesRoot(ctx), 'screenshots')).catch(() => [] as string[]);
  return entries.filter((e) => /^\d+$/.test(e)).map(Number);
}
