import { sql, type Kysely } from 'kysely';

/**
 * The WordPress sync engine: what each local post was built from (WordPress's modified time, its terms
 * and featured image) so a push can tell a conflict, and the
 * local versions a conflict set aside (revisions the user can restore).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('site_posts')
    .addColumn('wp_modified_gmt', 'timestamptz')
    .addColumn('category_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('tag_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('featured_media_id', 'integer')
    .addColumn('needs_push', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`CREATE INDEX site_posts_needs_push_idx ON site_posts (site_id) WHERE needs_push OR wp_post_id IS NULL`.execute(
    db,
  );

  await db.schema
    .createTable('site_post_revisions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('site_posts.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason IN ('conflict', 'restored_over')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('scheduled_date', 'timestamptz')
    .addColumn('category_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('tag_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('featured_media_id', 'integer')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('restored_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX site_post_revisions_post_idx ON site_post_revisions (post_id, created_at DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_post_revisions').execute();
  await sql`DROP INDEX IF EXISTS site_posts_needs_push_idx`.execute(db);
  await db.schema
    .alterTable('site_posts')
    .dropColumn('wp_modified_gmt')
    .dropColumn('category_ids')
    .dropColumn('tag_ids')
    .dropColumn('featured_media_id')
    .dropColumn('needs_push')
    .execute();
}
