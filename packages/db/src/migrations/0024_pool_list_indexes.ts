import { sql, type Kysely } from 'kysely';

/**
 * The ideas list's keyword filter ignores case, which the GIN index on source_keywords cannot serve:
 * an index on the lower-cased keywords can (a rare keyword among a million ideas was a full scan, and
 * its count the planner's guess of half the table). Posts of one site page by creation time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION lower_keywords(text[]) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
    AS $$ SELECT coalesce(array_agg(lower(k)), '{}') FROM unnest($1) k $$`.execute(db);
  await sql`CREATE INDEX ai_ideas_lower_keywords_gin ON ai_ideas USING gin (lower_keywords(source_keywords))`.execute(
    db,
  );
  await sql`CREATE INDEX ai_posts_website_created_idx ON ai_posts (website_id, created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ai_posts_website_created_idx').execute();
  await db.schema.dropIndex('ai_ideas_lower_keywords_gin').execute();
  await sql`DROP FUNCTION lower_keywords(text[])`.execute(db);
}
