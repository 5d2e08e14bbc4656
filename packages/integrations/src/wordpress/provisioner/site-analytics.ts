import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ANALYTICS_PLUGIN_FILENAME, ANALYTICS_PLUGIN_PHP } from '../analytics-plugin';
import { WordPressHostError } from '../errors';
import type { WordPressHost } from '../types';
import { readSiteInfo } from './info-file';
import { domainLocks, withLock } from './locks';
import { normalizeDomain } from './names';
import { sitePaths, type SitePaths } from './paths';
import { shareWithSite } from './site-permissions';
import { resolveSiteUser, type SiteUser } from './site-user';

/** `{public}/wp-content/mu-plugins/blogfleet-analytics.php` of a site. */
export const analyticsPluginPath = (paths: SitePaths) =>
  path.join(paths.publicDir, 'wp-content', 'mu-plugins', ANALYTICS_PLUGIN_FILENAME);

/**
 * Writes the analytics must-use plugin (atomically, only when its content differs) and gives it the
 * modes of the rest of the site's code: the server's, readable by the sites' group, never writable by
 * the site's PHP (a must-use plugin runs on every request).
 */
export async function writeAnalyticsPlugin(paths: SitePaths, user: SiteUser): Promise<string> {
  const file = analyticsPluginPath(paths);
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o750 });
  await shareWithSite(dir, user, 0o750);
  const current = await readFile(file, 'utf8').catch(() => null);
  if (current !== ANALYTICS_PLUGIN_PHP) {
    const temp = path.join(
      paths.siteDir,
      `.${ANALYTICS_PLUGIN_FILENAME}.${randomBytes(6).toString('hex')}.tmp`,
    );
    try {
      await writeFile(temp, ANALYTICS_PLUGIN_PHP, { mode: 0o640 });
      await rename(temp, file);
    } finally {
      await rm(temp, { force: true }).catch(() => undefined);
    }
  }
  await shareWithSite(file, user, 0o640);
  return file;
}

/**
 * Installs or refreshes the analytics must-use plugin on a site this host runs (idempotent: the current
 * version is written when the file is missing or differs). WordPress loads it on the next request, so
 * the site's server keeps running. NOT_FOUND when the domain has no complete Blogfleet site here.
 */
export async function installAnalyticsPluginOnSite(
  host: WordPressHost,
  domainInput: string,
): Promise<{ domain: string; path: string }> {
  const domain = normalizeDomain(domainInput);
  return withLock(domainLocks, domain, async () => {
    const paths = sitePaths(host, domain);
    const info = await readSiteInfo(paths.infoFile).catch(() => null);
    if (!info || info.domain !== domain || info.status !== 'complete') {
      throw new WordPressHostError('NOT_FOUND', `${domain} is not a site of this host`);
    }
    const user = await resolveSiteUser(host);
    return { domain, path: await writeAnalyticsPlugin(paths, user) };
  });
}
