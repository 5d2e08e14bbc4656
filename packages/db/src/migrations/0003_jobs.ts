import { sql, type Kysely } from 'kysely';

/**
 * Jobs on pg-boss: our `jobs` table stays the record the UI reads; pg-boss (schema `pgboss`, created by
 * pg-boss itself at start-up) delivers and retries. Adds `cancelled`, the input, the retry policy and
 * time limit the job ran under, a title for the job panel, and indexes for "my recent and unfinished".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_status_check`.execute(db);
  await sql`ALTER TABLE jobs ADD CONSTRAINT jobs_status_check
    CHECK (status IN ('pending', 'running', 'completed', 'failed', 'cancelled'))`.execute(db);
  await db.schema
    .alterTable('jobs')
    .addColumn('title', 'text')
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('time_limit_seconds', 'integer', (c) => c.notNull().defaultTo(300))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX jobs_created_by_created_idx ON jobs (created_by, created_at DESC)`.execute(db);
  await sql`CREATE INDEX jobs_unfinished_idx ON jobs (created_at) WHERE status IN ('pending', 'running')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS jobs_unfinished_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS jobs_created_by_created_idx`.execute(db);
  await db.schema
    .alterTable('jobs')
    .dropColumn('title')
    .dropColumn('payload')
    .dropColumn('max_attempts')
    .dropColumn('time_limit_seconds')
    .dropColumn('updated_at')
    .execute();
  await sql`UPDATE jobs SET status = 'failed' WHERE status = 'cancelled'`.execute(db);
  await sql`ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_status_check`.execute(db);
  await sql`ALTER TABLE jobs ADD CONSTRAINT jobs_status_check
    CHECK (status IN ('pending', 'running', 'completed', 'failed'))`.execute(db);
  await sql`DROP SCHEMA IF EXISTS pgboss CASCADE`.execute(db);
}
