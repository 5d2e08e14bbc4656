import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ensureInitialAdmin, hashPassword } from '@blogfleet/api';
import {
  createDb,
  executeSqlOn,
  migrateToLatest,
  type Database,
  type DbHandle,
  type Notifier,
} from '@blogfleet/db';
import { Kysely } from 'kysely';
import { login } from '@blogfleet/server/testing';
import { benchApp } from './app';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { runLoad } from './load';
import { seedUsers } from './seed';
import { fmt } from './stats';

export const EMBEDDED_USERS = 100_000;
const LOAD = { connections: 20, durationSec: 10, warmupSec: 1 };
const TARGET_MS = 50;

const quietNotifier: Notifier = {
  publish: async () => undefined,
  subscribe: () => () => undefined,
  healthy: () => true,
  close: async () => undefined,
};

/** The old way, as the baseline: PGlite on the server's own thread. */
async function inlinePglite(dir: string): Promise<DbHandle> {
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: 'pglite',
    executeSql: executeSqlOn(db),
    notifier: quietNotifier,
    close: () => db.destroy(),
  };
}

async function measure(handle: DbHandle, admin: { email: string; password: string }) {
  const { app } = await benchApp(handle);
  try {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const headers = { authorization: `Bearer ${(await login(url, admin)).accessToken}` };
    // Lists under load (a search, so each request makes the database work) while /healthz is probed.
    const [list, health] = await Promise.all([
      runLoad({ url: `${url}/api/v1/users?search=ahmet&page=3`, headers, ...LOAD }),
      runLoad({
        url: `${url}/healthz`,
        connections: 1,
        durationSec: LOAD.durationSec,
        warmupSec: LOAD.warmupSec,
      }),
    ]);
    return { list, health };
  } finally {
    await app.close();
  }
}

/** /healthz while the users list is under load on the embedded database: worker thread vs main thread. */
export async function embeddedSection(count = EMBEDDED_USERS): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'blogfleet-bench-pglite-'));
  const admin = { email: 'admin@embedded.bench', password: 'bench-admin-password' };
  try {
    const seeded = await createDb({ dataDir: dir });
    await migrateToLatest(seeded.db);
    await ensureInitialAdmin({ db: seeded.db }, admin);
    const t0 = Date.now();
    await seedUsers(seeded.db, count, await hashPassword('bench-password-1'));
    console.log(`bench: embedded: seeded ${fmt(count)} users in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await seeded.close();

    console.log('bench: embedded: worker thread …');
    const threaded = await createDb({ dataDir: dir });
    const a = await measure(threaded, admin).finally(() => threaded.close());
    console.log('bench: embedded: main thread (baseline) …');
    const inline = await inlinePglite(join(dir, 'pglite'));
    const b = await measure(inline, admin).finally(() => inline.close());

    const row = (name: string, r: Awaited<ReturnType<typeof measure>>) =>
      `| ${name} | ${fmt(r.list.reqPerSec)} | ${fmt(r.list.p99Ms)} | ${fmt(r.health.p99Ms)} | ${fmt(r.health.maxMs)} | ${r.list.failures + r.health.failures} |`;
    return [
      '## Embedded database (PGlite): /healthz while lists are under load',
      '',
      `- Data: ${fmt(count)} users in PGlite on disk; load: \`GET /api/v1/users?search=ahmet&page=3\` with ${LOAD.connections} connections for ${LOAD.durationSec} s, while \`GET /healthz\` is called on 1 connection from another process`,
      '- Baseline in the same run: the same server with PGlite on its own (the only JavaScript) thread, as before',
      '',
      '| PGlite runs on | list req/s | list p99 (ms) | /healthz p99 (ms) | /healthz max (ms) | errors |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      row('a worker thread (now)', a),
      row('the main thread (before)', b),
      '',
      `/healthz max ${fmt(a.health.maxMs)} ms against the ${TARGET_MS} ms target: **${a.health.maxMs <= TARGET_MS ? 'PASS' : 'FAIL'}** (${(a.health.maxMs / Math.max(1, b.health.maxMs)).toFixed(3)} of the baseline's max).`,
      '',
    ].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
