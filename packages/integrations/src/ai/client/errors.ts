import { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { IntegrationError, type IntegrationErrorDetails, type IntegrationErrorKind } from '../../errors';
import { retryAfterMs, RetryWaitTooLong } from './retry';

export interface ErrorContext {
  /** Base URL without credentials. */
  url: string;
  model: string;
  timeoutMs: number;
  /** Strings that must never reach a message or detail (the API key). */
  secrets: string[];
  /** Whether our own deadline fired (the SDK reports that as a user abort). */
  timedOut: boolean;
}

export function redact(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join('***');
  return out;
}

function kindForStatus(status: number): IntegrationErrorKind {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'upstream';
  return 'invalid';
}

/** The low-level reason of a failed connection (ECONNREFUSED, ENOTFOUND…), searched down the causes. */
function connectionReason(err: unknown): string {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return err instanceof Error ? err.message : String(err);
}

function providerMessage(err: APIError): string | undefined {
  const body = err.error as { message?: unknown } | undefined;
  if (typeof body?.message === 'string' && body.message.trim()) return body.message.trim();
  return undefined;
}

function statusMessage(err: APIError & { status: number }, ctx: ErrorContext): string {
  const own = providerMessage(err);
  switch (kindForStatus(err.status)) {
    case 'unauthorized':
      return own ?? `The AI provider refused the API key (HTTP ${err.status})`;
    case 'not_found':
      // A model the account cannot use names itself; anything else is most often a wrong base URL.
      if (own && (err.code === 'model_not_found' || own.includes(ctx.model))) return own;
      return `${own ?? 'Not found'} (HTTP 404 from ${ctx.url}/chat/completions; check the base URL, which usually ends in /v1, and the model name)`;
    case 'rate_limited':
      return own ?? 'The AI provider is rate limiting requests (HTTP 429)';
    default:
      return own ?? `The AI provider answered HTTP ${err.status}`;
  }
}

/**
 * Every failure of a request as an IntegrationError. The SDK's error is not attached as the cause for
 * HTTP answers: its message and body are the provider's, which may echo the key.
 */
export function toAiError(err: unknown, ctx: ErrorContext): IntegrationError {
  if (err instanceof IntegrationError) return err;
  const base: IntegrationErrorDetails = { url: ctx.url, model: ctx.model };
  if (err instanceof RetryWaitTooLong) {
    const mapped = toAiError(err.original, ctx);
    mapped.details.retryAfterMs = err.waitMs;
    return mapped;
  }
  if (ctx.timedOut || err instanceof APIConnectionTimeoutError || err instanceof APIUserAbortError) {
    return new IntegrationError(
      'ai',
      'timeout',
      `The AI provider did not answer within ${ctx.timeoutMs} ms`,
      base,
    );
  }
  if (err instanceof APIError && err.status === undefined) {
    const reason = redact(connectionReason(err), ctx.secrets);
    return new IntegrationError(
      'ai',
      'unreachable',
      `Could not reach the AI provider at ${ctx.url}: ${reason}`,
      { ...base, reason },
      { cause: err.cause },
    );
  }
  if (err instanceof APIError && err.status !== undefined) {
    const status = err.status as number;
    const details: IntegrationErrorDetails = { ...base, status };
    const code = err.code ?? err.type;
    if (code) details.providerCode = redact(String(code), ctx.secrets);
    if (err.requestID) details.requestId = err.requestID;
    const wait = retryAfterMs(err.headers);
    if (wait !== undefined) details.retryAfterMs = wait;
    const message = redact(statusMessage(err as APIError & { status: number }, ctx), ctx.secrets);
    return new IntegrationError('ai', kindForStatus(status), message, details);
  }
  const message = redact(err instanceof Error ? err.message : String(err), ctx.secrets);
  return new IntegrationError('ai', 'upstream', `The AI request failed: ${message}`, base);
}
