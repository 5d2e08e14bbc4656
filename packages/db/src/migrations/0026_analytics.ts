import { sql, type Kysely } from 'kysely';

/**
 * First-party analytics: the events a site's must-use plugin recorded are pulled incrementally (the
 * cursor is the last event id read) and folded into aggregates at two grains, days ('d') and months
 * ('m'), so a year is read as a dozen month rows plus the days at its edges. Sessions (a visitor's day
 * on a site) are kept a little longer than the plugin keeps its events, so a late pull still counts a
 * bounce or a session's duration once. The fleet's own totals and sources are kept too, so the fleet
 * screen never sums a thousand sites' rows for its trend.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_cursors')
    .addColumn('site_id', 'integer', (c) => c.primaryKey().references('sites.id').onDelete('cascade'))
    .addColumn('last_event_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pulled_at', 'timestamptz')
    .addColumn('events_pulled', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('error_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('analytics_sessions')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('pageviews', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'double precision', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_sessions_pk', ['site_id', 'day', 'visitor'])
    .execute();
  await sql`CREATE INDEX analytics_sessions_day_idx ON analytics_sessions (day)`.execute(db);

  await db.schema
    .createTable('analytics_site_stats')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('grain', 'char(1)', (c) => c.notNull().check(sql`grain IN ('d', 'm')`))
    .addColumn('period', 'date', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pageviews', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sessions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bounces', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_ms', 'double precision', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_site_stats_pk', ['site_id', 'grain', 'period'])
    .execute();
  // The fleet's ranking reads every site's rows of a few periods.
  await sql`CREATE INDEX analytics_site_stats_period_idx ON analytics_site_stats (grain, period, site_id) INCLUDE (visitors, pageviews)`.execute(
    db,
  );

  await db.schema
    .createTable('analytics_page_stats')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('grain', 'char(1)', (c) => c.notNull().check(sql`grain IN ('d', 'm')`))
    .addColumn('period', 'date', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_page_stats_pk', ['site_id', 'grain', 'period', 'path'])
    .execute();
  // Top pages sum a site's views over a range from the index alone (its rows lie all over the table).
  await sql`CREATE INDEX analytics_page_stats_views_idx ON analytics_page_stats (site_id, grain, period, path) INCLUDE (views)`.execute(
    db,
  );

  await db.schema
    .createTable('analytics_source_stats')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('grain', 'char(1)', (c) => c.notNull().check(sql`grain IN ('d', 'm')`))
    .addColumn('period', 'date', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_source_stats_pk', ['site_id', 'grain', 'period', 'source'])
    .execute();

  await db.schema
    .createTable('analytics_fleet_stats')
    .addColumn('grain', 'char(1)', (c) => c.notNull().check(sql`grain IN ('d', 'm')`))
    .addColumn('period', 'date', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pageviews', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sessions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bounces', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_ms', 'double precision', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_fleet_stats_pk', ['grain', 'period'])
    .execute();

  await db.schema
    .createTable('analytics_fleet_sources')
    .addColumn('grain', 'char(1)', (c) => c.notNull().check(sql`grain IN ('d', 'm')`))
    .addColumn('period', 'date', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_fleet_sources_pk', ['grain', 'period', 'source'])
    .execute();

  // A deleted site's rows go with it (cascade); its share of the fleet's rows goes too, first.
  await sql`
    CREATE FUNCTION analytics_forget_site() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE analytics_fleet_stats f
         SET visitors = f.visitors - s.visitors, pageviews = f.pageviews - s.pageviews,
             sessions = f.sessions - s.sessions, bounces = f.bounces - s.bounces,
             duration_ms = f.duration_ms - s.duration_ms
        FROM analytics_site_stats s
       WHERE s.site_id = OLD.id AND f.grain = s.grain AND f.period = s.period;
      UPDATE analytics_fleet_sources f
         SET visitors = f.visitors - s.visitors
        FROM analytics_source_stats s
       WHERE s.site_id = OLD.id AND f.grain = s.grain AND f.period = s.period AND f.source = s.source;
      RETURN OLD;
    END $$`.execute(db);
  await sql`CREATE TRIGGER sites_forget_analytics BEFORE DELETE ON sites FOR EACH ROW EXECUTE FUNCTION analytics_forget_site()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER sites_forget_analytics ON sites`.execute(db);
  await sql`DROP FUNCTION analytics_forget_site()`.execute(db);
  for (const table of [
    'analytics_fleet_sources',
    'analytics_fleet_stats',
    'analytics_source_stats',
    'analytics_page_stats',
    'analytics_site_stats',
    'analytics_sessions',
    'analytics_cursors',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
