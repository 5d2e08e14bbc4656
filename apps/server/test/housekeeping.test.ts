import { randomUUID } from 'node:crypto';
import { jobKind, runInternalJob } from '@blogfleet/api';
import { sql } from '@blogfleet/db';
import { startTestApp, type TestApp } from '@blogfleet/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const DAY = 24 * 3600 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('housekeeping (maintenance jobs)', () => {
  it('removes what nobody can use and keeps what still matters', async () => {
    const u = await t.createUser();
    const session = (overrides: Record<string, unknown>) => ({
      user_id: u.id,
      family_id: randomUUID(),
      token_hash: randomUUID(),
      expires_at: new Date(Date.now() + DAY),
      ...overrides,
    });
    const expired = session({ expires_at: ago(1000) });
    const revokedLongAgo = session({ revoked_at: ago(2 * DAY) });
    // Still needed: presenting this spent token again must revoke its family.
    const rotated = session({ rotated_at: ago(20 * DAY) });
    await t.db.insertInto('sessions').values([expired, revokedLongAgo, rotated]).execute();
    await t.db
      .insertInto('login_attempts')
      .values([
        { email: 'old@x.test', ip: '10.0.0.1', succeeded: false, created_at: ago(2 * DAY) },
        { email: 'new@x.test', ip: '10.0.0.1', succeeded: false },
      ])
      .execute();
    const oldJob = await t.db
      .insertInto('jobs')
      .values({ kind: 'test.old', status: 'completed', finished_at: ago(100 * DAY) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recentJob = await t.db
      .insertInto('jobs')
      .values({ kind: 'test.recent', status: 'failed', finished_at: ago(DAY) })
      .returning('id')
      .executeTakeFirstOrThrow();

    const result = await runInternalJob(t.deps, jobKind('maintenance.prune')!, {
      id: randomUUID(),
      retryCount: 0,
      retryLimit: 0,
      data: {},
    });
    expect(result).toMatchObject({ sessions: 2, jobs: 1 });
    const hashes = (await t.db.selectFrom('sessions').select('token_hash').execute()).map(
      (r) => r.token_hash,
    );
    expect(hashes).toContain(rotated.token_hash);
    expect(hashes).not.toContain(expired.token_hash);
    expect(hashes).not.toContain(revokedLongAgo.token_hash);
    const emails = (await t.db.selectFrom('login_attempts').select('email').execute()).map((r) => r.email);
    expect(emails).toContain('new@x.test');
    expect(emails).not.toContain('old@x.test');
    const jobIds = (await t.db.selectFrom('jobs').select('id').execute()).map((r) => r.id);
    expect(jobIds).toContain(recentJob.id);
    expect(jobIds).not.toContain(oldJob.id);
  });

  it('folds counter deltas into totals without changing any total', async () => {
    await t.createUser();
    const token = (await t.login()).accessToken;
    const before = (await t.rest('GET', 'users/stats', { token })).body.data;
    const { n: pending } = (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM stat_deltas`.execute(t.db)
    ).rows[0]!;
    expect(pending).toBeGreaterThan(0);
    const result = await runInternalJob(t.deps, jobKind('maintenance.compact-counters')!, {
      id: randomUUID(),
      retryCount: 0,
      retryLimit: 0,
      data: {},
    });
    expect(result).toEqual({ deltas: pending });
    const { n: left } = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM stat_deltas`.execute(t.db))
      .rows[0]!;
    expect(left).toBe(0);
    expect((await t.rest('GET', 'users/stats', { token })).body.data).toEqual(before);
  });
});
