import { IntegrationError, type IntegrationErrorKind } from '../errors';
import { checkBaseUrl, displayUrl, kindForHttpStatus, redactSecrets, requestJson } from '../http-json';
import {
  DATAFORSEO_API_URL,
  type DataForSeoConfig,
  type DataForSeoEnvelope,
  type KeywordDataAccount,
} from './types';

export const DATAFORSEO_DEFAULTS = { timeoutMs: 20_000 } as const;

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
    };
  }

  async #get<T>(path: string): Promise<T[]> {
    const { login, password, baseUrl, timeoutMs } = this.#config;
    const basic = Buffer.from(`${login}:${password}`).toString('base64');
    const secrets = [password, basic];
    const url = `${baseUrl}${path}`;
    const answer = await requestJson({
      integration: 'keyword_data',
      provider: 'DataForSEO',
      url,
      method: 'GET',
      headers: { authorization: `Basic ${basic}` },
      timeoutMs,
      secrets,
    });
    const body = answer.json as Partial<DataForSeoEnvelope<T>> | null;
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
    if (!body || typeof body.status_code !== 'number') throw fail(undefined, undefined);
    if (answer.status >= 400 || body.status_code !== 20000) throw fail(body.status_code, body.status_message);
    const task = body.tasks?.[0];
    if (task && task.status_code !== 20000) throw fail(task.status_code, task.status_message);
    return task?.result ?? [];
  }

  /** `GET /v3/appendix/user_data`: proves the credentials and answers the login and balance. */
  async userData(): Promise<KeywordDataAccount> {
    const [result] = await this.#get<UserDataResult>('/v3/appendix/user_data');
    const balance = result?.money?.balance;
    return {
      login: typeof result?.login === 'string' ? result.login : this.#config.login,
      balance: typeof balance === 'number' ? balance : null,
    };
  }
}
