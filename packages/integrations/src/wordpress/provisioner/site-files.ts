import { randomBytes } from 'node:crypto';
import { access, cp, lstat, mkdir, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { WordPressHost } from '../types';
import type { SiteInfo } from './info-file';
import type { SitePaths } from './paths';
import { ABSPATH_PHP, ROUTER_PHP, TASK_PHP, wpConfigPhp } from './php-scripts';

const SALT_NAMES = [
  'AUTH_KEY',
  'SECURE_AUTH_KEY',
  'LOGGED_IN_KEY',
  'NONCE_KEY',
  'AUTH_SALT',
  'SECURE_AUTH_SALT',
  'LOGGED_IN_SALT',
  'NONCE_SALT',
];

export function randomSecret(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

export function newSalts(): Record<string, string> {
  return Object.fromEntries(SALT_NAMES.map((name) => [name, randomSecret(64)]));
}

async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Lays out `{siteDir}/public/` (symlinks to each core entry except wp-config.php and wp-content, a real
 * wp-config.php and a real wp-content/ with copies of core's themes) plus the helper PHP scripts.
 * Every part is created only when missing, so a rerun after a crash completes the layout.
 */
export async function writeSiteFiles(
  host: WordPressHost,
  paths: SitePaths,
  info: SiteInfo,
  salts: Record<string, string>,
): Promise<void> {
  const core = path.resolve(host.core);
  await mkdir(paths.publicDir, { recursive: true });
  for (const entry of await readdir(core)) {
    if (entry === 'wp-config.php' || entry === 'wp-content') continue;
    const link = path.join(paths.publicDir, entry);
    if (!(await exists(link))) await symlink(path.join(core, entry), link);
  }

  const content = path.join(paths.publicDir, 'wp-content');
  for (const dir of ['themes', 'plugins', 'uploads', 'upgrade']) {
    await mkdir(path.join(content, dir), { recursive: true, mode: 0o755 });
  }
  const silence = '<?php\n// Silence is golden.\n';
  await writeFile(path.join(content, 'index.php'), silence);
  await writeFile(path.join(content, 'plugins', 'index.php'), silence);
  const coreThemes = path.join(core, 'wp-content', 'themes');
  for (const theme of await readdir(coreThemes).catch(() => [] as string[])) {
    const target = path.join(content, 'themes', theme);
    if (!(await exists(target))) {
      await cp(path.join(coreThemes, theme), target, { recursive: true, dereference: true });
    }
  }
  const coreLanguages = path.join(core, 'wp-content', 'languages');
  const languages = path.join(content, 'languages');
  if (!(await exists(languages))) {
    const haveCoreLanguages = await access(coreLanguages).then(
      () => true,
      () => false,
    );
    if (haveCoreLanguages) await symlink(coreLanguages, languages);
    else await mkdir(languages);
  }

  // Written once (atomically): a rerun keeps the salts of the first run. The temp file lives in siteDir,
  // outside the web root (same filesystem, so the rename stays atomic): a leftover is never served.
  const config = path.join(paths.publicDir, 'wp-config.php');
  // Older runs wrote their temp file next to wp-config.php, inside the web root.
  await rm(`${config}.tmp`, { force: true });
  if (!(await exists(config))) {
    const temp = path.join(paths.siteDir, `.wp-config.php.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(
        temp,
        wpConfigPhp({
          dbName: info.dbName,
          dbUser: info.dbUser,
          dbPassword: info.dbPassword,
          dbHost: info.dbHost,
          siteUrl: info.siteUrl,
          salts,
        }),
        { mode: 0o640 },
      );
      await rename(temp, config);
    } finally {
      await rm(temp, { force: true }).catch(() => undefined);
    }
  }
  await writeFile(paths.abspathFile, ABSPATH_PHP);
  await writeFile(paths.routerFile, ROUTER_PHP);
  await writeFile(paths.taskFile, TASK_PHP);
}
