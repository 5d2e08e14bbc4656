import { sql, type Kysely } from 'kysely';

/**
 * What every agent run leaves (model or `offline`, tokens, wall time, the error of a failed run) and
 * what an idea's review needs: the evaluator's recommendation and reason, the reviewer's note for a
 * rewrite, when it was last reviewed, and the job that wrote it (a repeated attempt writes it once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('agent_decisions')
    .addColumn('model', 'text')
    .addColumn('prompt_tokens', 'integer')
    .addColumn('completion_tokens', 'integer')
    .addColumn('latency_ms', 'integer')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .alterTable('ai_ideas')
    .addColumn('recommendation', 'text')
    .addColumn('evaluation_reason', 'text')
    .addColumn('review_note', 'text')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('job_id', 'uuid')
    .execute();
  await sql`CREATE INDEX ai_ideas_job_idx ON ai_ideas (job_id) WHERE job_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX ai_ideas_created_id_idx ON ai_ideas (created_at, id)`.execute(db);
  await sql`CREATE INDEX ai_ideas_website_created_idx ON ai_ideas (website_id, created_at, id)`.execute(db);
  await sql`CREATE INDEX ai_ideas_status_created_id_idx ON ai_ideas (status, created_at, id)`.execute(db);
  await sql`CREATE INDEX agent_decisions_created_id_idx ON agent_decisions (created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'agent_decisions_created_id_idx',
    'ai_ideas_status_created_id_idx',
    'ai_ideas_website_created_idx',
    'ai_ideas_created_id_idx',
    'ai_ideas_job_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema
    .alterTable('ai_ideas')
    .dropColumn('recommendation')
    .dropColumn('evaluation_reason')
    .dropColumn('review_note')
    .dropColumn('reviewed_at')
    .dropColumn('job_id')
    .execute();
  await db.schema
    .alterTable('agent_decisions')
    .dropColumn('model')
    .dropColumn('prompt_tokens')
    .dropColumn('completion_tokens')
    .dropColumn('latency_ms')
    .dropColumn('error')
    .execute();
}
