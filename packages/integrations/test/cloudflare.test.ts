import { afterEach, describe, expect, it } from 'vitest';
import { IntegrationError } from '@blogfleet/integrations/errors';
import { verifyCloudflareToken } from '@blogfleet/integrations/cloudflare';
import {
  startCloudflareTestServer,
  type CloudflareTestServer,
  type CloudflareTestServerOptions,
} from '@blogfleet/integrations/cloudflare/testing';

const servers: CloudflareTestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(opts: CloudflareTestServerOptions = {}) {
  const s = await startCloudflareTestServer(opts);
  servers.push(s);
  return s;
}

/** The IntegrationError a promise rejects with; the token never appears in it. */
async function refusal(promise: Promise<unknown>, token: string): Promise<IntegrationError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(IntegrationError);
  expect(JSON.stringify({ m: (err as Error).message, d: (err as IntegrationError).details })).not.toContain(
    token,
  );
  return err as IntegrationError;
}

describe('Cloudflare token verification (official SDK against the test server)', () => {
  it('accepts an active user token and sends it as a bearer token', async () => {
    const cf = await server({ tokens: { 'user-token-1111': { id: 'tok1', owner: 'user' } } });
    const check = await verifyCloudflareToken({ apiToken: 'user-token-1111', baseUrl: cf.baseUrl });
    expect(check).toEqual({ tokenId: 'tok1', status: 'active', owner: 'user', expiresOn: null });
    expect(cf.requests.map((r) => r.path)).toEqual(['/client/v4/user/tokens/verify']);
    expect(cf.requests[0]!.headers.authorization).toBe('Bearer user-token-1111');
  });

  it('verifies an account-owned token at its account endpoint', async () => {
    const cf = await server({ tokens: { 'acct-token-2222': { id: 'tok2', owner: 'account' } } });
    const check = await verifyCloudflareToken({
      apiToken: 'acct-token-2222',
      accountId: cf.accountId,
      baseUrl: cf.baseUrl,
    });
    expect(check.owner).toBe('account');
    expect(cf.requests.map((r) => r.path)).toEqual([
      '/client/v4/user/tokens/verify',
      `/client/v4/accounts/${cf.accountId}/tokens/verify`,
    ]);
  });

  it('refuses an unknown token with Cloudflare’s message as unauthorized', async () => {
    const cf = await server();
    const err = await refusal(
      verifyCloudflareToken({ apiToken: 'wrong-token-3333', accountId: cf.accountId, baseUrl: cf.baseUrl }),
      'wrong-token-3333',
    );
    expect(err.integration).toBe('cloudflare');
    expect(err.kind).toBe('unauthorized');
    expect(err.message).toBe('Invalid API Token');
    expect(err.details).toMatchObject({ status: 401, providerCode: '1000' });
  });

  it('refuses a malformed token (Cloudflare’s 400 with an error chain) as unauthorized', async () => {
    const cf = await server();
    const err = await refusal(
      verifyCloudflareToken({ apiToken: 'bad token!', baseUrl: cf.baseUrl }),
      'bad token!',
    );
    expect(err.kind).toBe('unauthorized');
    expect(err.message).toBe('Invalid request headers: Invalid format for Authorization header');
  });

  it('refuses a disabled token', async () => {
    const cf = await server({ tokens: { 'old-token-4444': { status: 'disabled' } } });
    const err = await refusal(
      verifyCloudflareToken({ apiToken: 'old-token-4444', baseUrl: cf.baseUrl }),
      'x',
    );
    expect(err.kind).toBe('unauthorized');
    expect(err.message).toBe('The Cloudflare API token is disabled');
  });

  it('passes other Cloudflare failures on as upstream errors with their message', async () => {
    const cf = await server();
    cf.failNext(400, [{ code: 7000, message: 'No route for that URI' }]);
    const err = await refusal(
      verifyCloudflareToken({ apiToken: 'cf-test-token-0000', baseUrl: cf.baseUrl }),
      'x',
    );
    expect(err.kind).toBe('upstream');
    expect(err.message).toBe('No route for that URI');
  });

  it('reports an unreachable API and a missed deadline', async () => {
    const cf = await server();
    const url = cf.baseUrl;
    await cf.close();
    servers.splice(0);
    const down = await refusal(verifyCloudflareToken({ apiToken: 'cf-test-token-0000', baseUrl: url }), 'x');
    expect(down.kind).toBe('unreachable');
    expect(down.message).toMatch(/Cloudflare API unreachable at http:\/\/127\.0\.0\.1:\d+\/client\/v4/);

    const slow = await server();
    slow.hangNext();
    slow.hangNext();
    const late = await refusal(
      verifyCloudflareToken({ apiToken: 'cf-test-token-0000', baseUrl: slow.baseUrl, timeoutMs: 200 }),
      'x',
    );
    expect(late.kind).toBe('timeout');
  });

  it('refuses to start without a token or with a bad base URL', async () => {
    await expect(verifyCloudflareToken({ apiToken: '' })).rejects.toMatchObject({ kind: 'not_configured' });
    await expect(verifyCloudflareToken({ apiToken: 't', baseUrl: 'ftp://x' })).rejects.toMatchObject({
      kind: 'invalid',
    });
  });
});
