import pg from 'pg';

export interface PoolOptions {
  connectionString: string;
  max: number;
  /** Waiting for a free connection, or opening one, longer than this fails the query. */
  connectTimeoutMs: number;
  /** The server cancels a statement that runs longer (statement_timeout). */
  statementTimeoutMs: number;
  onError?: (error: Error, where: string) => void;
}

/**
 * A pg pool that survives its database: a connection that breaks (server restart, failover,
 * pg_terminate_backend) is logged and dropped instead of crashing the process on an unhandled 'error'
 * event, and the pool opens fresh connections once the database is back. Every wait has a bound.
 */
export function createPool(opts: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: opts.connectionString,
    max: opts.max,
    connectionTimeoutMillis: opts.connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    // A peer that vanished without a word (failover, NAT) is noticed in seconds, not the OS's 2 hours.
    keepAliveInitialDelayMillis: 10_000,
    statement_timeout: opts.statementTimeoutMs,
    idle_in_transaction_session_timeout: Math.max(opts.statementTimeoutMs * 2, 60_000),
    // A half-open socket never answers; the client gives up a little after the server would have.
    query_timeout: opts.statementTimeoutMs + 1_000,
    application_name: 'blogfleet',
  });
  const report = (where: string) => (err: Error) => opts.onError?.(err, where);
  // Idle connections: pg-pool re-emits their errors here and removes them.
  pool.on('error', report('idle connection'));
  // Checked-out connections emit 'error' on the client itself; the query in flight is rejected anyway,
  // and pg-pool discards the client on release because it is no longer queryable.
  pool.on('connect', (client) => {
    client.on('error', report('connection in use'));
    dropWhenItStopsAnswering(client);
  });
  return pool;
}

/**
 * A query that timed out on the client leaves its connection busy with it (half-open after a failover,
 * or a hung server); returned to the pool, that connection would time out every request that gets it.
 * So a connection whose query timed out or whose socket failed is closed, and the pool opens a new one.
 */
function dropWhenItStopsAnswering(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: typeof query }).query = (...args) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (!isBrokenConnection(err)) return;
        (
          client as unknown as { connection?: { stream?: { destroy(): void } } }
        ).connection?.stream?.destroy();
      });
    }
    return result;
  };
}

function isBrokenConnection(err: unknown): boolean {
  const e = err as { message?: string; code?: string };
  return (
    e?.message === 'Query read timeout' ||
    ['ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(e?.code ?? '') ||
    /Connection terminated/.test(e?.message ?? '')
  );
}
