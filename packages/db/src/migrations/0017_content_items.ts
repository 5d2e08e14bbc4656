import { sql, type Kysely } from 'kysely';

/**
 * Content management (doc2 §2): a generated piece is kept with the site's draft post (a post) or the
 * WordPress page it became, its meta description and focus keyword, what the SEO checker found, and
 * the job that wrote it (one piece per job, so a repeated attempt does not write it twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('content_items')
    .addColumn('site_post_id', 'integer', (c) => c.references('site_posts.id').onDelete('set null'))
    .addColumn('wp_page_id', 'integer')
    .addColumn('meta_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('focus_keyword', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('keywords', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('seo_checks', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('generator', 'text')
    .addColumn('job_id', 'uuid')
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('content_items_job_key')
    .on('content_items')
    .column('job_id')
    .unique()
    .where(sql.ref('job_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('content_items_site_post_idx')
    .on('content_items')
    .column('site_post_id')
    .execute();
  await db.schema.dropIndex('content_items_created_idx').execute();
  await sql`CREATE INDEX content_items_created_idx ON content_items (created_at, id)`.execute(db);
  await sql`CREATE INDEX content_items_site_created_idx ON content_items (site_id, created_at, id)`.execute(
    db,
  );
  await sql`CREATE INDEX content_items_title_trgm ON content_items USING gin (title gin_trgm_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'content_items_title_trgm',
    'content_items_site_created_idx',
    'content_items_created_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.createIndex('content_items_created_idx').on('content_items').column('created_at').execute();
  await db.schema.dropIndex('content_items_site_post_idx').execute();
  await db.schema.dropIndex('content_items_job_key').execute();
  await db.schema
    .alterTable('content_items')
    .dropColumn('site_post_id')
    .dropColumn('wp_page_id')
    .dropColumn('meta_description')
    .dropColumn('focus_keyword')
    .dropColumn('keywords')
    .dropColumn('seo_checks')
    .dropColumn('generator')
    .dropColumn('job_id')
    .dropColumn('published_at')
    .dropColumn('created_by')
    .execute();
}
