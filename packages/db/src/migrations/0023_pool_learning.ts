import { sql, type Kysely } from 'kysely';

/**
 * Learning from editors: feedback recorded from an editor's action is marked implicit; an idea knows the
 * run that wrote it (that run's outcome is the share of its ideas editors approved); a post knows when
 * it was assigned to its site (the publishing cadence takes the oldest first); a site may publish a
 * number of its assigned posts a week.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('feedback')
    .addColumn('implicit', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('ai_ideas')
    .addColumn('decision_id', 'integer', (c) => c.references('agent_decisions.id').onDelete('set null'))
    .execute();
  await sql`CREATE INDEX ai_ideas_decision_idx ON ai_ideas (decision_id) WHERE decision_id IS NOT NULL`.execute(
    db,
  );
  await db.schema.alterTable('ai_posts').addColumn('assigned_at', 'timestamptz').execute();
  await sql`CREATE INDEX ai_posts_site_status_idx ON ai_posts (website_id, status, assigned_at, id)`.execute(
    db,
  );
  await sql`CREATE INDEX ai_posts_group_idx ON ai_posts (keyword_group_id, created_at, id)`.execute(db);
  await sql`CREATE INDEX agent_decisions_idea_idx ON agent_decisions (related_idea_id) WHERE related_idea_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX agent_decisions_post_idx ON agent_decisions (related_post_id) WHERE related_post_id IS NOT NULL`.execute(
    db,
  );
  await db.schema
    .alterTable('sites')
    .addColumn('posts_per_week', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`posts_per_week BETWEEN 0 AND 50`),
    )
    .addColumn('cadence_published_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'agent_decisions_post_idx',
    'agent_decisions_idea_idx',
    'ai_posts_group_idx',
    'ai_posts_site_status_idx',
    'ai_ideas_decision_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema
    .alterTable('sites')
    .dropColumn('posts_per_week')
    .dropColumn('cadence_published_at')
    .execute();
  await db.schema.alterTable('ai_posts').dropColumn('assigned_at').execute();
  await db.schema.alterTable('ai_ideas').dropColumn('decision_id').execute();
  await db.schema.alterTable('feedback').dropColumn('implicit').execute();
}
