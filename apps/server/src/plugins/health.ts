import { sql, type DbHandle } from '@blogfleet/db';
import type { FastifyInstance } from 'fastify';

/** A readiness probe must answer quickly even when the database hangs. */
const READY_TIMEOUT_MS = 2_000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function healthPlugin(app: FastifyInstance, dbHandle: DbHandle) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (req, reply) => {
    try {
      await within(READY_TIMEOUT_MS, sql`SELECT 1`.execute(dbHandle.db));
      return { status: 'ready', database: dbHandle.kind };
    } catch (err) {
      req.log.warn({ err }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', database: dbHandle.kind });
    }
  });
}
