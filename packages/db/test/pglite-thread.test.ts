import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, isDatabaseUnavailable, sql, type DbHandle } from '@blogfleet/db';
import { afterEach, describe, expect, it } from 'vitest';

const open: { handle: DbHandle; dir?: string }[] = [];
afterEach(async () => {
  for (const { handle, dir } of open.splice(0)) {
    await handle.close().catch(() => undefined);
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
});

async function onDisk(opts: { statementTimeoutMs?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'blogfleet-pglite-'));
  const handle = await createDb({ dataDir: dir, ...opts });
  open.push({ handle, dir });
  await sql`CREATE TABLE t (n int)`.execute(handle.db);
  return handle;
}

const count = async (h: DbHandle) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM t`.execute(h.db)).rows[0]!.n;

describe('the embedded database thread', () => {
  it('never lets a transaction go on, half done, on a replaced thread', async () => {
    const h = await onDisk();
    const failure = await h.db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO t VALUES (1)`.execute(trx);
        await h.pglite!.crashForTest();
        await sql`INSERT INTO t VALUES (2)`.execute(trx);
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    // Neither row: the first died with the old thread's transaction, the second was never run.
    expect(await count(h)).toBe(0);
  });

  it('stops a statement that runs past its time limit and comes back with the data intact', async () => {
    const h = await onDisk({ statementTimeoutMs: 1_000 });
    await sql`INSERT INTO t VALUES (1)`.execute(h.db);
    const started = Date.now();
    const failure = await sql`SELECT pg_sleep(30)`.execute(h.db).then(
      () => null,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(await count(h)).toBe(1);
  });

  it('does not replace a lost in-memory database with an empty one', async () => {
    const handle = await createDb({ dataDir: 'memory://' });
    open.push({ handle });
    await sql`CREATE TABLE t (n int)`.execute(handle.db);
    await handle.pglite!.crashForTest();
    for (let i = 0; i < 2; i++) {
      const failure = await sql`SELECT count(*) FROM t`.execute(handle.db).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(failure)).toBe(true);
    }
  });
  it('refuses as closed a statement that waited for the connection while the database closed', async () => {
    const h = await onDisk();
    const thread = h.pglite!;
    const release = await thread.acquire();
    const closing = h.close();
    // The close waits for the connection first, the statement behind it.
    await new Promise((r) => setImmediate(r));
    const queued = h.executeSql('SELECT 1');
    release();
    const failure = await queued.then(
      () => null,
      (e: unknown) => e,
    );
    await closing;
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect((failure as Error).message).toBe('The database is closed');
  });
});
