import { randomBytes } from 'node:crypto';
import { createDb, sql, type DbHandle } from '@blogfleet/db';
import pg from 'pg';

export interface BenchDb {
  handle: DbHandle;
  url: string | null;
  /** What RESULTS.md says about the database. */
  label: string;
}

/** The Postgres server the bench uses, if any. */
export const benchServerUrl = () => process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || null;

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function serverVersion(handle: DbHandle): Promise<string> {
  const { rows } = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(handle.db);
  return rows[0]?.v ?? 'unknown';
}

/** A fresh database on the configured Postgres server (dropped by `close`), or PGlite in memory. */
export async function openBenchDb(poolSize = 10): Promise<BenchDb> {
  const serverUrl = benchServerUrl();
  if (!serverUrl) {
    const handle = await createDb({ dataDir: 'memory://' });
    return {
      handle,
      url: null,
      label: `PGlite in memory (PostgreSQL ${await serverVersion(handle)}); no BENCH_DATABASE_URL set, so **not the issue's target setup** (the targets are for PostgreSQL)`,
    };
  }
  const name = `bf_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // The server's own defaults (pool, timeouts): seeding runs in batches that fit them.
  const handle = await createDb({ databaseUrl: url.toString(), poolSize });
  const version = await serverVersion(handle);
  return {
    handle: {
      ...handle,
      close: async () => {
        await handle.close();
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    },
    url: url.toString(),
    label: `PostgreSQL ${version} at ${url.host} (a fresh database for the run, dropped after it)`,
  };
}
