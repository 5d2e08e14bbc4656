import { sql, type Kysely } from 'kysely';

/**
 * Uptime checks of the sites (kept 30 days by housekeeping), the sites' current uptime state, and
 * notifications stored per user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uptime_checks')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('up', 'boolean', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_ms', 'integer', (c) => c.check(sql`response_ms >= 0`))
    .addColumn('error', 'text')
    .execute();
  // A site's history and the list's 7-day figure read (site_id, checked_at) ranges; `up` and the response
  // time ride along so both are index-only scans.
  await sql`CREATE INDEX uptime_checks_site_checked_idx ON uptime_checks (site_id, checked_at) INCLUDE (up, response_ms)`.execute(
    db,
  );
  // Housekeeping removes checks older than 30 days.
  await sql`CREATE INDEX uptime_checks_checked_idx ON uptime_checks (checked_at)`.execute(db);

  await db.schema
    .alterTable('sites')
    .addColumn('uptime_status', 'text', (c) => c.check(sql`uptime_status IN ('up', 'down')`))
    .addColumn('uptime_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uptime_checked_at', 'timestamptz')
    .addColumn('uptime_changed_at', 'timestamptz')
    .addColumn('uptime_response_ms', 'integer')
    .execute();
  // The periodic check picks the active sites whose last check is oldest.
  await sql`CREATE INDEX sites_uptime_due_idx ON sites (uptime_checked_at NULLS FIRST) WHERE status = 'active' AND wp_api_url IS NOT NULL`.execute(
    db,
  );

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text')
    .addColumn('subject_type', 'text')
    .addColumn('subject_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX notifications_user_read_idx ON notifications (user_id, read_at, id DESC)`.execute(
    db,
  );
  // The newest first of a user, read or not.
  await sql`CREATE INDEX notifications_user_id_idx ON notifications (user_id, id DESC)`.execute(db);
  // Housekeeping removes read notifications older than 90 days and any older than a year.
  await sql`CREATE INDEX notifications_created_idx ON notifications (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await sql`DROP INDEX IF EXISTS sites_uptime_due_idx`.execute(db);
  await db.schema
    .alterTable('sites')
    .dropColumn('uptime_status')
    .dropColumn('uptime_failures')
    .dropColumn('uptime_checked_at')
    .dropColumn('uptime_changed_at')
    .dropColumn('uptime_response_ms')
    .execute();
  await db.schema.dropTable('uptime_checks').execute();
}
