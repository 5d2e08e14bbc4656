/** DataForSEO's API host (v3 paths are appended). */
export const DATAFORSEO_API_URL = 'https://api.dataforseo.com';

/** DataForSEO's location code of the United States, the location used when none is configured. */
export const DATAFORSEO_DEFAULT_LOCATION_CODE = 2840;

export const keywordDataProviders = ['dataforseo'] as const;
export type KeywordDataProvider = (typeof keywordDataProviders)[number];

export interface DataForSeoConfig {
  /** The API login (an email), not the dashboard login. */
  login: string;
  /** The API password DataForSEO generated, not the account password. */
  password: string;
  /** Default DATAFORSEO_API_URL; tests point it at the local test server. */
  baseUrl?: string;
  /** Budget of one request (default 20 000 ms). */
  timeoutMs?: number;
  /**
   * DataForSEO location code the keyword metrics are asked for when a call names none (Settings →
   * Keyword data; default DATAFORSEO_DEFAULT_LOCATION_CODE, 2840 United States). Not part of signing in.
   */
  locationCode?: number;
}

export type KeywordDataConfig = { provider: 'dataforseo' } & DataForSeoConfig;

export interface KeywordDataAccount {
  login: string;
  /** Money left on the account (USD), when the provider says. */
  balance: number | null;
}

/** DataForSEO's envelope: status on the request and on each task. */
export interface DataForSeoEnvelope<T = unknown> {
  version?: string;
  status_code: number;
  status_message: string;
  tasks?: { status_code: number; status_message: string; result?: T[] | null }[] | null;
}

/** Google's competition level of a keyword in paid search. */
export type KeywordCompetition = 'low' | 'medium' | 'high';

/**
 * What DataForSEO knows of one keyword in one location and language. Every metric is null when DataForSEO
 * has no data (or the keyword could not be asked for): never an estimate of ours.
 */
export interface KeywordMetrics {
  /** The keyword as the caller gave it. */
  keyword: string;
  /** Average monthly Google searches (Google Ads). */
  searchVolume: number | null;
  /** Competition in paid search (Google Ads). */
  competition: KeywordCompetition | null;
  /** The same competition as a number, 0-100 (Google Ads). */
  competitionIndex: number | null;
  /** Average cost per click, USD (Google Ads). */
  cpc: number | null;
  /** How hard it is to rank in Google's top 10, 0-100 (DataForSEO Labs). */
  keywordDifficulty: number | null;
}

export interface KeywordMetricsOptions {
  /** DataForSEO language code, e.g. "en", "tr". */
  languageCode: string;
  /** DataForSEO location code; default the config's `locationCode`, then 2840 (United States). */
  locationCode?: number;
}
