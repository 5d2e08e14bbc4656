import type { DbHandle } from '@blogfleet/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { listUsers } from '../packages/api/src/services/users';

interface ListQuery {
  page?: string;
  limit?: string;
  search?: string;
}

/**
 * The baseline: a minimal Fastify instance (no auth, no validation, no envelope) that runs the very
 * service function behind users.list, so the ratios measure only what tRPC, REST and auth add.
 */
export async function startBareTarget(db: DbHandle['db']): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  app.get<{ Querystring: ListQuery }>('/users', (req) =>
    listUsers(
      { db },
      { page: Number(req.query.page ?? 1), limit: Number(req.query.limit ?? 10), search: req.query.search },
    ),
  );
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: address };
}
