import type { Kysely } from 'kysely';

/**
 * Publishing a pool post is claimed on its row before WordPress is asked (a lease, so a crashed
 * publisher does not hold it for ever): the editor's Publish, a bulk publish and the cadence, in any
 * process, never push the same post twice. A site's cadence keeps its last failure to show.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ai_posts').addColumn('publishing_until', 'timestamptz').execute();
  await db.schema.alterTable('sites').addColumn('cadence_error', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sites').dropColumn('cadence_error').execute();
  await db.schema.alterTable('ai_posts').dropColumn('publishing_until').execute();
}
