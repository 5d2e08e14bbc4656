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

const LOOPBACK_BIND = new Set(['127.0.0.1', '::1', 'localhost']);

function isLoopbackName(hostname: string): boolean {
  const name = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * Whether a site is served on loopback only, over plain HTTP: bound to a loopback address and reached at
 * a loopback `http://` URL. Only such a site gets WP_ENVIRONMENT_TYPE 'local' (application passwords
 * over HTTP); any other stays a production site that needs HTTPS for them.
 */
export function isLoopbackHosting(host: WordPressHost, siteUrl: string): boolean {
  if (!LOOPBACK_BIND.has(host.bindAddress.toLowerCase())) return false;
  try {
    const url = new URL(siteUrl);
    return url.protocol === 'http:' && isLoopbackName(url.hostname);
  } catch {
    return false;
  }
}
