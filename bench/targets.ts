import type { DbHandle } from '@blogfleet/db';
import { sql } from '@blogfleet/db';
import Fastify, { type FastifyInstance } from 'fastify';

interface ListQuery {
  page?: string;
  limit?: string;
  search?: string;
}

/**
 * The baseline: a minimal Fastify instance (no auth, no validation, no plugins) that runs the
 * same Kysely query as listUsers in packages/api/src/services/users.ts and returns the same data.
 */
export async function startBareTarget(db: DbHandle['db']): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  app.get<{ Querystring: ListQuery }>('/users', async (req) => {
    const page = Number(req.query.page ?? 1);
    const limit = Number(req.query.limit ?? 10);
    let query = db.selectFrom('users');
    if (req.query.search) {
      const pattern = `%${req.query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb('username', 'ilike', pattern), eb('email', 'ilike', pattern)]));
    }
    const rows = await query
      .selectAll()
      .select(sql<number>`count(*) OVER ()`.as('total_count'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    const total = Number(rows[0]?.total_count ?? 0);
    return {
      users: rows.map(({ password_hash: _hash, total_count: _count, ...user }) => user),
      pagination: { page, limit, total },
    };
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: address };
}
