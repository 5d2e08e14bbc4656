/**
 * A local server speaking DataForSEO's v3 API for the calls Blogfleet makes (appendix/user_data,
 * keywords_data/google_ads/search_volume/live, dataforseo_labs/google/bulk_keyword_difficulty/live), with
 * its envelope and error bodies (`{status_code, status_message}`; a refused task is a 20000 envelope whose
 * task carries the error, as the real API answers). Loopback only; for tests.
 */
import { startBareTestServer, type RecordedHttpRequest, type TestReply } from '../../test-server';

/** What the server answers for one keyword (the real API's field names). */
export interface DataForSeoTestMetrics {
  search_volume: number | null;
  competition: 'LOW' | 'MEDIUM' | 'HIGH' | null;
  competition_index: number | null;
  cpc: number | null;
  keyword_difficulty: number | null;
}

export interface DataForSeoTestServerOptions {
  login?: string;
  password?: string;
  balance?: number;
  /**
   * Exact answers per keyword (matched in lower case, as DataForSEO lower-cases keywords): the given fields
   * replace those of `dataForSeoTestMetrics`; null answers the keyword with every metric null.
   */
  metrics?: Record<string, Partial<DataForSeoTestMetrics> | null>;
  /** Keywords both endpoints leave out of their answer (no data at all). */
  missing?: string[];
}

export interface DataForSeoTestServer {
  /** The client's base URL (paths start with /v3). */
  url: string;
  login: string;
  password: string;
  requests: RecordedHttpRequest[];
  /** The next request is answered with this HTTP status and DataForSEO status code/message. */
  failNext(httpStatus: number, statusCode: number, statusMessage: string): void;
  /**
   * The next request (to `path`, when given) is answered 200 / 20000 "Ok." with its task refused with this
   * code and message, as DataForSEO refuses a task.
   */
  failNextTask(statusCode: number, statusMessage: string, path?: string): void;
  hangNext(): void;
  close(): Promise<void>;
}

const VERSION = '0.1.20260101';

export const SEARCH_VOLUME_PATH = '/v3/keywords_data/google_ads/search_volume/live';
export const KEYWORD_DIFFICULTY_PATH = '/v3/dataforseo_labs/google/bulk_keyword_difficulty/live';

/** Google Ads' search volume steps (it answers rounded volumes). */
const VOLUMES = [
  10, 20, 30, 40, 50, 70, 90, 110, 140, 170, 210, 260, 320, 390, 480, 590, 720, 880, 1000, 1300, 1600, 1900,
  2400, 2900, 3600, 4400, 5400, 6600, 8100, 9900, 12100, 14800, 18100, 22200, 27100, 33100, 40500, 49500,
  60500, 74000, 90500, 110000, 135000, 165000, 201000, 246000, 301000, 368000, 450000, 550000,
];

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The metrics the server answers for a keyword nobody scripted, derived from a hash of the keyword in lower
 * case, so tests can compute what to expect. The competition level follows the index (0-33 LOW, 34-66
 * MEDIUM, 67-100 HIGH; bands chosen here).
 */
export function dataForSeoTestMetrics(keyword: string): DataForSeoTestMetrics {
  const h = hash(keyword.toLowerCase());
  const index = h % 101;
  return {
    search_volume: VOLUMES[(h >>> 7) % VOLUMES.length]!,
    competition: index <= 33 ? 'LOW' : index <= 66 ? 'MEDIUM' : 'HIGH',
    competition_index: index,
    cpc: Math.round(((h >>> 13) % 2000) + 5) / 100,
    keyword_difficulty: (h >>> 21) % 101,
  };
}

export const dataForSeoFailure = (
  httpStatus: number,
  statusCode: number,
  statusMessage: string,
): TestReply => ({
  status: httpStatus,
  body: {
    version: VERSION,
    status_code: statusCode,
    status_message: statusMessage,
    time: '0.0012 sec.',
    cost: 0,
    tasks_count: 0,
    tasks_error: 0,
    tasks: null,
  },
});

const UNAUTHORIZED = () =>
  dataForSeoFailure(
    401,
    40100,
    'You are not authorized to access this resource. See your login details here: https://app.dataforseo.com/api-access',
  );

let taskSeq = 0;
const taskId = () => `11221108-0000-0000-0000-${String(++taskSeq).padStart(12, '0')}`;

/** The 200 envelope around one task, done or refused (a refused task costs nothing and has no result). */
function envelope(
  path: string,
  data: Record<string, unknown>,
  outcome: { result: unknown[]; cost: number } | { code: number; message: string },
): TestReply {
  const ok = 'result' in outcome;
  const cost = ok ? outcome.cost : 0;
  return {
    status: 200,
    body: {
      version: VERSION,
      status_code: 20000,
      status_message: 'Ok.',
      time: '0.0345 sec.',
      cost,
      tasks_count: 1,
      tasks_error: ok ? 0 : 1,
      tasks: [
        {
          id: taskId(),
          status_code: ok ? 20000 : outcome.code,
          status_message: ok ? 'Ok.' : outcome.message,
          time: '0.0100 sec.',
          cost,
          result_count: ok ? outcome.result.length : 0,
          path: path.split('/').filter(Boolean),
          data,
          result: ok ? outcome.result : null,
        },
      ],
    },
  };
}

interface KeywordTask {
  keywords: string[];
  location_code: number | undefined;
  language_code: string | undefined;
  data: Record<string, unknown>;
}

type Refusal = { code: number; message: string };

const invalidField = (field: string, why?: string): Refusal => ({
  code: 40501,
  message: `Invalid Field: '${field}'.${why ? ` ${why}` : ''}`,
});

/**
 * Reads a live task as DataForSEO validates it: one task in a JSON array (40000 / 40503 otherwise),
 * `keywords` a non-empty array of at most 1000 strings (40501), and the location and language codes
 * (40501; required on DataForSEO Labs, optional on Google Ads).
 */
function readTask(
  body: string,
  opts: { api: string; fn: string; se: Record<string, string>; locationRequired: boolean },
): KeywordTask | Refusal {
  let tasks: unknown;
  try {
    tasks = JSON.parse(body);
  } catch {
    return { code: 40503, message: 'POST Data Is Invalid.' };
  }
  if (!Array.isArray(tasks) || tasks.length === 0 || typeof tasks[0] !== 'object' || tasks[0] === null) {
    return { code: 40503, message: 'POST Data Is Invalid.' };
  }
  if (tasks.length > 1) return { code: 40000, message: 'You can set only one task at a time.' };
  const task = tasks[0] as Record<string, unknown>;
  const { keywords, location_code, language_code } = task;
  if (!Array.isArray(keywords) || keywords.length === 0 || keywords.some((k) => typeof k !== 'string')) {
    return invalidField('keywords');
  }
  if (keywords.length > 1000) {
    // The documented limit; DataForSEO's exact wording for it is not documented.
    return invalidField('keywords', 'The maximum number of keywords is 1000.');
  }
  if (
    (location_code !== undefined || opts.locationRequired) &&
    !(Number.isInteger(location_code) && (location_code as number) > 0)
  ) {
    return invalidField('location_code');
  }
  if (
    (language_code !== undefined || opts.locationRequired) &&
    !(typeof language_code === 'string' && /^[a-z]{2,3}(-[a-z]{2,4})?$/i.test(language_code))
  ) {
    return invalidField('language_code');
  }
  return {
    keywords: keywords as string[],
    location_code: location_code as number | undefined,
    language_code: language_code as string | undefined,
    data: { api: opts.api, function: opts.fn, ...opts.se, ...task },
  };
}

export async function startDataForSeoTestServer(
  options: DataForSeoTestServerOptions = {},
): Promise<DataForSeoTestServer> {
  const login = options.login ?? 'api@blogfleet.test';
  const password = options.password ?? 'dfs-test-password-0000';
  const failures: TestReply[] = [];
  const taskFailures: (Refusal & { path?: string })[] = [];
  const scripted = new Map(
    Object.entries(options.metrics ?? {}).map(([k, v]) => [k.toLowerCase(), v] as const),
  );
  const missing = new Set((options.missing ?? []).map((k) => k.toLowerCase()));

  /** The answer for a keyword (as DataForSEO answers it, in lower case), or null when it has no data. */
  const metricsOf = (keyword: string): DataForSeoTestMetrics | null => {
    if (missing.has(keyword)) return null;
    const script = scripted.get(keyword);
    if (script === null) {
      return {
        search_volume: null,
        competition: null,
        competition_index: null,
        cpc: null,
        keyword_difficulty: null,
      };
    }
    return { ...dataForSeoTestMetrics(keyword), ...script };
  };

  const searchVolume = (task: KeywordTask): TestReply => {
    // Google Ads refuses the whole task for one keyword it does not take.
    const tooLong = task.keywords.find((k) => k.length > 80 || k.trim().split(/\s+/).length > 10);
    if (tooLong !== undefined) {
      return envelope(
        SEARCH_VOLUME_PATH,
        task.data,
        invalidField('keywords', `Keyword text exceeds the allowed limit: '${tooLong}'.`),
      );
    }
    const rows = task.keywords.flatMap((original) => {
      const keyword = original.toLowerCase();
      const m = metricsOf(keyword);
      if (!m) return [];
      const bid = m.cpc === null ? null : Math.round(m.cpc * 60) / 100;
      return [
        {
          keyword,
          spell: null,
          location_code: task.location_code ?? null,
          language_code: task.language_code ?? null,
          search_partners: false,
          competition: m.competition,
          competition_index: m.competition_index,
          search_volume: m.search_volume,
          low_top_of_page_bid: bid,
          high_top_of_page_bid: m.cpc === null ? null : Math.round(m.cpc * 180) / 100,
          cpc: m.cpc,
          monthly_searches:
            m.search_volume === null
              ? null
              : Array.from({ length: 12 }, (_, i) => ({
                  year: 2025,
                  month: 12 - i,
                  search_volume: m.search_volume,
                })),
        },
      ];
    });
    // Google Ads answers in its own order (by relevance), not the order asked.
    rows.reverse();
    return envelope(SEARCH_VOLUME_PATH, task.data, { result: rows, cost: 0.075 });
  };

  const keywordDifficulty = (task: KeywordTask): TestReply => {
    const short = task.keywords.find((k) => k.length < 3);
    if (short !== undefined) {
      // The docs say each keyword should be at least 3 characters; the wording here is ours.
      return envelope(
        KEYWORD_DIFFICULTY_PATH,
        task.data,
        invalidField('keywords', `Keyword text is too short: '${short}'.`),
      );
    }
    const items = task.keywords.flatMap((original) => {
      const keyword = original.toLowerCase();
      const m = metricsOf(keyword);
      return m ? [{ se_type: 'google', keyword, keyword_difficulty: m.keyword_difficulty }] : [];
    });
    const result = [
      {
        se_type: 'google',
        location_code: task.location_code,
        language_code: task.language_code,
        total_count: items.length,
        items_count: items.length,
        items,
      },
    ];
    return envelope(KEYWORD_DIFFICULTY_PATH, task.data, {
      result,
      cost: Math.round((0.01 + 0.0001 * task.keywords.length) * 10000) / 10000,
    });
  };

  const bare = await startBareTestServer((req) => {
    const failure = failures.shift();
    if (failure) return failure;
    const match = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const given = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
    if (given !== `${login}:${password}`) return UNAUTHORIZED();
    const taskFailure = taskFailures.findIndex((f) => f.path === undefined || f.path === req.path);
    if (taskFailure >= 0) return envelope(req.path, {}, taskFailures.splice(taskFailure, 1)[0]!);
    if (req.method === 'GET' && req.path === '/v3/appendix/user_data') {
      return {
        status: 200,
        body: {
          version: VERSION,
          status_code: 20000,
          status_message: 'Ok.',
          time: '0.0345 sec.',
          cost: 0,
          tasks_count: 1,
          tasks_error: 0,
          tasks: [
            {
              id: taskId(),
              status_code: 20000,
              status_message: 'Ok.',
              time: '0.0100 sec.',
              cost: 0,
              result_count: 1,
              path: ['v3', 'appendix', 'user_data'],
              data: { api: 'appendix', function: 'user_data' },
              result: [
                {
                  login,
                  timezone: 'UTC',
                  rates: { limits: { day: { total: 200000 }, minute: { total: 2000 } } },
                  money: { total: 50, balance: options.balance ?? 42.5, limits: {}, statistics: {} },
                },
              ],
            },
          ],
        },
      };
    }
    if (req.method === 'POST' && req.path === SEARCH_VOLUME_PATH) {
      const task = readTask(req.body, {
        api: 'keywords_data',
        fn: 'search_volume',
        se: { se: 'google_ads' },
        locationRequired: false,
      });
      return 'code' in task ? envelope(req.path, {}, task) : searchVolume(task);
    }
    if (req.method === 'POST' && req.path === KEYWORD_DIFFICULTY_PATH) {
      const task = readTask(req.body, {
        api: 'dataforseo_labs',
        fn: 'bulk_keyword_difficulty',
        se: { se_type: 'google' },
        locationRequired: true,
      });
      return 'code' in task ? envelope(req.path, {}, task) : keywordDifficulty(task);
    }
    return dataForSeoFailure(404, 40400, 'Not Found.');
  });

  return {
    url: bare.url,
    login,
    password,
    requests: bare.requests,
    failNext(httpStatus, statusCode, statusMessage) {
      failures.push(dataForSeoFailure(httpStatus, statusCode, statusMessage));
    },
    failNextTask(statusCode, statusMessage, path) {
      taskFailures.push({ code: statusCode, message: statusMessage, path });
    },
    hangNext: bare.hangNext,
    close: bare.close,
  };
}
