import type { Kysely } from 'kysely';

/** Old login attempts are pruned by age; without this index every prune reads the whole table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('login_attempts_created_idx')
    .on('login_attempts')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('login_attempts_created_idx').ifExists().execute();
}
