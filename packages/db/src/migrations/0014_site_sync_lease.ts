import type { Kysely } from 'kysely';

/**
 * One pull, push or sync of a site at a time, across processes: a lease on the site's row (taken with a
 * conditional update, given back at the end, expiring by itself if its process dies). A held database
 * connection would not do: sync-all runs more sites at once than the pool has connections.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sites')
    .addColumn('sync_lease_id', 'text')
    .addColumn('sync_lease_until', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sites').dropColumn('sync_lease_id').dropColumn('sync_lease_until').execute();
}
