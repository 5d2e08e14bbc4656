import { sql, type Kysely } from 'kysely';

/**
 * Whether a keyword group's priority was chosen by someone or follows its score (and the prioritized
 * flag): one that follows is derived again whenever its keywords or their scores change. Groups from
 * before keep the priority they have (counted as chosen).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('keyword_groups')
    .addColumn('priority_set_by_hand', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`UPDATE keyword_groups SET priority_set_by_hand = true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('keyword_groups').dropColumn('priority_set_by_hand').execute();
}
