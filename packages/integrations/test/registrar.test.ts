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
