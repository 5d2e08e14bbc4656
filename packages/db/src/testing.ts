import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type CreateDbOptions, type DbHandle } from './create-db';

async function adminQuery(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the server named by TEST_DATABASE_URL, for a test that starts its own
 * server process; null when no such server is configured (the caller then uses PGlite).
 */
export async function createTestDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const name = `bf_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A database of its own for one test file: in-memory PGlite by default, or a freshly created
 * database on the server named by TEST_DATABASE_URL, dropped again on close.
 */
export async function createTestDb(
  opts: Omit<CreateDbOptions, 'databaseUrl' | 'dataDir'> = {},
): Promise<DbHandle> {
  const fresh = await createTestDatabaseUrl();
  if (!fresh) return createDb({ ...opts, dataDir: 'memory://' });
  const handle = await createDb({ poolSize: 5, ...opts, databaseUrl: fresh.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await fresh.drop();
    },
  };
}
