import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteThreadDialect } from './pglite/dialect';
import { PGliteThread } from './pglite/thread';
import { localNotifier, postgresNotifier, type Notifier } from './notifier';
import { createPool } from './postgres';
import type { Database } from './schema';

export type DbKind = 'pglite' | 'postgres';

/** Raw SQL on Blogfleet's own connections, in the shape pg-boss's `db.executeSql` expects. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /** Runs one statement (with values) or a script of several (without); for pg-boss. */
  executeSql: ExecuteSql;
  /** Messages to every process on this database (e.g. "these sessions were revoked"). */
  notifier: Notifier;
  /** The embedded database's thread (PGlite only), for fault tests. */
  pglite?: PGliteThread;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** A Postgres connection string; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; `memory://` keeps them in memory. */
  dataDir?: string;
  poolSize?: number;
  /** Longest wait for a connection (pool slot, new connection, or the embedded database's one session). */
  connectTimeoutMs?: number;
  /** Postgres cancels a statement that runs longer. */
  statementTimeoutMs?: number;
  /** Told about connections that broke; the database layer carries on without them. */
  onError?: (error: Error, where: string) => void;
}

export const DB_DEFAULTS = { poolSize: 10, connectTimeoutMs: 5_000, statementTimeoutMs: 30_000 } as const;

// Postgres returns bigint (count(*)) as text by default; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** Kysely runs a raw statement with values through its own connection handling (and transactions). */
export function executeSqlOn(db: Pick<Kysely<Database>, 'executeQuery'>): ExecuteSql {
  return async (text, values) => {
    const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
    return { rows: result.rows as Record<string, unknown>[] };
  };
}

export async function createDb(opts: CreateDbOptions): Promise<DbHandle> {
  const connectTimeoutMs = opts.connectTimeoutMs ?? DB_DEFAULTS.connectTimeoutMs;
  if (opts.databaseUrl) {
    const pool = createPool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? DB_DEFAULTS.poolSize,
      connectTimeoutMs,
      statementTimeoutMs: opts.statementTimeoutMs ?? DB_DEFAULTS.statementTimeoutMs,
      onError: opts.onError,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const notifier = postgresNotifier(
      opts.databaseUrl,
      (text, values) => pool.query(text, values),
      opts.onError,
    );
    return {
      db,
      kind: 'postgres',
      notifier,
      // Straight to the pool: a script of several statements needs the simple protocol, which pg uses
      // only for a query without values.
      executeSql: async (text, values) => {
        const r = await (values && values.length > 0 ? pool.query(text, values) : pool.query(text));
        const last = Array.isArray(r) ? r[r.length - 1] : r;
        return { rows: last?.rows ?? [] };
      },
      close: async () => {
        await notifier.close();
        await db.destroy();
      },
    };
  }
  const dataDir = opts.dataDir ?? './data';
  let location = 'memory://';
  if (!dataDir.startsWith('memory://')) {
    location = join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true, mode: 0o700 });
  }
  const thread = new PGliteThread({
    location,
    acquireTimeoutMs: connectTimeoutMs,
    statementTimeoutMs: opts.statementTimeoutMs ?? DB_DEFAULTS.statementTimeoutMs,
    onError: (e) => opts.onError?.(e, 'embedded database thread'),
  });
  await thread.start();
  const db = new Kysely<Database>({ dialect: new PGliteThreadDialect(thread) });
  return {
    db,
    kind: 'pglite',
    notifier: localNotifier(),
    pglite: thread,
    executeSql: (text, values) =>
      thread.withConnection(() =>
        values && values.length > 0 ? thread.query(text, values) : thread.exec(text),
      ),
    close: () => db.destroy(),
  };
}
