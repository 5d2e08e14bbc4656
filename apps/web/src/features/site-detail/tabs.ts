/** The site detail's tabs in the spec's order (core §2): the URL carries the name or the index. */
export const SITE_TABS = [
  'dashboard',
  'posts',
  'content-pool',
  'categories',
  'tags',
  'media',
  'keywords',
  'analytics',
  'traffic',
  'cloudflare',
  'settings',
] as const;
export type SiteTab = (typeof SITE_TABS)[number];

export interface SiteDetailSearch {
  tab?: string;
}

export function validateSiteDetailSearch(search: Record<string, unknown>): SiteDetailSearch {
  const tab = search.tab;
  return typeof tab === 'string' || typeof tab === 'number' ? { tab: String(tab) } : {};
}

/** `posts` or `1` → 'posts'; another index or name → null ("Unknown tab index"). */
export function tabOf(value: string | undefined): SiteTab | null {
  if (value === undefined || value === '') return 'dashboard';
  if (/^\d+$/.test(value)) return SITE_TABS[Number(value)] ?? null;
  return (SITE_TABS as readonly string[]).includes(value) ? (value as SiteTab) : null;
}
