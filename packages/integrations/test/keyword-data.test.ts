import { afterEach, describe, expect, it } from 'vitest';
import { IntegrationError } from '@blogfleet/integrations/errors';
import { createKeywordDataClient } from '@blogfleet/integrations/keyword-data';
import {
  startDataForSeoTestServer,
  type DataForSeoTestServer,
} from '@blogfleet/integrations/keyword-data/testing';

const servers: DataForSeoTestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setup() {
  const server = await startDataForSeoTestServer({ balance: 12.75 });
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

describe('DataForSEO keyword-data client', () => {
  it('reads user_data with HTTP Basic auth', async () => {
    const dfs = await setup();
    const client = createKeywordDataClient({
      provider: 'dataforseo',
      login: dfs.login,
      password: dfs.password,
      baseUrl: dfs.url,
    });
    expect(await client.userData()).toEqual({ login: dfs.login, balance: 12.75 });
    expect(dfs.requests[0]).toMatchObject({ method: 'GET', path: '/v3/appendix/user_data' });
    expect(dfs.requests[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${dfs.login}:${dfs.password}`).toString('base64')}`,
    );
  });

  it('refuses a wrong password with DataForSEO’s status message as unauthorized', async () => {
    const dfs = await setup();
    const client = createKeywordDataClient({
      provider: 'dataforseo',
      login: dfs.login,
      password: 'wrong-password-5555',
      baseUrl: dfs.url,
    });
    const err = await failure(client.userData(), 'wrong-password-5555');
    expect(err.integration).toBe('keyword_data');
    expect(err.kind).toBe('unauthorized');
    expect(err.message).toMatch(/^You are not authorized to access this resource/);
    expect(err.details).toMatchObject({ status: 401, providerCode: '40100' });
  });

  it('reads failures from status_code even on HTTP 200', async () => {
    const dfs = await setup();
    const client = createKeywordDataClient({
      provider: 'dataforseo',
      login: dfs.login,
      password: dfs.password,
      baseUrl: dfs.url,
    });
    dfs.failNext(200, 40202, 'Rate limit per minute exceeded.');
    expect(await failure(client.userData())).toMatchObject({
      kind: 'rate_limited',
      message: 'Rate limit per minute exceeded.',
    });
    dfs.failNext(402, 40200, 'We had a problem billing your account. Please, check your account’s balance.');
    expect(await failure(client.userData())).toMatchObject({ kind: 'upstream' });
    dfs.failNext(500, 50000, 'Internal Error.');
    expect(await failure(client.userData())).toMatchObject({ kind: 'upstream', message: 'Internal Error.' });
  });

  it('gives up at its deadline', async () => {
    const dfs = await setup();
    dfs.hangNext();
    const client = createKeywordDataClient({
      provider: 'dataforseo',
      login: dfs.login,
      password: dfs.password,
      baseUrl: dfs.url,
      timeoutMs: 200,
    });
    expect(await failure(client.userData(), dfs.password)).toMatchObject({ kind: 'timeout' });
  });
});
