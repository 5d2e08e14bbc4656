import { sql, type Kysely } from 'kysely';
import { countTable, dropCountTable, type CountedTable } from '../counters';

/** Frozen here (a landed migration must not change). */
const DOMAINS: CountedTable = {
  table: 'domains',
  counters: {
    total: 'count(*)',
    'status.available': `count(*) FILTER (WHERE status = 'available')`,
    'status.pending': `count(*) FILTER (WHERE status = 'pending')`,
    'status.approved': `count(*) FILTER (WHERE status = 'approved')`,
    'status.purchased': `count(*) FILTER (WHERE status = 'purchased')`,
    'status.taken': `count(*) FILTER (WHERE status = 'taken')`,
  },
};

/**
 * The domains list: kept-current totals, and an index for every sort and filter it offers, each ending
 * in the id that breaks ties (the unique lower(domain_name) index serves the name sort).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await countTable(db, DOMAINS);
  await sql`DROP INDEX IF EXISTS domains_created_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS domains_status_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS domains_target_website_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS domains_domain_name_idx`.execute(db);
  await sql`CREATE INDEX domains_created_id_idx ON domains (created_at, id)`.execute(db);
  await sql`CREATE INDEX domains_status_created_id_idx ON domains (status, created_at, id)`.execute(db);
  await sql`CREATE INDEX domains_status_id_idx ON domains (status, id)`.execute(db);
  await sql`CREATE INDEX domains_target_created_id_idx ON domains (target_website, created_at, id)`.execute(
    db,
  );
  await sql`CREATE INDEX domains_target_id_idx ON domains (target_website, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'domains_created_id_idx',
    'domains_status_created_id_idx',
    'domains_status_id_idx',
    'domains_target_created_id_idx',
    'domains_target_id_idx',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
  }
  await sql`CREATE INDEX domains_domain_name_idx ON domains (domain_name)`.execute(db);
  await sql`CREATE INDEX domains_status_idx ON domains (status, created_at)`.execute(db);
  await sql`CREATE INDEX domains_target_website_idx ON domains (target_website, created_at)`.execute(db);
  await sql`CREATE INDEX domains_created_idx ON domains (created_at)`.execute(db);
  await dropCountTable(db, DOMAINS.table);
}
