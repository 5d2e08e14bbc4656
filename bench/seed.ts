import type { DbHandle } from '@blogfleet/db';
import { sql } from '@blogfleet/db';
import { hashPassword } from '../packages/api/src/services/passwords';

const DOMAINS = ['example.com', 'mail.test', 'acme.dev', 'fleet.io', 'blog.net'];

/** `user00001`…: a search for `user01` matches user01000–user01999, a tenth of them. */
export function username(i: number): string {
  return `user${String(i).padStart(5, '0')}`;
}

/** Inserts `count` users in multi-row batches, all with one precomputed argon2 hash. */
export async function seedUsers(db: DbHandle['db'], count: number, batchSize = 1000): Promise<void> {
  const passwordHash = await hashPassword('bench-password-1');
  const start = Date.now();
  for (let from = 1; from <= count; from += batchSize) {
    const rows = [];
    for (let i = from; i < Math.min(from + batchSize, count + 1); i++) {
      // Distinct, increasing creation times so the ORDER BY created_at has real work to do.
      const createdAt = new Date(start - (count - i) * 60_000);
      rows.push({
        username: username(i),
        email: `${username(i)}@${DOMAINS[i % DOMAINS.length]}`,
        password_hash: passwordHash,
        role: 'user' as const,
        status: i % 10 === 0 ? ('inactive' as const) : ('active' as const),
        created_at: createdAt,
        updated_at: createdAt,
      });
    }
    await db.insertInto('users').values(rows).execute();
  }
  // Fresh statistics so the planner sees 10k rows, as it would on a long-lived database.
  await sql`ANALYZE users`.execute(db);
}
