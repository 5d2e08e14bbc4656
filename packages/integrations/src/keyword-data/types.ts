/** DataForSEO's API host (v3 paths are appended). */
export const DATAFORSEO_API_URL = 'https://api.dataforseo.com';

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
