import { startPorkbunTestServer, type PorkbunTestServer } from '@blogfleet/integrations/registrar/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, trpcClient, type RestOptions, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let pb: PorkbunTestServer;
let admin: string;

beforeAll(async () => {
  pb = await startPorkbunTestServer({ balanceCents: 5_000, taken: ['already-held.com'] });
  t = await startTestApp({
    PORKBUN_API_URL: pb.baseUrl,
    JOB_WORKERS: 'true',
    JOB_POLL_INTERVAL_SECONDS: '0.5',
  });
  admin = (await t.login()).accessToken;
});
afterAll(async () => {
  await t?.close();
  await pb?.close();
});

const api = (method: string, path: string, opts: RestOptions = {}) =>
  t.rest(method, path, { token: admin, ...opts });
const add = async (domainName: string) =>
  (await api('POST', 'domains', { body: { domainName, targetWebsite: 'shop.example' } })).body.data
    .domain as {
    id: number;
  };
const row = (id: number) =>
  t.db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const configure = () =>
  api('PUT', 'settings/integrations/registrar', {
    body: { provider: 'porkbun', apiKey: pb.apiKey, secretApiKey: pb.secretApiKey },
  });

describe('POST domains/{id}/purchase', () => {
  it('says where to set up the registrar when nobody has', async () => {
    const d = await add('no-registrar-yet.com');
    const res = await api('POST', `domains/${d.id}/purchase`);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'INTEGRATION_NOT_CONFIGURED',
      details: { integration: 'registrar', settingsPath: '/settings#registrar' },
    });
    expect((await row(d.id)).status).toBe('available');
    expect((await configure()).status).toBe(200);
  });

  it('buys an available domain once: status purchased, registrar, price paid, dates', async () => {
    const d = await add('fresh-buy.com');
    const res = await api('POST', `domains/${d.id}/purchase`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.domain).toMatchObject({ status: 'purchased', registrar: 'porkbun', price: 10.99 });
    const stored = await row(d.id);
    expect(stored.purchased_at).toBeInstanceOf(Date);
    expect(stored.expires_at!.getTime()).toBeGreaterThan(Date.now() + 360 * 24 * 3600 * 1000);
    expect(pb.charges.filter((c) => c.domain === 'fresh-buy.com')).toHaveLength(1);
    // Asked the registrar what it holds, checked the price, previewed, then bought.
    const paths = pb.requests.slice(-4).map((r) => r.path.replace('/api/json/v3', ''));
    expect(paths).toEqual([
      '/domain/listAll',
      '/domain/checkDomain/fresh-buy.com',
      '/domain/create/fresh-buy.com',
      '/domain/create/fresh-buy.com',
    ]);
    expect(JSON.parse(pb.requests.at(-2)!.body).dryRun).toBe(true);

    const again = await api('POST', `domains/${d.id}/purchase`);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'This domain is already purchased',
    });
    expect(pb.charges.filter((c) => c.domain === 'fresh-buy.com')).toHaveLength(1);
  });

  it('refuses with insufficient_balance before anything is charged, then buys once credit is added', async () => {
    const d = await add('costly-name.io');
    const before = pb.charges.length;
    const res = await api('POST', `domains/${d.id}/purchase`);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'PURCHASE_FAILED',
      message: 'Insufficient balance in your account',
      details: { type: 'insufficient_balance', costCents: 3999 },
    });
    expect(pb.charges.length).toBe(before);
    expect((await row(d.id)).status).toBe('available');

    pb.balanceCents += 10_000;
    const retry = await api('POST', `domains/${d.id}/purchase`);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.data.domain.price).toBe(39.99);
  });

  it('two Buy requests at once: one purchase, one charge, and the domain stays purchased', async () => {
    const d = await add('double-click.com');
    const [a, b] = await Promise.all([
      api('POST', `domains/${d.id}/purchase`),
      api('POST', `domains/${d.id}/purchase`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r.status === 400)!.body.error.message).toBe('This domain is already purchased');
    expect((await row(d.id)).status).toBe('purchased');
    expect(pb.charges.filter((c) => c.domain === 'double-click.com')).toHaveLength(1);
  });

  it('marks a name someone else holds as taken, with the reason', async () => {
    const d = await add('already-held.com');
    const res = await api('POST', `domains/${d.id}/purchase`);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'PURCHASE_FAILED',
      message: 'already-held.com is not available for registration',
      details: { type: 'unavailable' },
    });
    expect((await row(d.id)).status).toBe('taken');
  });

  it('never buys twice when an answer was lost: the next attempt finds the domain in the account', async () => {
    const d = await add('lost-in-transit.net');
    pb.loseNextCreateAnswer();
    const first = await api('POST', `domains/${d.id}/purchase`);
    expect(first.status).toBe(502);
    expect(first.body.error.code).toBe('INTEGRATION_ERROR');
    expect((await row(d.id)).status).toBe('available');

    const second = await api('POST', `domains/${d.id}/purchase`);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.domain.status).toBe('purchased');
    expect(pb.charges.filter((c) => c.domain === 'lost-in-transit.net')).toHaveLength(1);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('subject_type', '=', 'domain')
      .where('subject_id', '=', String(d.id))
      .where('action', '=', 'domain.purchase')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ recovered: true });
  });

  it('answers an unknown domain with NOT_FOUND, and works over tRPC', async () => {
    expect((await api('POST', 'domains/999999/purchase')).status).toBe(404);
    const d = await add('typed-purchase.org');
    const client = await trpcClient(t.app, () => admin);
    const { domain } = await client.domains.purchase.mutate({ id: d.id });
    expect(domain.status).toBe('purchased');
  });
});

describe('POST domains/bulk-purchase', () => {
  async function finished(id: string) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const job = (await api('GET', `jobs/${id}`)).body.data.job;
      if (job.status === 'completed' || job.status === 'failed') return job;
      if (Date.now() > deadline) throw new Error(`job did not finish: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('buys each selected domain in a job and names the ones it could not buy, with the reason', async () => {
    pb.balanceCents = 2_500;
    const a = await add('bulk-one.com');
    const b = await add('bulk-two.xyz');
    const c = await add('bulk-three.io');
    const res = await api('POST', 'domains/bulk-purchase', { body: { domainIds: [a.id, b.id, c.id] } });
    expect(res.status).toBe(200);
    expect(res.body.data.job).toMatchObject({
      kind: 'domains.bulk-purchase',
      title: 'Buy 3 domains',
      status: 'pending',
    });
    const job = await finished(res.body.data.job.id);
    expect(job.status).toBe('failed');
    expect(job.error).toBe(
      'Failed to buy some domains: bulk-three.io (Insufficient balance in your account). Bought 2 of 3.',
    );
    expect((await row(a.id)).status).toBe('purchased');
    expect((await row(b.id)).status).toBe('purchased');
    expect((await row(c.id)).status).toBe('available');
    // The audit names the user who started the job.
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'ip'])
      .where('action', '=', 'domain.purchase')
      .where('subject_id', '=', String(a.id))
      .executeTakeFirstOrThrow();
    expect(entry.user_id).not.toBeNull();
    expect(entry.ip).toBe('job');

    pb.balanceCents += 10_000;
    const again = await api('POST', 'domains/bulk-purchase', { body: { domainIds: [a.id, c.id] } });
    const done = await finished(again.body.data.job.id);
    expect(done.status).toBe('completed');
    expect(done.result).toEqual({ bought: ['bulk-one.com', 'bulk-three.io'], missing: 0 });
    expect(pb.charges.filter((ch) => ch.domain.startsWith('bulk-'))).toHaveLength(3);
  });
});
