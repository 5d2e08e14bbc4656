import { sql, type Kysely } from 'kysely';

/**
 * The sites list: an index for every sort and filter it offers, each ending in the id that breaks ties
 * (the domain filter, part of a name, uses the trigram index of 0002; the counters are 0006's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'sites_status_idx',
    'sites_language_idx',
    'sites_domain_name_idx',
    'sites_created_idx',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
  }
  await sql`CREATE INDEX sites_created_id_idx ON sites (created_at, id)`.execute(db);
  await sql`CREATE INDEX sites_title_id_idx ON sites (lower(site_title), id)`.execute(db);
  await sql`CREATE INDEX sites_domain_name_id_idx ON sites (lower(domain_name), id)`.execute(db);
  await sql`CREATE INDEX sites_status_created_id_idx ON sites (status, created_at, id)`.execute(db);
  await sql`CREATE INDEX sites_status_id_idx ON sites (status, id)`.execute(db);
  await sql`CREATE INDEX sites_language_created_id_idx ON sites (targeted_language, created_at, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'sites_created_id_idx',
    'sites_title_id_idx',
    'sites_domain_name_id_idx',
    'sites_status_created_id_idx',
    'sites_status_id_idx',
    'sites_language_created_id_idx',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
  }
  await sql`CREATE INDEX sites_status_idx ON sites (status, created_at)`.execute(db);
  await sql`CREATE INDEX sites_language_idx ON sites (targeted_language)`.execute(db);
  await sql`CREATE INDEX sites_domain_name_idx ON sites (domain_name)`.execute(db);
  await sql`CREATE INDEX sites_created_idx ON sites (created_at)`.execute(db);
}
