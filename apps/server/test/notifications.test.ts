/**
 * Notifications stored per user: a job's outcome goes to its creator only (never for a cancelled one),
 * and each user reads, counts and marks only their own.
 */
import { randomUUID } from 'node:crypto';
import {
  enqueueJob,
  jobKind,
  notifyActiveUsers,
  notifyUsers,
  registerJobKinds,
  runInternalJob,
} from '@blogfleet/api';
import { startPorkbunTestServer, type PorkbunTestServer } from '@blogfleet/integrations/registrar/testing';
import { startTestApp, trpcClient, type TestApp } from '@blogfleet/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EFFECTS_TABLE_SQL, testJobKinds } from './support/job-kinds';

registerJobKinds(...testJobKinds);

let t: TestApp;
let pb: PorkbunTestServer;
let adminToken: string;
let adminId: number;
let user: { id: number; token: string };
let other: { id: number; token: string };

beforeAll(async () => {
  pb = await startPorkbunTestServer({ balanceCents: 5_000 });
  t = await startTestApp({
    PORKBUN_API_URL: pb.baseUrl,
    JOB_WORKERS: 'true',
    JOB_POLL_INTERVAL_SECONDS: '0.5',
  });
  await t.dbHandle.executeSql(EFFECTS_TABLE_SQL);
  adminToken = (await t.login()).accessToken;
  adminId = (await t.rest('GET', 'auth/me', { token: adminToken })).body.data.user.id;
  const u = await t.createUser();
  user = { id: u.id, token: (await t.login(u.email, u.password)).accessToken };
  const o = await t.createUser();
  other = { id: o.id, token: (await t.login(o.email, o.password)).accessToken };
});
afterAll(async () => {
  await t?.close();
  await pb?.close();
});

const as = (id: number, role: 'admin' | 'user' = 'user') => ({
  db: t.deps.db,
  queue: t.deps.queue,
  user: { id, role },
});

const mine = async (token: string, query: Record<string, string | number> = {}) => {
  const res = await t.rest('GET', 'notifications', { token, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { notifications: any[]; unread: number };
};

describe('notifications', () => {
  it('tells a job’s creator, and only them, that it completed or failed; a cancelled job tells nobody', async () => {
    const done = await enqueueJob(
      as(user.id),
      'test.steps',
      { steps: 1, stepMs: 0 },
      { subject: 'site', subjectId: 42 },
    );
    expect((await t.waitForJob(done.id, user.token)).status).toBe('completed');
    const failed = await enqueueJob(as(user.id), 'test.flaky', { failures: 0, permanent: true });
    expect((await t.waitForJob(failed.id, user.token)).status).toBe('failed');
    const endless = await enqueueJob(as(user.id), 'test.endless', {});
    for (
      let i = 0;
      i < 40 &&
      (await t.rest('GET', `jobs/${endless.id}`, { token: user.token })).body.data.job.status !== 'running';
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
    expect((await t.rest('POST', `jobs/${endless.id}/cancel`, { token: user.token })).status).toBe(200);
    expect((await t.waitForJob(endless.id, user.token)).status).toBe('cancelled');
    // A retried attempt is not an outcome: only the end is told.
    const flaky = await enqueueJob(as(user.id), 'test.flaky', { failures: 1 });
    expect((await t.waitForJob(flaky.id, user.token)).status).toBe('completed');

    const list = await mine(user.token);
    expect(list.unread).toBe(3);
    expect(list.notifications.map((n) => [n.kind, n.title])).toEqual([
      ['job.completed', 'Done: Test: flaky'],
      ['job.failed', 'Failed: Test: flaky'],
      ['job.completed', 'Done: Test: 1 steps'],
    ]);
    expect(list.notifications[2]).toMatchObject({
      body: 'Completed.',
      link: '/sites/42',
      subject_type: 'job',
      subject_id: done.id,
      read_at: null,
    });
    expect(list.notifications[1].body).toBe('The input can never work');
    // What a client needs to say them in its own language.
    expect(list.notifications.map((n) => n.params)).toEqual([
      { job_kind: 'test.flaky', job_title: 'Test: flaky', job_values: {} },
      {
        job_kind: 'test.flaky',
        job_title: 'Test: flaky',
        job_values: {},
        error: 'The input can never work',
      },
      { job_kind: 'test.steps', job_title: 'Test: 1 steps', job_values: {} },
    ]);
    expect((await mine(adminToken)).notifications).toHaveLength(0);
    expect((await mine(other.token)).notifications).toHaveLength(0);
  });

  it('reads, counts and marks only the caller’s own; another user’s id is 404', async () => {
    const trpc = await trpcClient(t.app, () => user.token);
    expect(await trpc.notifications.unreadCount.query()).toEqual({ unread: 3 });

    const [newest, , oldest] = (await mine(user.token)).notifications;
    const read = await t.rest('POST', `notifications/${oldest.id}/read`, { token: user.token });
    expect(read.status).toBe(200);
    expect(read.body.data.unread).toBe(2);
    expect(read.body.data.notification.read_at).toEqual(expect.any(String));
    // Again: stays read at the same time.
    const again = await t.rest('POST', `notifications/${oldest.id}/read`, { token: user.token });
    expect(again.body.data.notification.read_at).toBe(read.body.data.notification.read_at);

    const unreadOnly = await mine(user.token, { unread_only: 'true' });
    expect(unreadOnly.notifications.map((n) => n.id)).not.toContain(oldest.id);
    expect(unreadOnly.notifications).toHaveLength(2);
    expect((await mine(user.token, { limit: 1 })).notifications.map((n) => n.id)).toEqual([newest.id]);
    expect((await mine(user.token, { before: newest.id })).notifications).toHaveLength(2);

    // Another user's notification is not theirs to see or change.
    const stranger = await t.rest('POST', `notifications/${newest.id}/read`, { token: other.token });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    expect((await t.rest('POST', `notifications/${newest.id}/read`, { token: adminToken })).status).toBe(404);
    expect((await mine(user.token)).notifications.find((n) => n.id === newest.id).read_at).toBeNull();
    await t.rest('POST', 'notifications/read-all', { token: other.token });
    expect((await t.rest('GET', 'notifications/unread-count', { token: user.token })).body.data).toEqual({
      unread: 2,
    });

    const all = await t.rest('POST', 'notifications/read-all', { token: user.token });
    expect(all.body.data).toEqual({ marked: 2, unread: 0 });
    expect((await t.rest('GET', 'notifications/unread-count', { token: user.token })).body.data).toEqual({
      unread: 0,
    });

    const tooMany = await t.rest('GET', 'notifications', { token: user.token, query: { limit: 51 } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('VALIDATION_ERROR');
    expect((await t.rest('GET', 'notifications')).status).toBe(401);
  });

  it('a deleted user’s notifications go with them', async () => {
    await t.db
      .insertInto('notifications')
      .values({ user_id: other.id, kind: 'site.down', title: 'x.com is down', body: '' })
      .execute();
    expect((await t.rest('DELETE', `users/${other.id}`, { token: adminToken })).status).toBe(200);
    const left = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', other.id)
      .execute();
    expect(left).toHaveLength(0);
    expect(adminId).toBeGreaterThan(0);
  });

  it('stores a link only when it is an app path; anything else is no link', async () => {
    const links = [
      '/sites/12',
      '/domains?tab=bought&page=2',
      'https://evil.example/x',
      '//evil.example/x',
      'javascript:alert(1)',
      '/sites/<b>',
      ' /sites/1',
      '',
      null,
    ];
    for (const link of links) {
      await notifyUsers(t.db, [user.id], { kind: 'site.down', title: `link ${String(link)}`, link });
    }
    const stored = await t.db
      .selectFrom('notifications')
      .select('link')
      .where('user_id', '=', user.id)
      .where('title', 'like', 'link %')
      .orderBy('id')
      .execute();
    expect(stored.map((r) => r.link)).toEqual([
      '/sites/12',
      '/domains?tab=bought&page=2',
      ...Array<null>(7).fill(null),
    ]);
    expect(
      await notifyActiveUsers(t.db, { kind: 'site.up', title: 'everyone', link: 'https://x.example' }),
    ).toBe(2);
    const everyone = await t.db
      .selectFrom('notifications')
      .select('link')
      .where('title', '=', 'everyone')
      .execute();
    expect(everyone).toEqual([{ link: null }, { link: null }]);
  });

  it('stores an error cut in the middle of an emoji, or holding NUL, instead of failing the event', async () => {
    // A job's error is cut at 2,000 characters, which can leave half of an emoji at its end.
    const cut = `${'x'.repeat(10)}\ud83d`;
    const failed = {
      kind: 'job.failed' as const,
      title: `Failed: cut ${cut}`,
      body: `nul\u0000 ${cut}`,
      params: { job_kind: 'test.flaky', job_title: 'Test: flaky', error: `nul\u0000 ${cut}`, domains: [cut] },
    };
    expect(await notifyUsers(t.db, [user.id], failed)).toBe(1);
    expect(await notifyActiveUsers(t.db, { ...failed, title: 'cut, everyone' })).toBe(2);
    const theirs = (await mine(user.token)).notifications.filter((n) => n.title.includes('cut'));
    expect(theirs).toHaveLength(2);
    for (const n of theirs) {
      expect(n.body).toBe('nul xxxxxxxxxx\ufffd');
      expect(n.params).toEqual({
        job_kind: 'test.flaky',
        job_title: 'Test: flaky',
        error: 'nul xxxxxxxxxx\ufffd',
        domains: ['xxxxxxxxxx\ufffd'],
      });
    }
    expect(theirs.map((n) => n.title)).toEqual(['cut, everyone', 'Failed: cut xxxxxxxxxx\ufffd']);
  });

  it('tells the buyer of a domain bought directly, once; a bulk purchase tells them through its job only', async () => {
    const token = { token: user.token };
    expect(
      (
        await t.rest('PUT', 'settings/integrations/registrar', {
          token: adminToken,
          body: { provider: 'porkbun', apiKey: pb.apiKey, secretApiKey: pb.secretApiKey },
        })
      ).status,
    ).toBe(200);
    const add = async (domainName: string) =>
      (await t.rest('POST', 'domains', { ...token, body: { domainName, targetWebsite: 'shop.example' } }))
        .body.data.domain.id as number;
    const purchases = async (userId: number) =>
      t.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .where('kind', '=', 'domain.purchased')
        .orderBy('id')
        .execute();

    const id = await add('told-buyer.com');
    const bought = await t.rest('POST', `domains/${id}/purchase`, token);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const mine = await purchases(user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      title: 'Bought told-buyer.com',
      body: 'Bought told-buyer.com.',
      params: { domain: 'told-buyer.com', domains: ['told-buyer.com'], count: 1 },
      link: '/domains',
      subject_type: 'domain',
      subject_id: String(id),
      read_at: null,
    });
    expect(await purchases(adminId)).toHaveLength(0);
    // A refused attempt tells nobody.
    expect((await t.rest('POST', `domains/${id}/purchase`, token)).status).toBe(400);
    expect(await purchases(user.id)).toHaveLength(1);

    const bulkId = await add('told-in-bulk.com');
    const job = await t.rest('POST', 'domains/bulk-purchase', { ...token, body: { domainIds: [bulkId] } });
    expect((await t.waitForJob(job.body.data.job.id, user.token)).status).toBe('completed');
    // The job says what its title names, for the job panel in the user's language.
    expect(job.body.data.job).toMatchObject({ title: 'Buy 1 domains', title_values: { count: 1 } });
    const after = await purchases(user.id);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({
      title: 'Bought told-in-bulk.com',
      subject_type: 'job',
      params: {
        job_kind: 'domains.bulk-purchase',
        job_title: 'Buy 1 domains',
        job_values: { count: 1 },
        domain: 'told-in-bulk.com',
        domains: ['told-in-bulk.com'],
        count: 1,
      },
    });
  });

  it('housekeeping deletes read notifications after 90 days and any after a year', async () => {
    const DAY = 86_400_000;
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    await t.db
      .insertInto('notifications')
      .values(
        [
          { title: 'read, 91 days', created_at: ago(91), read_at: ago(90) },
          { title: 'read, 89 days', created_at: ago(89), read_at: ago(89) },
          { title: 'unread, 91 days', created_at: ago(91), read_at: null },
          { title: 'unread, 366 days', created_at: ago(366), read_at: null },
        ].map((n) => ({ ...n, user_id: adminId, kind: 'site.down', body: '' })),
      )
      .execute();
    const pruned = await runInternalJob(t.deps, jobKind('maintenance.prune')!, {
      id: randomUUID(),
      retryCount: 0,
      retryLimit: 0,
      data: {},
    });
    expect(pruned).toMatchObject({ notifications: 2 });
    const left = await t.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', adminId)
      .where('title', 'like', '%days')
      .orderBy('id')
      .execute();
    expect(left.map((r) => r.title)).toEqual(['read, 89 days', 'unread, 91 days']);
  });
});
