import { sql, type Kysely } from 'kysely';

/**
 * A notification keeps what its text names (the site, the domains bought, the job and why it failed),
 * so each user reads it in the language of their screen; title and body stay the English text that
 * webhooks and REST callers get.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('params').execute();
}
