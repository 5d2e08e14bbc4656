import { WordPressError } from '../errors';
import { expectOk, send, type HttpConfig, type RawResponse } from './http';

export type Query = Record<string, string | number | boolean | undefined>;

/** Where the REST API lives: pretty (`/wp-json`) or plain (`/?rest_route=`) permalinks. */
export interface ApiRoot {
  /** `{siteUrl}/wp-json` or `{siteUrl}/?rest_route=`. */
  base: string;
  style: 'pretty' | 'plain';
  /** The index document (name, description, url…) when discovery fetched it. */
  index?: Record<string, unknown>;
}

/** Trims trailing slashes and drops any user info (fetch refuses it; auth goes in a header). */
export function normaliseSiteUrl(siteUrl: string): string {
  let url = siteUrl.trim();
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    url = u.toString();
  } catch {
    url = url.replace(/\/\/[^/@]*@/, '//');
  }
  return url.replace(/\/+$/, '');
}

export function rootFromBase(base: string): ApiRoot {
  return base.includes('rest_route=')
    ? { base, style: 'plain' }
    : { base: base.replace(/\/+$/, ''), style: 'pretty' };
}

function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  return params.toString();
}

/** `/wp/v2/posts` + query → a full URL in the site's style. */
export function buildUrl(root: ApiRoot, route: string, query?: Query): string {
  const qs = queryString(query);
  if (root.style === 'plain') return `${root.base}${route}${qs ? `&${qs}` : ''}`;
  return `${root.base}${route}${qs ? `?${qs}` : ''}`;
}

const looksLikeIndex = (res: RawResponse) =>
  res.isJson && typeof res.json === 'object' && res.json !== null && !Array.isArray(res.json);

/**
 * Finds the API root: `{siteUrl}/wp-json/`, falling back to `{siteUrl}/?rest_route=/` when that 404s or
 * is not JSON. A JSON error other than 404 (e.g. 401 for a bad password) means REST is there; it is then
 * thrown mapped. Neither answering JSON → REST_DISABLED.
 */
export async function discoverRoot(cfg: HttpConfig, siteUrl: string): Promise<ApiRoot> {
  const site = normaliseSiteUrl(siteUrl);
  const candidates: ApiRoot[] = [
    { base: `${site}/wp-json`, style: 'pretty' },
    { base: `${site}/?rest_route=`, style: 'plain' },
  ];
  let last: RawResponse | undefined;
  for (const candidate of candidates) {
    const res = await send(cfg, buildUrl(candidate, '/'), { method: 'GET', idempotent: true });
    last = res;
    if (!looksLikeIndex(res) || res.status === 404) continue;
    expectOk(cfg, 'GET', res);
    return { ...candidate, index: res.json as Record<string, unknown> };
  }
  const wpCode = (last?.json as { code?: string } | undefined)?.code;
  throw new WordPressError(
    'REST_DISABLED',
    `The WordPress REST API is not available at ${site} (no JSON at /wp-json/ or /?rest_route=/)`,
    { status: last?.status, wpCode, url: last?.url },
  );
}
