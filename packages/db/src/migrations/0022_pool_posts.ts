import { sql, type Kysely } from 'kysely';

/**
 * A content pool post knows the site's post it was published as, the job that wrote it (one post per
 * promotion, a repeated attempt reuses it), and who promoted it; the posts list pages by creation time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ai_posts')
    .addColumn('site_post_id', 'integer', (c) => c.references('site_posts.id').onDelete('set null'))
    .addColumn('job_id', 'uuid')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`CREATE UNIQUE INDEX ai_posts_job_key ON ai_posts (job_id) WHERE job_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX ai_posts_created_id_idx ON ai_posts (created_at, id)`.execute(db);
  await sql`CREATE INDEX ai_posts_status_created_id_idx ON ai_posts (status, created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['ai_posts_status_created_id_idx', 'ai_posts_created_id_idx', 'ai_posts_job_key']) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema
    .alterTable('ai_posts')
    .dropColumn('site_post_id')
    .dropColumn('job_id')
    .dropColumn('created_by')
    .execute();
}
