import { sql, type Kysely } from 'kysely';

/**
 * Screenshots as files (full page and thumbnail under DATA_DIR, their URLs here, the history per site)
 * and the performance tests of a site's home page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('site_screenshots')
    .addColumn('thumbnail_url', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('bytes', 'integer')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // 0002's index (site_id, created_at DESC) serves the history and the latest per site; the id breaks ties.
  await sql`DROP INDEX IF EXISTS site_screenshots_site_created_idx`.execute(db);
  await sql`CREATE INDEX site_screenshots_site_created_idx ON site_screenshots (site_id, created_at DESC, id DESC)`.execute(
    db,
  );
  await db.schema
    .createTable('site_performance_tests')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('ttfb_ms', 'integer', (c) => c.notNull().check(sql`ttfb_ms >= 0`))
    .addColumn('fcp_ms', 'integer', (c) => c.check(sql`fcp_ms >= 0`))
    .addColumn('load_ms', 'integer', (c) => c.notNull().check(sql`load_ms >= 0`))
    .addColumn('page_weight_bytes', 'bigint', (c) => c.notNull().check(sql`page_weight_bytes >= 0`))
    .addColumn('request_count', 'integer', (c) => c.notNull().check(sql`request_count >= 0`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX site_performance_tests_site_created_idx ON site_performance_tests (site_id, created_at DESC, id DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_performance_tests').execute();
  await sql`DROP INDEX IF EXISTS site_screenshots_site_created_idx`.execute(db);
  await sql`CREATE INDEX site_screenshots_site_created_idx ON site_screenshots (site_id, created_at DESC)`.execute(
    db,
  );
  await db.schema
    .alterTable('site_screenshots')
    .dropColumn('thumbnail_url')
    .dropColumn('width')
    .dropColumn('height')
    .dropColumn('bytes')
    .dropColumn('created_by')
    .execute();
}
