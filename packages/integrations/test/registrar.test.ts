import { afterEach, describe, expect, it } from 'vitest';
import { IntegrationError } from '@blogfleet/integrations/errors';
import { createRegistrar } from '@blogfleet/integrations/registrar';
import { startPorkbunTestServer, type PorkbunTestServer } from '@blogfleet/integrations/registrar/testing';

const servers: PorkbunTestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setup() {
  const server = await startPorkbunTestServer({ yourIp: '203.0.113.7' });
  servers.push(server);
  return server;
}

async function failure(promise: Promise<unknown>, ...secrets: string[]): Promise<IntegrationError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(IntegrationError);
  const text = JSON.stringify({ m: (err as Error).message, d: (err as IntegrationError).details });
  for (const s of secrets) expect(text).not.toContain(s);
  return err as IntegrationError;
}

describe('Porkbun registrar client', () => {
  it('pings with both keys in the JSON body and answers the caller’s IP', async () => {
    const pb = await setup();
    const registrar = createRegistrar({
      provider: 'porkbun',
      apiKey: pb.apiKey,
      secretApiKey: pb.secretApiKey,
      baseUrl: pb.baseUrl,
    });
    expect(await registrar.ping()).toEqual({ ip: '203.0.113.7' });
    expect(pb.requests).toHaveLength(1);
    expect(pb.requests[0]).toMatchObject({ method: 'POST', path: '/api/json/v3/ping' });
    expect(JSON.parse(pb.requests[0]!.body)).toEqual({ apikey: pb.apiKey, secretapikey: pb.secretApiKey });
  });

  it('refuses wrong keys with Porkbun’s message as unauthorized', async () => {
    const pb = await setup();
    const registrar = createRegistrar({
      provider: 'porkbun',
      apiKey: pb.apiKey,
      secretApiKey: 'sk1_wrong_secret_key_value',
      baseUrl: pb.baseUrl,
    });
    const err = await failure(registrar.ping(), 'sk1_wrong_secret_key_value', pb.apiKey);
    expect(err).toMatchObject({
      integration: 'registrar',
      kind: 'unauthorized',
      message: 'Invalid API key. (002)',
    });
    expect(err.details).toMatchObject({ status: 400, providerCode: 'ERROR' });
  });

  it('maps other Porkbun errors, non-JSON answers and rate limits', async () => {
    const pb = await setup();
    const registrar = createRegistrar({
      provider: 'porkbun',
      apiKey: pb.apiKey,
      secretApiKey: pb.secretApiKey,
      baseUrl: pb.baseUrl,
    });
    pb.failNext(400, { status: 'ERROR', message: 'Domain is not opted in to API access.' });
    expect(await failure(registrar.ping())).toMatchObject({
      kind: 'upstream',
      message: 'Domain is not opted in to API access.',
    });
    pb.failNext(503, '<html>Service Unavailable</html>');
    expect(await failure(registrar.ping())).toMatchObject({
      kind: 'upstream',
      message: 'Porkbun answered HTTP 503 without a JSON body',
    });
    pb.failNext(429, { status: 'ERROR', message: 'Rate limit exceeded.' });
    expect(await failure(registrar.ping())).toMatchObject({ kind: 'rate_limited' });
  });

  it('gives up at its deadline and reports an unreachable host', async () => {
    const pb = await setup();
    pb.hangNext();
    const slow = createRegistrar({
      provider: 'porkbun',
      apiKey: pb.apiKey,
      secretApiKey: pb.secretApiKey,
      baseUrl: pb.baseUrl,
      timeoutMs: 200,
    });
    expect(await failure(slow.ping())).toMatchObject({ kind: 'timeout' });
    const gone = createRegistrar({
      provider: 'porkbun',
      apiKey: 'a',
      secretApiKey: 'b',
      baseUrl: 'http://127.0.0.1:9/api',
    });
    expect(await failure(gone.ping())).toMatchObject({ kind: 'unreachable' });
  });

  it('needs both keys', () => {
    expect(() => createRegistrar({ provider: 'porkbun', apiKey: 'a', secretApiKey: '' })).toThrow(
      expect.objectContaining({ kind: 'not_configured' }),
    );
  });
});

describe('Porkbun registrar: checking, buying and pointing domains', () => {
  async function client(options: Parameters<typeof startPorkbunTestServer>[0] = {}) {
    const pb = await startPorkbunTestServer(options);
    servers.push(pb);
    const registrar = createRegistrar({
      provider: 'porkbun',
      apiKey: pb.apiKey,
      secretApiKey: pb.secretApiKey,
      baseUrl: pb.baseUrl,
      timeoutMs: 2_000,
    });
    return { pb, registrar };
  }

  it('checks a name: available with its first-year price in cents, or not', async () => {
    const { pb, registrar } = await client({ taken: ['google.com'] });
    expect(await registrar.checkDomain('fresh-name.com')).toEqual({
      domain: 'fresh-name.com',
      available: true,
      priceCents: 1099,
      premium: false,
    });
    expect((await registrar.checkDomain('google.com')).available).toBe(false);
    expect(pb.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/json/v3/domain/checkDomain/fresh-name.com',
    });
  });

  it('previews a purchase without charging, telling when the balance is too low', async () => {
    const { pb, registrar } = await client({ balanceCents: 500 });
    const preview = await registrar.previewPurchase('pricey.com', 1099);
    expect(preview).toMatchObject({
      wouldSucceed: false,
      sufficientFunds: false,
      balanceCents: 500,
      costCents: 1099,
    });
    expect(pb.charges).toHaveLength(0);
    expect(pb.balanceCents).toBe(500);
  });

  it('buys once per idempotency key: a retried call answers the first result and charges nothing more', async () => {
    const { pb, registrar } = await client({ balanceCents: 5_000 });
    const first = await registrar.purchase('mine-now.com', 1099, 'key-1');
    expect(first).toMatchObject({ domain: 'mine-now.com', costCents: 1099, balanceCents: 3_901 });
    const again = await registrar.purchase('mine-now.com', 1099, 'key-1');
    expect(again).toEqual(first);
    expect(pb.charges).toHaveLength(1);
    expect(pb.requests.at(-1)!.headers['idempotency-key']).toBe('key-1');
    expect((await registrar.listOwned()).map((d) => d.domain)).toEqual(['mine-now.com']);
  });

  it('reports a refused purchase with Porkbun’s message, and an answer lost after the charge as unreachable', async () => {
    const { pb, registrar } = await client({ balanceCents: 5_000, taken: ['held.com'] });
    const refused = await failure(registrar.purchase('held.com', 1099, 'key-2'), pb.secretApiKey);
    expect(refused.message).toBe('held.com is not available.');
    pb.loseNextCreateAnswer();
    const lost = await failure(registrar.purchase('lost-answer.com', 1099, 'key-3'));
    expect(lost.kind).toBe('unreachable');
    // It was bought all the same: the owned list says so.
    expect((await registrar.listOwned()).map((d) => d.domain)).toContain('lost-answer.com');
    expect(pb.charges).toHaveLength(1);
  });

  it('lists owned domains with their dates, and sets their name servers', async () => {
    const { pb, registrar } = await client();
    await registrar.purchase('pointed.net', 1299, 'key-4');
    const [owned] = await registrar.listOwned();
    expect(owned!.domain).toBe('pointed.net');
    expect(owned!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 360 * 24 * 3600 * 1000);
    await registrar.setNameservers('pointed.net', ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com']);
    expect(pb.owned.get('pointed.net')!.nameservers).toEqual([
      'ada.ns.cloudflare.com',
      'bob.ns.cloudflare.com',
    ]);
    const notOurs = await failure(registrar.setNameservers('other.com', ['a.ns.example']));
    expect(notOurs.message).toBe('other.com is not in your account.');
  });

  it('answers the check rate limit as rate_limited', async () => {
    const { registrar } = await client({ checkLimit: 1 });
    await registrar.checkDomain('one.com');
    expect(await failure(registrar.checkDomain('two.com'))).toMatchObject({ kind: 'rate_limited' });
  });
});
