import { sql, type Kysely } from 'kysely';

/**
 * One unfinished job of a kind per subject (one WordPress creation per domain at a time): two clicks or
 * two processes racing to start the same work get one job, the database decides.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNIQUE INDEX jobs_active_subject_key ON jobs (kind, subject, subject_id)
    WHERE status IN ('pending', 'running') AND subject IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS jobs_active_subject_key`.execute(db);
}
