import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'cloudflare';
import { IntegrationError, type IntegrationErrorKind } from '../errors';
import { connectionReason, redactSecrets } from '../http-json';
import type { CloudflareErrorEntry } from './types';

/** Cloudflare codes that mean the credentials themselves were refused, whatever the HTTP status. */
const CREDENTIAL_CODES = new Set([
  1000, // Invalid API Token
  1001, // Invalid token
  6003, // Invalid request headers (a malformed token)
  6111, // Invalid format for Authorization header
  6100, // Invalid or missing X-Auth-Email
  6103, // Invalid format for X-Auth-Key
  9103, // Unknown X-Auth-Key or X-Auth-Email
  9106, // Missing X-Auth-Key, X-Auth-Email or Authorization headers
  9109, // Unauthorized to access requested resource
  10000, // Authentication error
]);

function entries(err: APIError): CloudflareErrorEntry[] {
  const list = (err.errors as unknown as CloudflareErrorEntry[] | undefined) ?? [];
  return list.filter((e) => e && typeof e.message === 'string');
}

/** "Invalid request headers: Invalid format for Authorization header" — Cloudflare's own words. */
function describe(list: CloudflareErrorEntry[]): string | undefined {
  if (list.length === 0) return undefined;
  return list
    .map((e) => {
      const chain = (e.error_chain ?? []).map((c) => c.message).filter(Boolean);
      return chain.length ? `${e.message}: ${chain.join('; ')}` : e.message;
    })
    .join('; ');
}

function kindOf(status: number, codes: number[]): IntegrationErrorKind {
  if (codes.some((c) => CREDENTIAL_CODES.has(c))) return status === 403 ? 'forbidden' : 'unauthorized';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  // Any other refusal is the provider's answer to our request, shown as it is (INTEGRATION_ERROR).
  return 'upstream';
}

/** Any failure of the Cloudflare SDK as an IntegrationError with Cloudflare's message, secrets removed. */
export function toCloudflareError(
  err: unknown,
  ctx: { url: string; timeoutMs: number; secrets: readonly string[] },
): IntegrationError {
  if (err instanceof IntegrationError) return err;
  if (err instanceof APIConnectionTimeoutError || err instanceof APIUserAbortError) {
    return new IntegrationError(
      'cloudflare',
      'timeout',
      `Cloudflare did not answer within ${Math.round(ctx.timeoutMs / 1000)} s (${ctx.url})`,
      { url: ctx.url },
    );
  }
  if (err instanceof APIConnectionError) {
    return new IntegrationError(
      'cloudflare',
      'unreachable',
      redactSecrets(
        `Cloudflare API unreachable at ${ctx.url}: ${connectionReason(err.cause ?? err)}`,
        ctx.secrets,
      ),
      { url: ctx.url },
    );
  }
  if (err instanceof APIError && typeof err.status === 'number') {
    const list = entries(err);
    const codes = list.flatMap((e) => [e.code, ...(e.error_chain ?? []).map((c) => c.code)]);
    const message = describe(list) ?? `Cloudflare answered HTTP ${err.status}`;
    return new IntegrationError(
      'cloudflare',
      kindOf(err.status, codes),
      redactSecrets(message, ctx.secrets),
      {
        status: err.status,
        providerCode: list[0] ? String(list[0].code) : undefined,
        url: ctx.url,
      },
    );
  }
  const message = err instanceof Error ? err.message : String(err);
  return new IntegrationError('cloudflare', 'upstream', redactSecrets(message, ctx.secrets), {
    url: ctx.url,
  });
}
