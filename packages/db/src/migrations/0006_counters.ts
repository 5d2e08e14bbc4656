import { sql, type Kysely } from 'kysely';
import { countTable, dropCountTable, type CountedTable } from '../counters';

/** Frozen here (a landed migration must not change); later migrations add their own tables. */
const COUNTED_TABLES: CountedTable[] = [
  {
    table: 'users',
    counters: {
      total: 'count(*)',
      'role.admin': `count(*) FILTER (WHERE role = 'admin')`,
      'status.active': `count(*) FILTER (WHERE status = 'active')`,
    },
  },
  {
    table: 'sites',
    counters: { total: 'count(*)', 'status.active': `count(*) FILTER (WHERE status = 'active')` },
  },
  {
    table: 'content_items',
    counters: {
      total: 'count(*)',
      'status.published': `count(*) FILTER (WHERE status = 'published')`,
      'status.pending': `count(*) FILTER (WHERE status = 'pending')`,
      'seo_score.sum': 'coalesce(sum(seo_score), 0)',
      'seo_score.count': 'count(seo_score)',
    },
  },
  { table: 'keyword_groups', counters: { total: 'count(*)' } },
  {
    table: 'keywords',
    counters: {
      total: 'count(*)',
      used: 'count(*) FILTER (WHERE is_used)',
      'score.sum': 'coalesce(sum(score), 0)',
      active: 'count(*) FILTER (WHERE active_site_count > 0)',
    },
  },
];

/**
 * Kept-current counters (see counters.ts) for the totals the dashboard and the lists show, and the
 * indexes that let every users list sort and page without sorting the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stat_totals')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'numeric', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('stat_deltas')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'numeric', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stat_deltas_name_idx').on('stat_deltas').column('name').execute();

  // A keyword is "active" while at least one site uses it; the count is kept on the keyword.
  await db.schema
    .alterTable('keywords')
    .addColumn('active_site_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE keywords k SET active_site_count = s.n
    FROM (SELECT keyword_id, count(*) AS n FROM keyword_sites WHERE status = 'active' GROUP BY keyword_id) s
    WHERE s.keyword_id = k.id`.execute(db);
  // Statement-level, so assigning many keywords at once is one UPDATE of keywords (and one counter delta).
  await sql`CREATE FUNCTION keyword_sites_active_count() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      UPDATE keywords k SET active_site_count = k.active_site_count + d.n
      FROM (SELECT keyword_id, count(*) AS n FROM new_rows WHERE status = 'active' GROUP BY keyword_id) d
      WHERE k.id = d.keyword_id;
    ELSIF TG_OP = 'DELETE' THEN
      UPDATE keywords k SET active_site_count = k.active_site_count - d.n
      FROM (SELECT keyword_id, count(*) AS n FROM old_rows WHERE status = 'active' GROUP BY keyword_id) d
      WHERE k.id = d.keyword_id;
    ELSE
      UPDATE keywords k SET active_site_count = k.active_site_count + d.n
      FROM (
        SELECT keyword_id, sum(n) AS n FROM (
          SELECT keyword_id, 1 AS n FROM new_rows WHERE status = 'active'
          UNION ALL
          SELECT keyword_id, -1 AS n FROM old_rows WHERE status = 'active'
        ) x GROUP BY keyword_id HAVING sum(n) <> 0
      ) d
      WHERE k.id = d.keyword_id;
    END IF;
    RETURN NULL;
  END $$`.execute(db);
  await sql`CREATE TRIGGER keyword_sites_active_count_ins AFTER INSERT ON keyword_sites
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keyword_sites_active_count()`.execute(
    db,
  );
  await sql`CREATE TRIGGER keyword_sites_active_count_upd AFTER UPDATE ON keyword_sites
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
    EXECUTE FUNCTION keyword_sites_active_count()`.execute(db);
  await sql`CREATE TRIGGER keyword_sites_active_count_del AFTER DELETE ON keyword_sites
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keyword_sites_active_count()`.execute(
    db,
  );
  await sql`CREATE FUNCTION keyword_sites_active_reset() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE keywords SET active_site_count = 0 WHERE active_site_count <> 0;
    RETURN NULL;
  END $$`.execute(db);
  await sql`CREATE TRIGGER keyword_sites_active_count_trunc AFTER TRUNCATE ON keyword_sites
    FOR EACH STATEMENT EXECUTE FUNCTION keyword_sites_active_reset()`.execute(db);

  for (const t of COUNTED_TABLES) await countTable(db, t);

  // Every users sort (and the role/status filters) walks an index in order; the id breaks ties.
  await sql`DROP INDEX IF EXISTS users_created_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS users_role_created_idx`.execute(db);
  await sql`CREATE INDEX users_created_id_idx ON users (created_at, id)`.execute(db);
  await sql`CREATE INDEX users_role_created_id_idx ON users (role, created_at, id)`.execute(db);
  await sql`CREATE INDEX users_status_created_id_idx ON users (status, created_at, id)`.execute(db);
  await sql`CREATE INDEX users_last_login_idx ON users (last_login) WHERE last_login IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS users_last_login_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS users_status_created_id_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS users_role_created_id_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS users_created_id_idx`.execute(db);
  await sql`CREATE INDEX users_created_idx ON users (created_at)`.execute(db);
  await sql`CREATE INDEX users_role_created_idx ON users (role, created_at)`.execute(db);
  for (const t of [...COUNTED_TABLES].reverse()) await dropCountTable(db, t.table);
  for (const op of ['ins', 'upd', 'del', 'trunc']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`keyword_sites_active_count_${op}`)} ON keyword_sites`.execute(
      db,
    );
  }
  await sql`DROP FUNCTION IF EXISTS keyword_sites_active_count()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS keyword_sites_active_reset()`.execute(db);
  await db.schema.alterTable('keywords').dropColumn('active_site_count').execute();
  await db.schema.dropTable('stat_deltas').execute();
  await db.schema.dropTable('stat_totals').execute();
}
