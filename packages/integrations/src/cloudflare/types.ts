/** Cloudflare's API as the official SDK addresses it. */
export const CLOUDFLARE_API_URL = 'https://api.cloudflare.com/client/v4';

export interface CloudflareConfig {
  /** An API token (user- or account-owned). */
  apiToken: string;
  /** The account the sites' zones live in; needed to verify an account-owned token. */
  accountId?: string;
  /** Default CLOUDFLARE_API_URL; tests point it at the local test server. */
  baseUrl?: string;
  /** Budget of one request (default 15 000 ms). */
  timeoutMs?: number;
}

export interface CloudflareTokenCheck {
  tokenId: string;
  status: 'active';
  /** Whether the token belongs to a user or to the configured account. */
  owner: 'user' | 'account';
  /** When the token stops working, if it expires at all. */
  expiresOn: string | null;
}

/** One entry of Cloudflare's `errors` array. */
export interface CloudflareErrorEntry {
  code: number;
  message: string;
  error_chain?: CloudflareErrorEntry[];
}
