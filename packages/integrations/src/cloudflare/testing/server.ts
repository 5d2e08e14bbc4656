/**
 * A local server speaking the part of Cloudflare's v4 API that Blogfleet's client uses (token
 * verification), with Cloudflare's envelope and error bodies. Loopback only; for tests.
 */
import { startBareTestServer, type RecordedHttpRequest, type TestReply } from '../../test-server';
import type { CloudflareErrorEntry } from '../types';

export interface CloudflareTestToken {
  id?: string;
  status?: 'active' | 'disabled' | 'expired';
  /** A user token verifies at /user/tokens/verify; an account token only at its account's endpoint. */
  owner?: 'user' | 'account';
  /** For account tokens (default: the server's accountId). */
  accountId?: string;
  expiresOn?: string;
}

export interface CloudflareTestServerOptions {
  /** Known tokens (default: `cf-test-token-0000`, an active user token). */
  tokens?: Record<string, CloudflareTestToken>;
  /** Default account id of account tokens. */
  accountId?: string;
}

export interface CloudflareTestServer {
  url: string;
  /** `url` + `/client/v4`: the client's base URL. */
  baseUrl: string;
  accountId: string;
  requests: RecordedHttpRequest[];
  addToken(token: string, info?: CloudflareTestToken): void;
  /** The next request is answered with this status and Cloudflare error entries. */
  failNext(status: number, errors: CloudflareErrorEntry[]): void;
  hangNext(): void;
  close(): Promise<void>;
}

const envelope = (result: unknown, messages: unknown[] = []) => ({
  success: true,
  errors: [],
  messages,
  result,
});

export const cloudflareFailure = (status: number, errors: CloudflareErrorEntry[]): TestReply => ({
  status,
  body: { success: false, errors, messages: [], result: null },
});

const INVALID_TOKEN = () => cloudflareFailure(401, [{ code: 1000, message: 'Invalid API Token' }]);

export async function startCloudflareTestServer(
  options: CloudflareTestServerOptions = {},
): Promise<CloudflareTestServer> {
  const accountId = options.accountId ?? '0123456789abcdef0123456789abcdef';
  const tokens = new Map<string, CloudflareTestToken>(
    Object.entries(options.tokens ?? { 'cf-test-token-0000': { owner: 'user' } }),
  );
  const failures: TestReply[] = [];
  let nextId = 1;
  const idOf = (info: CloudflareTestToken) => (info.id ??= `token${String(nextId++).padStart(4, '0')}`);

  const verified = (info: CloudflareTestToken): TestReply => ({
    status: 200,
    body: envelope(
      {
        id: idOf(info),
        status: info.status ?? 'active',
        ...(info.expiresOn ? { expires_on: info.expiresOn } : {}),
      },
      [{ code: 10000, message: 'This API Token is valid and active', type: null }],
    ),
  });

  const bare = await startBareTestServer((req) => {
    const failure = failures.shift();
    if (failure) return failure;
    const auth = req.headers.authorization;
    const match = auth ? /^Bearer ([A-Za-z0-9_-]+)$/.exec(auth) : null;
    if (!match) {
      return cloudflareFailure(400, [
        {
          code: 6003,
          message: 'Invalid request headers',
          error_chain: [{ code: 6111, message: 'Invalid format for Authorization header' }],
        },
      ]);
    }
    const info = tokens.get(match[1]!);
    if (req.method === 'GET' && req.path === '/client/v4/user/tokens/verify') {
      if (!info || (info.owner ?? 'user') !== 'user') return INVALID_TOKEN();
      return verified(info);
    }
    const account = /^\/client\/v4\/accounts\/([^/]+)\/tokens\/verify$/.exec(req.path);
    if (req.method === 'GET' && account) {
      if (!info || info.owner !== 'account' || (info.accountId ?? accountId) !== account[1])
        return INVALID_TOKEN();
      return verified(info);
    }
    return cloudflareFailure(404, [
      {
        code: 7003,
        message: 'Could not route to ' + req.path + ', perhaps your object identifier is invalid?',
      },
    ]);
  });

  return {
    url: bare.url,
    baseUrl: `${bare.url}/client/v4`,
    accountId,
    requests: bare.requests,
    addToken(token, info = {}) {
      tokens.set(token, info);
    },
    failNext(status, errors) {
      failures.push(cloudflareFailure(status, errors));
    },
    hangNext: bare.hangNext,
    close: bare.close,
  };
}
