import { sql, type DbHandle } from '@blogfleet/db';
import type { FastifyInstance } from 'fastify';

export async function healthPlugin(app: FastifyInstance, dbHandle: DbHandle) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (req, reply) => {
    try {
      await sql`SELECT 1`.execute(dbHandle.db);
      return { status: 'ready', database: dbHandle.kind };
    } catch (err) {
      req.log.warn({ err }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', database: dbHandle.kind });
    }
  });
}
