import { IntegrationError, type IntegrationErrorKind } from '../errors';
import { checkBaseUrl, displayUrl, kindForHttpStatus, redactSecrets, requestJson } from '../http-json';
import {
  DATAFORSEO_API_URL,
  DATAFORSEO_DEFAULT_LOCATION_CODE,
  type DataForSeoConfig,
  type DataForSeoEnvelope,
  type KeywordCompetition,
  type KeywordDataAccount,
  type KeywordMetrics,
  type KeywordMetricsOptions,
} from './types';

export const DATAFORSEO_DEFAULTS = { timeoutMs: 20_000 } as const;

/**
 * DataForSEO's limits on the `keywords` of one task, from its docs (docs.dataforseo.com/v3/keywords_data/
 * google_ads/search_volume/live and dataforseo_labs/google/bulk_keyword_difficulty/live): at most 1000
 * keywords per task on both endpoints; Google Ads refuses a keyword over 80 characters or 10 words, and
 * DataForSEO Labs wants at least 3 characters. One refused keyword fails the whole task (40501), so such
 * keywords are never sent.
 */
export const DATAFORSEO_KEYWORD_LIMITS = {
  perTask: 1000,
  maxChars: 80,
  maxWords: 10,
  difficultyMinChars: 3,
} as const;

/**
 * DataForSEO answers HTTP 200 for almost everything and puts the outcome in `status_code` (20000 is
 * Ok.); 401/402/404/500 also come as HTTP statuses. 40100 is "not authorized", 40200-series billing,
 * 40202 the per-minute rate limit.
 */
function kindOf(httpStatus: number, code: number): IntegrationErrorKind {
  if (httpStatus === 401 || code === 40100) return 'unauthorized';
  if (code === 40202 || httpStatus === 429) return 'rate_limited';
  if (httpStatus === 402 || (code >= 40200 && code < 40300)) return 'upstream';
  if (httpStatus >= 400) return kindForHttpStatus(httpStatus);
  return 'upstream';
}

interface UserDataResult {
  login?: unknown;
  money?: { balance?: unknown } | null;
}

/** A row of google_ads/search_volume/live's task result (fields we read; all may be null). */
interface SearchVolumeRow {
  keyword?: unknown;
  search_volume?: unknown;
  competition?: unknown;
  competition_index?: unknown;
  cpc?: unknown;
}

/** The task result of dataforseo_labs/google/bulk_keyword_difficulty/live. */
interface KeywordDifficultyResult {
  items?: { keyword?: unknown; keyword_difficulty?: unknown }[] | null;
}

type Metrics = Omit<KeywordMetrics, 'keyword'>;

const NO_METRICS: Metrics = {
  searchVolume: null,
  competition: null,
  competitionIndex: null,
  cpc: null,
  keywordDifficulty: null,
};

/** A keyword as it is sent: trimmed, one space between words, composed (NFC). */
const cleanKeyword = (keyword: string) => keyword.normalize('NFC').trim().replace(/\s+/g, ' ');

/**
 * How answers are matched to the input: DataForSEO answers keywords in lower case (and Google Ads in its
 * own order), so the match is case-insensitive.
 */
const keyOf = (keyword: string) => cleanKeyword(keyword).toLowerCase();

/**
 * A looser key for Turkish I: DataForSEO may lower-case "I" as "ı" where JavaScript gives "i" (and "İ" as
 * "i" where JavaScript gives "i̇"). Used only when the exact key finds nothing and the loose key is
 * unambiguous (see `matcher`), so "sık" and "sik" are never mixed up.
 */
const looseKeyOf = (keyword: string) =>
  keyOf(keyword)
    .replace(/i\u0307/g, 'i')
    .replace(/ı/g, 'i');

/** Whether Google Ads takes the keyword (80 characters, 10 words). */
const withinAdsLimits = (keyword: string) =>
  keyword !== '' &&
  keyword.length <= DATAFORSEO_KEYWORD_LIMITS.maxChars &&
  keyword.split(' ').length <= DATAFORSEO_KEYWORD_LIMITS.maxWords;

const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const competitionOf = (v: unknown): KeywordCompetition | null =>
  v === 'LOW' || v === 'MEDIUM' || v === 'HIGH' ? (v.toLowerCase() as KeywordCompetition) : null;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Finds the answer row of each sent keyword: by the exact case-insensitive key, else by the loose key when
 * exactly one sent keyword and one answered keyword share it.
 */
function matcher<R>(sent: readonly string[], rows: readonly { keyword: string; row: R }[]) {
  const exact = new Map<string, R>();
  const loose = new Map<string, R[]>();
  for (const { keyword, row } of rows) {
    const key = keyOf(keyword);
    if (!exact.has(key)) exact.set(key, row);
    const list = loose.get(looseKeyOf(keyword)) ?? [];
    list.push(row);
    loose.set(looseKeyOf(keyword), list);
  }
  const sentLoose = new Map<string, number>();
  for (const k of sent) sentLoose.set(looseKeyOf(k), (sentLoose.get(looseKeyOf(k)) ?? 0) + 1);
  return (keyword: string): R | undefined => {
    const hit = exact.get(keyOf(keyword));
    if (hit !== undefined) return hit;
    const candidates = loose.get(looseKeyOf(keyword));
    return candidates?.length === 1 && sentLoose.get(looseKeyOf(keyword)) === 1 ? candidates[0] : undefined;
  };
}

export class DataForSeoClient {
  readonly #config: Required<DataForSeoConfig>;

  constructor(config: DataForSeoConfig) {
    if (!config.login || !config.password) {
      throw new IntegrationError(
        'keyword_data',
        'not_configured',
        'The DataForSEO login and password are not set',
      );
    }
    this.#config = {
      login: config.login,
      password: config.password,
      baseUrl: checkBaseUrl('keyword_data', 'DataForSEO', config.baseUrl || DATAFORSEO_API_URL),
      timeoutMs: config.timeoutMs ?? DATAFORSEO_DEFAULTS.timeoutMs,
      locationCode: config.locationCode ?? DATAFORSEO_DEFAULT_LOCATION_CODE,
    };
  }

  /**
   * One call of DataForSEO's v3 API, answering the result of its (only) task. Any failure, on the request
   * (HTTP status, top-level status_code) or on the task, is an IntegrationError with DataForSEO's message.
   */
  async #call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T[]> {
    const { login, password, baseUrl, timeoutMs } = this.#config;
    const basic = Buffer.from(`${login}:${password}`).toString('base64');
    const secrets = [password, basic];
    const url = `${baseUrl}${path}`;
    const answer = await requestJson({
      integration: 'keyword_data',
      provider: 'DataForSEO',
      url,
      method,
      headers: { authorization: `Basic ${basic}` },
      ...(body === undefined ? {} : { body }),
      timeoutMs,
      secrets,
    });
    const envelope = answer.json as Partial<DataForSeoEnvelope<T>> | null;
    const fail = (code: number | undefined, message: string | undefined) => {
      const text = message?.trim() || `DataForSEO answered HTTP ${answer.status}${code ? ` (${code})` : ''}`;
      return new IntegrationError(
        'keyword_data',
        kindOf(answer.status, code ?? 0),
        redactSecrets(text, secrets),
        {
          status: answer.status,
          providerCode: code === undefined ? undefined : String(code),
          url: displayUrl(url),
        },
      );
    };
    if (!envelope || typeof envelope.status_code !== 'number') throw fail(undefined, undefined);
    if (answer.status >= 400 || envelope.status_code !== 20000) {
      throw fail(envelope.status_code, envelope.status_message);
    }
    const task = envelope.tasks?.[0];
    if (task && task.status_code !== 20000) throw fail(task.status_code, task.status_message);
    return task?.result ?? [];
  }

  /** `GET /v3/appendix/user_data`: proves the credentials and answers the login and balance. */
  async userData(): Promise<KeywordDataAccount> {
    const [result] = await this.#call<UserDataResult>('GET', '/v3/appendix/user_data');
    const balance = result?.money?.balance;
    return {
      login: typeof result?.login === 'string' ? result.login : this.#config.login,
      balance: typeof balance === 'number' ? balance : null,
    };
  }

  /**
   * Search volume, competition and CPC (Google Ads, `POST /v3/keywords_data/google_ads/search_volume/live`)
   * and keyword difficulty (DataForSEO Labs, `POST /v3/dataforseo_labs/google/bulk_keyword_difficulty/live`)
   * of each keyword, in the input's order. The location is `opts.locationCode`, else the config's
   * `locationCode`, else 2840 (United States).
   *
   * - Both endpoints take at most 1000 keywords per task: longer inputs are sent in batches of 1000, each
   *   batch to search_volume then to bulk_keyword_difficulty, one request at a time (Google Ads live
   *   allows only a few requests a minute).
   * - A keyword Google Ads refuses (empty, over 80 characters or over 10 words) is not sent and answers
   *   all-null metrics; one under 3 characters is not sent to keyword difficulty (DataForSEO Labs' rule).
   * - Keywords are matched case-insensitively (DataForSEO answers them in lower case); duplicates are
   *   sent once. A keyword DataForSEO answered nothing for has null metrics: nothing is ever estimated.
   * - Any failed request (HTTP, request or task status) throws its IntegrationError: no partial answer.
   */
  async keywordMetrics(keywords: string[], opts: KeywordMetricsOptions): Promise<KeywordMetrics[]> {
    const location_code = opts.locationCode ?? this.#config.locationCode;
    const language_code = opts.languageCode;
    const sendable: string[] = [];
    const seen = new Set<string>();
    for (const keyword of keywords) {
      const clean = cleanKeyword(keyword);
      if (!withinAdsLimits(clean) || seen.has(keyOf(clean))) continue;
      seen.add(keyOf(clean));
      sendable.push(clean);
    }

    const found = new Map<string, Metrics>();
    for (const batch of chunks(sendable, DATAFORSEO_KEYWORD_LIMITS.perTask)) {
      const rows = await this.#call<SearchVolumeRow>(
        'POST',
        '/v3/keywords_data/google_ads/search_volume/live',
        [{ keywords: batch, location_code, language_code }],
      );
      const forDifficulty = batch.filter((k) => k.length >= DATAFORSEO_KEYWORD_LIMITS.difficultyMinChars);
      const difficulty =
        forDifficulty.length === 0
          ? []
          : await this.#call<KeywordDifficultyResult>(
              'POST',
              '/v3/dataforseo_labs/google/bulk_keyword_difficulty/live',
              [{ keywords: forDifficulty, location_code, language_code }],
            );
      const volumeOf = matcher(
        batch,
        rows.flatMap((row) => (typeof row?.keyword === 'string' ? [{ keyword: row.keyword, row }] : [])),
      );
      const askedDifficulty = new Set(forDifficulty);
      const difficultyOf = matcher(
        forDifficulty,
        difficulty
          .flatMap((result) => result?.items ?? [])
          .flatMap((item) =>
            typeof item?.keyword === 'string' ? [{ keyword: item.keyword, row: item }] : [],
          ),
      );
      for (const keyword of batch) {
        const row = volumeOf(keyword);
        const item = askedDifficulty.has(keyword) ? difficultyOf(keyword) : undefined;
        found.set(keyOf(keyword), {
          searchVolume: finite(row?.search_volume),
          competition: competitionOf(row?.competition),
          competitionIndex: finite(row?.competition_index),
          cpc: finite(row?.cpc),
          keywordDifficulty: finite(item?.keyword_difficulty),
        });
      }
    }
    return keywords.map((keyword) => ({ keyword, ...(found.get(keyOf(keyword)) ?? NO_METRICS) }));
  }
}
