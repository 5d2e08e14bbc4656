/**
 * Plain values of the contracts, free of zod, so the browser's first chunk can use them without
 * loading the validation library (`@blogfleet/validators/constants`).
 */
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

export const MAX_PAGE = 100_000;
export const PAGE_SIZES = [10, 20, 50, 100, 500] as const;

export const USERS_PAGE_SIZE = 10;

export const DOMAINS_PAGE_SIZE = 20;

export const domainStatuses = ['available', 'pending', 'approved', 'purchased', 'taken'] as const;
export type DomainStatus = (typeof domainStatuses)[number];

/** Domain discovery (doc2 §9). */
export const DISCOVERY_SEARCH_LIMITS = [10, 20, 50, 100] as const;
export const DISCOVERY_MAX_PRICE_PICKS = [15, 25, 50] as const;
export const DISCOVERY_DEFAULTS = {
  tlds: ['com'],
  maxPrice: 50,
  searchLimit: 20,
  cheapDomainsOnly: false,
} as const;
export const DISCOVERY_MAX_PRICE_RANGE = { min: 1, max: 500 } as const;
/** Yearly list prices in US dollars, used when no registrar quotes a price. */
export const TLD_LIST_PRICES: Readonly<Record<string, number>> = {
  com: 12.99,
  net: 13.99,
  org: 12.99,
  xyz: 0.99,
  online: 3.99,
  site: 3.99,
  info: 8.99,
  biz: 9.99,
  io: 39.99,
  co: 29.99,
};
export const SUGGESTED_AFFIXES = [
  'best',
  'top',
  'pro',
  'mega',
  'super',
  'elite',
  'prime',
  'max',
  'hub',
  'zone',
  'spot',
  'tips',
  'guide',
  'picks',
  'odds',
  'bet',
] as const;
/** How many unused suggested words one click adds. */
export const AFFIXES_ADDED_AT_ONCE = 6;

export const SITES_PAGE_SIZE = 20;
export const siteStatuses = ['active', 'inactive', 'setup'] as const;
export type SiteStatus = (typeof siteStatuses)[number];

/** Time zones the site forms offer first (core §2 settings tab); any IANA name is accepted. */
export const SITE_TIMEZONES = ['UTC', 'Europe/Istanbul', 'America/New_York'] as const;
/** The languages a site can be in, with their own names (not translated: people look for their own). */
export const SITE_LANGUAGE_OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'tr', label: 'Türkçe' },
  { value: 'es', label: 'Español' },
] as const;

/** Keywords (doc2 §9): the keywords list pages by 20. */
export const KEYWORDS_PAGE_SIZE = 20;
export const competitionLevels = ['low', 'medium', 'high'] as const;
export type CompetitionLevel = (typeof competitionLevels)[number];
export const keywordSorts = ['created_at', 'keyword_text', 'search_volume', 'competition', 'score'] as const;
export const keywordUseStatuses = ['used', 'unused'] as const;
/** Languages keywords (and ideas, doc2 §1) are generated in. */
export const generationLanguages = ['en', 'tr', 'es', 'fr', 'de'] as const;
export type GenerationLanguage = (typeof generationLanguages)[number];
/** Keywords one generation asks for by default, and at most. */
export const KEYWORDS_GENERATED = { default: 20, max: 100 } as const;

/** Keyword groups (doc2 §9): the groups page pages by 10. */
export const KEYWORD_GROUPS_PAGE_SIZE = 10;
export const keywordGroupStatuses = ['active', 'pending', 'inactive', 'used'] as const;
export const keywordGroupPriorities = ['high', 'medium', 'low'] as const;
export const keywordGroupSorts = ['created_at', 'name', 'priority', 'status'] as const;
/** Secondary keywords shown in a group's row before the "+n more" badge. */
export const GROUP_ROW_SECONDARY_SHOWN = 2;

/** Content management (doc2 §2, §9): the default content type is article. */
export const contentTypes = ['article', 'page', 'post'] as const;
export type ContentType = (typeof contentTypes)[number];
export const contentStatuses = ['published', 'pending', 'draft'] as const;
export type ContentStatus = (typeof contentStatuses)[number];
export const contentSorts = ['created_at', 'title', 'seo_score', 'word_count'] as const;
export const CONTENT_PAGE_SIZE = 20;
