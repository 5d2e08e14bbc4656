import { WordPressError, type WordPressErrorCode } from '../errors';

/** What the HTTP layer hands back: status, headers and the body (parsed when it is JSON). */
export interface RawResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: unknown;
  isJson: boolean;
  url: string;
}

export interface HttpConfig {
  authHeader: string;
  /** Strings that must never appear in an error message (the password and its Basic token). */
  secrets: string[];
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  maxRetryDelayMs: number;
  fetch: typeof fetch;
}

export interface SendInit {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  /** Whether a retry is safe. Creates (POST to a collection) are not. */
  idempotent: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** POST is an update (safe to repeat) when it targets an item (`/…/{id}`) or the settings. */
export function isIdempotent(method: SendInit['method'], route: string): boolean {
  if (method !== 'POST') return true;
  const path = route.split('?')[0]!.replace(/\/+$/, '');
  return /\/\d+$/.test(path) || /\/wp\/v2\/settings$/.test(path);
}

/** URL without user info (credentials are sent in a header, but a site URL could carry some). */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//');
  }
}

export function redact(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) if (s) out = out.split(s).join('***');
  return out;
}

function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status !== 501 && status !== 505);
}

/** Retry-After in ms (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function backoffMs(cfg: HttpConfig, attempt: number): number {
  const ceiling = Math.min(cfg.maxRetryDelayMs, cfg.retryBaseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
}

function networkReason(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}

async function readBody(res: Response): Promise<{ json: unknown; isJson: boolean }> {
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  if (!text) return { json: undefined, isJson: type.includes('json') };
  try {
    return { json: JSON.parse(text) as unknown, isJson: true };
  } catch {
    return { json: undefined, isJson: false };
  }
}

/**
 * One request with a per-attempt timeout; idempotent requests are retried with exponential backoff +
 * jitter on 429, 5xx and network errors (Retry-After honoured). A timeout is not retried: the caller's
 * budget is `timeoutMs`. HTTP errors are returned, not thrown (see `expectOk`).
 */
export async function send(cfg: HttpConfig, url: string, init: SendInit): Promise<RawResponse> {
  const where = safeUrl(url);
  for (let attempt = 0; ; attempt++) {
    const canRetry = init.idempotent && attempt < cfg.retries;
    let res: Response;
    let body: { json: unknown; isJson: boolean };
    try {
      res = await cfg.fetch(url, {
        method: init.method,
        headers: { Accept: 'application/json', Authorization: cfg.authHeader, ...init.headers },
        body: init.body as RequestInit['body'],
        signal: AbortSignal.timeout(cfg.timeoutMs),
        redirect: 'follow',
      });
      body = await readBody(res);
    } catch (err) {
      if (isTimeout(err)) {
        throw new WordPressError(
          'TIMEOUT',
          `WordPress did not answer ${init.method} ${where} within ${cfg.timeoutMs} ms`,
          { url: where },
          { cause: err },
        );
      }
      if (canRetry) {
        await sleep(backoffMs(cfg, attempt));
        continue;
      }
      throw new WordPressError(
        'UNREACHABLE',
        redact(`Could not reach WordPress at ${where}: ${networkReason(err)}`, cfg.secrets),
        { url: where },
        { cause: err },
      );
    }
    if (canRetry && isRetryableStatus(res.status)) {
      const delay = retryAfterMs(res.headers) ?? backoffMs(cfg, attempt);
      if (delay <= cfg.maxRetryDelayMs) {
        await sleep(delay);
        continue;
      }
    }
    return { status: res.status, headers: res.headers, url: where, ...body };
  }
}

/** Codes with which WordPress says it did not log us in (refused credentials, or none it could use). */
export const CREDENTIALS_REFUSED_CODES = new Set([
  'rest_not_logged_in',
  'incorrect_password',
  'invalid_username',
  'invalid_email',
  'application_passwords_disabled',
]);

function codeFor(status: number, wpCode: string | undefined): WordPressErrorCode {
  if (status === 401 || (wpCode && CREDENTIALS_REFUSED_CODES.has(wpCode))) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status >= 500 || status === 429) return 'UPSTREAM_ERROR';
  return 'INVALID';
}

/** A WordPressError for a non-2xx answer, keeping WordPress's own `code` and `message`. */
export function toError(cfg: HttpConfig, method: string, res: RawResponse): WordPressError {
  const body = (res.json ?? {}) as { code?: unknown; message?: unknown };
  const wpCode = typeof body.code === 'string' ? body.code : undefined;
  const wpMessage = typeof body.message === 'string' && body.message ? body.message : undefined;
  const message = wpMessage ?? `WordPress answered HTTP ${res.status} to ${method} ${res.url}`;
  return new WordPressError(codeFor(res.status, wpCode), redact(message, cfg.secrets), {
    status: res.status,
    wpCode,
    url: res.url,
  });
}

export function expectOk(cfg: HttpConfig, method: string, res: RawResponse): RawResponse {
  if (res.status >= 200 && res.status < 300) {
    if (!res.isJson && res.status !== 204) {
      throw new WordPressError('UPSTREAM_ERROR', `WordPress answered ${method} ${res.url} with non-JSON`, {
        status: res.status,
        url: res.url,
      });
    }
    return res;
  }
  throw toError(cfg, method, res);
}
