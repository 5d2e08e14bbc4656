import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { S3Store } from '@blogfleet/integrations/object-store';
import type { Context } from '../context';

/** A stored file as the server serves it. */
export interface StoredFile {
  /** Streamed from disk; an S3 object arrives whole (screenshots are a few MB at most). */
  body: Readable | Buffer;
  size: number;
  modified: Date | null;
}

/**
 * Where the server keeps files for sites (screenshots): DATA_DIR/files on this machine, or an
 * S3-compatible store when one is configured (FILES_S3_*), so several servers share them. Keys look
 * like `screenshots/{siteId}/{name}`.
 */
export interface FileStore {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  remove(keys: string[]): Promise<void>;
  removePrefix(prefix: string): Promise<void>;
  /** Site ids that have screenshots stored. */
  siteIds(): Promise<number[]>;
}

/**
 * DATA_DIR/files; with an in-memory DATA_DIR (tests, benches) the system's temporary folder, per
 * process.
 */
export function filesRoot(ctx: Pick<Context, 'integrations'>): string {
  const dataDir = ctx.integrations?.dataDir;
  if (!dataDir || dataDir.startsWith('memory://'))
    return path.join(tmpdir(), `blogfleet-files-${process.pid}`);
  return path.join(path.resolve(dataDir), 'files');
}

const siteIdsOf = (names: string[]) => [...new Set(names.filter((e) => /^\d+$/.test(e)).map(Number))];

/** Files under a folder of this machine; written beside their final name and renamed (never half a file). */
function localStore(root: string): FileStore {
  const file = (key: string) => path.join(root, ...key.split('/'));
  return {
    async put(key, data) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temp, data, { mode: 0o600 });
      await rename(temp, target);
    },
    async get(key) {
      const target = file(key);
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(target), size: info.size, modified: info.mtime };
    },
    async remove(keys) {
      await Promise.all(keys.map((k) => rm(file(k), { force: true })));
    },
    async removePrefix(prefix) {
      await rm(file(prefix.replace(/\/$/, '')), { recursive: true, force: true });
    },
    async siteIds() {
      return siteIdsOf(await readdir(path.join(root, 'screenshots')).catch(() => [] as string[]));
    },
  };
}

function s3Store(store: S3Store): FileStore {
  return {
    put: (key, data, contentType) => store.put(key, data, contentType),
    async get(key) {
      const o = await store.get(key);
      return (
        o && { body: o.body, size: o.body.length, modified: o.lastModified ? new Date(o.lastModified) : null }
      );
    },
    async remove(keys) {
      await Promise.all(keys.map((k) => store.delete(k)));
    },
    async removePrefix(prefix) {
      await Promise.all((await store.list(prefix)).map((k) => store.delete(k)));
    },
    async siteIds() {
      return siteIdsOf((await store.list('screenshots/')).map((k) => k.split('/')[1] ?? ''));
    },
  };
}

/** The store of this server: S3-compatible when configured, else DATA_DIR. */
export function fileStore(ctx: Pick<Context, 'integrations'>): FileStore {
  const s3 = ctx.integrations?.filesS3;
  return s3 ? s3Store(new S3Store(s3)) : localStore(filesRoot(ctx));
}

/** Served at /files/screenshots/{siteId}/{name}; names are random (128 bits), so a URL is its own key. */
export const SCREENSHOT_NAME = /^[0-9a-f]{32}(-thumb\.jpg|\.png)$/;
export const screenshotKey = (siteId: number, name: string) => `screenshots/${siteId}/${name}`;
export const screenshotUrl = (siteId: number, name: string) => `/files/${screenshotKey(siteId, name)}`;
/** The stored key of a URL this server handed out. */
export const keyOfUrl = (url: string) => url.replace(/^\/files\//, '');
export const newScreenshotKey = () => randomBytes(16).toString('hex');

/** A deleted site's screenshots; sites that are gone but left files are swept by the periodic job. */
export async function removeSiteFiles(ctx: Pick<Context, 'integrations'>, siteIds: number[]) {
  const store = fileStore(ctx);
  await Promise.all(siteIds.map((id) => store.removePrefix(`screenshots/${id}/`)));
}
