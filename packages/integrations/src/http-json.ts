import { IntegrationError, type IntegrationName } from './errors';

/** Replaces every occurrence of the given secrets, so no message or detail ever carries one. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join('***');
  return out;
}

/** The low-level reason of a failed connection (ECONNREFUSED, ENOTFOUND…), searched down the causes. */
export function connectionReason(err: unknown): string {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return err instanceof Error ? err.message : String(err);
}

/** A base URL as it may be shown: no user info, no query. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    u.search = '';
    return u.toString().replace(/\/+$/, '');
  } catch {
    return '(invalid URL)';
  }
}

/** Checks a configured base URL before anything is sent (a refusal is `invalid`: our input). */
export function checkBaseUrl(integration: IntegrationName, label: string, baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new IntegrationError(integration, 'invalid', `The ${label} API URL is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new IntegrationError(
      integration,
      'invalid',
      `The ${label} API URL must start with http:// or https://`,
    );
  }
  return url.toString().replace(/\/+$/, '');
}

export interface JsonRequest {
  integration: IntegrationName;
  /** The provider's name in messages ("Porkbun"). */
  provider: string;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  /** Never to appear in a message or detail. */
  secrets: readonly string[];
}

export interface JsonAnswer {
  status: number;
  /** The parsed body, or null when it was not JSON. */
  json: unknown;
  text: string;
}

/**
 * One HTTP request with a deadline. Network failures become `unreachable`, a missed deadline `timeout`;
 * any HTTP answer is returned for the provider's own mapping.
 */
export async function requestJson(req: JsonRequest): Promise<JsonAnswer> {
  const shown = displayUrl(req.url);
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(req.url, {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: AbortSignal.timeout(req.timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new IntegrationError(
        req.integration,
        'timeout',
        `${req.provider} did not answer within ${Math.round(req.timeoutMs / 1000)} s (${shown})`,
        { url: shown },
      );
    }
    throw new IntegrationError(
      req.integration,
      'unreachable',
      redactSecrets(`${req.provider} API unreachable at ${shown}: ${connectionReason(err)}`, req.secrets),
      { url: shown },
    );
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    const name = (err as { name?: string }).name;
    throw new IntegrationError(
      req.integration,
      name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable',
      `${req.provider} broke off its answer (${shown})`,
      { url: shown, status: res.status },
    );
  }
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json, text };
}

/** HTTP statuses every provider means the same way. */
export function kindForHttpStatus(status: number) {
  if (status === 401) return 'unauthorized' as const;
  if (status === 403) return 'forbidden' as const;
  if (status === 404) return 'not_found' as const;
  if (status === 408) return 'timeout' as const;
  if (status === 429) return 'rate_limited' as const;
  return 'upstream' as const;
}
