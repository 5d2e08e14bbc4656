import { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';

/**
 * Wait the provider asked for: `retry-after-ms` (OpenAI's own), then `Retry-After` in seconds or as an
 * HTTP date. Undefined when absent or unreadable.
 */
export function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * 429 and 5xx are retried, and so is a refused connection (the request never arrived). A timeout is not:
 * `timeoutMs` is the caller's budget, and a model that needed a minute will need it again.
 * A 429 for an exhausted quota will not clear by waiting.
 */
export function isRetryable(err: unknown): boolean {
  if (err instanceof APIConnectionTimeoutError || err instanceof APIUserAbortError) return false;
  if (!(err instanceof APIError)) return false;
  if (err.status === undefined) return true;
  const hint = err.headers?.get('x-should-retry');
  if (hint === 'false') return false;
  if (hint === 'true') return true;
  if (err.status === 429) return err.code !== 'insufficient_quota';
  return err.status === 408 || (err.status >= 500 && err.status !== 501 && err.status !== 505);
}

export interface RetryPolicy {
  maxRetries: number;
  maxRetryWaitMs: number;
}

/** Thrown when the provider asks for a longer wait than the policy allows; carries the original error. */
export class RetryWaitTooLong extends Error {
  constructor(
    readonly original: unknown,
    readonly waitMs: number,
  ) {
    super('retry wait too long');
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function backoffMs(attempt: number, cap: number): number {
  const ceiling = Math.min(cap, 500 * 2 ** attempt);
  return Math.round(ceiling * (0.75 + Math.random() * 0.25));
}

export async function withRetries<T>(policy: RetryPolicy, attempt: () => Promise<T>): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (n >= policy.maxRetries || !isRetryable(err)) throw err;
      const asked = err instanceof APIError ? retryAfterMs(err.headers) : undefined;
      if (asked !== undefined && asked > policy.maxRetryWaitMs) throw new RetryWaitTooLong(err, asked);
      await sleep(asked ?? backoffMs(n, policy.maxRetryWaitMs));
    }
  }
}
