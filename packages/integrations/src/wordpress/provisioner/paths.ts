import path from 'node:path';
import type { WordPressHost } from '../types';

/** Where a site's files live: `{root}/{domain}/` with public/ (ABSPATH), info file and helper scripts. */
export function sitePaths(host: WordPressHost, domain: string) {
  const siteDir = path.join(path.resolve(host.root), domain);
  return {
    siteDir,
    publicDir: path.join(siteDir, 'public'),
    infoFile: path.join(siteDir, 'site-info.json'),
    abspathFile: path.join(siteDir, 'abspath.php'),
    routerFile: path.join(siteDir, 'router.php'),
    taskFile: path.join(siteDir, 'wp-task.php'),
  };
}

export type SitePaths = ReturnType<typeof sitePaths>;

export function defaultSiteUrl(host: WordPressHost, domain: string, port: number): string {
  if (host.siteUrl) return host.siteUrl(domain, port).replace(/\/+$/, '');
  const address = host.bindAddress.includes(':') ? `[${host.bindAddress}]` : host.bindAddress;
  return `http://${address}:${port}`;
}
