import type { Kysely } from 'kysely';

/**
 * Whether a keyword's assignment to a site was made by hand or came with its keyword groups: taking a
 * group off a site takes off only the keywords no other group on that site (and no hand) still holds.
 * Rows from before count as by hand, so none is taken off that someone may have meant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('keyword_sites')
    .addColumn('by_hand', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('keyword_sites').dropColumn('by_hand').execute();
}
