import { sql, type Kysely } from 'kysely';

/**
 * WordPress creation from a domain: a site provisioned on Blogfleet's hosting target keeps its full
 * credentials (admin, application and database passwords) as one AES-256-GCM encrypted JSON, shown to
 * its creator once (credentials_shown_at) and revealed later only by an audited admin action.
 * A domain points at no more than one site.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sites')
    .addColumn('hosted_here', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('credentials_ciphertext', 'text')
    .addColumn('credentials_shown_at', 'timestamptz')
    .execute();
  await sql`CREATE UNIQUE INDEX sites_domain_id_key ON sites (domain_id) WHERE domain_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS sites_domain_id_key`.execute(db);
  await db.schema
    .alterTable('sites')
    .dropColumn('credentials_shown_at')
    .dropColumn('credentials_ciphertext')
    .dropColumn('hosted_here')
    .execute();
}
