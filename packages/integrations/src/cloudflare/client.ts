import Cloudflare, { APIError } from 'cloudflare';
import { IntegrationError } from '../errors';
import { checkBaseUrl, displayUrl } from '../http-json';
import { toCloudflareError } from './errors';
import { CLOUDFLARE_API_URL, type CloudflareConfig, type CloudflareTokenCheck } from './types';

export const CLOUDFLARE_DEFAULTS = { timeoutMs: 15_000 } as const;

interface Resolved {
  apiToken: string;
  accountId: string | undefined;
  baseUrl: string;
  timeoutMs: number;
}

export function resolve(config: CloudflareConfig): Resolved {
  if (!config.apiToken)
    throw new IntegrationError('cloudflare', 'not_configured', 'The Cloudflare API token is not set');
  return {
    apiToken: config.apiToken,
    accountId: config.accountId?.trim() || undefined,
    baseUrl: checkBaseUrl('cloudflare', 'Cloudflare', config.baseUrl || CLOUDFLARE_API_URL),
    timeoutMs: config.timeoutMs ?? CLOUDFLARE_DEFAULTS.timeoutMs,
  };
}

/**
 * The official SDK, with every credential given explicitly: the SDK would otherwise pick up
 * CLOUDFLARE_API_KEY / CLOUDFLARE_EMAIL / CLOUDFLARE_BASE_URL from the server's environment.
 */
export function createCloudflareClient(config: CloudflareConfig): Cloudflare {
  const r = resolve(config);
  return new Cloudflare({
    apiToken: r.apiToken,
    apiKey: null,
    apiEmail: null,
    userServiceKey: null,
    baseURL: r.baseUrl,
    timeout: r.timeoutMs,
    maxRetries: 1,
  });
}

const refusedCredentials = (err: unknown) =>
  err instanceof APIError && (err.status === 400 || err.status === 401 || err.status === 403);

/**
 * Proves the token: `GET /user/tokens/verify` for a user token, and for an account-owned token (which
 * that endpoint refuses) `GET /accounts/{account_id}/tokens/verify`. A disabled or expired token is
 * refused as `unauthorized`.
 */
export async function verifyCloudflareToken(config: CloudflareConfig): Promise<CloudflareTokenCheck> {
  const r = resolve(config);
  const client = createCloudflareClient(config);
  const ctx = { url: displayUrl(r.baseUrl), timeoutMs: r.timeoutMs, secrets: [r.apiToken] };
  let owner: CloudflareTokenCheck['owner'] = 'user';
  let result;
  try {
    result = await client.user.tokens.verify();
  } catch (userErr) {
    if (!r.accountId || !refusedCredentials(userErr)) throw toCloudflareError(userErr, ctx);
    try {
      result = await client.accounts.tokens.verify({ account_id: r.accountId });
      owner = 'account';
    } catch (accountErr) {
      // Both refused: the user endpoint's answer is the one that describes the token.
      throw toCloudflareError(refusedCredentials(accountErr) ? userErr : accountErr, ctx);
    }
  }
  if (result.status !== 'active') {
    throw new IntegrationError('cloudflare', 'unauthorized', `The Cloudflare API token is ${result.status}`, {
      url: ctx.url,
    });
  }
  return { tokenId: result.id, status: 'active', owner, expiresOn: result.expires_on ?? null };
}
