import { randomBytes } from 'node:crypto';
import { access, cp, lstat, mkdir, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { WordPressHost } from '../types';
import type { SiteInfo } from './info-file';
import { isLoopbackHosting, type SitePaths } from './paths';
import { ABSPATH_PHP, ROUTER_PHP, TASK_PHP, wpConfigPhp } from './php-scripts';
import { giveToSite, letSiteTraverse, shareWithSite } from './site-permissions';
import type { SiteUser } from './site-user';

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

/** The helper scripts in the site directory (rewritten on every run: they belong to this version). */
export async function writeHelperScripts(paths: SitePaths, user: SiteUser): Promise<void> {
  for (const [file, source] of [
    [paths.abspathFile, ABSPATH_PHP],
    [paths.routerFile, ROUTER_PHP],
    [paths.taskFile, TASK_PHP],
  ] as const) {
    await writeFile(file, source, { mode: 0o640 });
    await shareWithSite(file, user, 0o640);
  }
}

/**
 * Lays out `{siteDir}/public/` (symlinks to each core entry except wp-config.php and wp-content, a real
 * wp-config.php and a real wp-content/ with copies of core's themes) plus the helper PHP scripts.
 * Every part is created only when missing, so a rerun after a crash completes the layout; ownership and
 * modes (site-permissions.ts) are applied every time.
 */
export async function writeSiteFiles(
  host: WordPressHost,
  paths: SitePaths,
  info: SiteInfo,
  salts: Record<string, string>,
  user: SiteUser,
): Promise<void> {
  const core = path.resolve(host.core);
  await mkdir(paths.publicDir, { recursive: true, mode: 0o750 });
  for (const entry of await readdir(core)) {
    if (entry === 'wp-config.php' || entry === 'wp-content') continue;
    const link = path.join(paths.publicDir, entry);
    if (!(await exists(link))) await symlink(path.join(core, entry), link);
  }

  const content = path.join(paths.publicDir, 'wp-content');
  for (const dir of ['themes', 'plugins', 'uploads', 'upgrade']) {
    await mkdir(path.join(content, dir), { recursive: true, mode: 0o750 });
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
          localEnvironment: isLoopbackHosting(host, info.siteUrl),
        }),
        { mode: 0o600 },
      );
      await rename(temp, config);
    } finally {
      await rm(temp, { force: true }).catch(() => undefined);
    }
  }
  await secureSite(host, paths, user);
}

/**
 * Applies site-permissions.ts to a laid-out site and rewrites its helper scripts. Runs on every
 * provisioning run and every start, so a site laid out by an older version or for another WP_RUN_AS_USER
 * is brought in line. (Only the upload directories change owner, not files already in them.)
 */
export async function secureSite(host: WordPressHost, paths: SitePaths, user: SiteUser): Promise<void> {
  const content = path.join(paths.publicDir, 'wp-content');
  await letSiteTraverse(path.resolve(host.root), user);
  await writeHelperScripts(paths, user);
  await shareWithSite(paths.siteDir, user, 0o750);
  await shareWithSite(paths.publicDir, user, 0o750);
  // PHP reads its database password here, so the sites' group may read it; nobody else, and not write.
  await shareWithSite(path.join(paths.publicDir, 'wp-config.php'), user, 0o640);
  for (const dir of [content, path.join(content, 'themes'), path.join(content, 'plugins')]) {
    await shareWithSite(dir, user, 0o750);
  }
  // The only places WordPress writes (media; the upgrader's scratch space).
  await giveToSite(path.join(content, 'uploads'), user);
  await giveToSite(path.join(content, 'upgrade'), user);
}
