import { sql, type Kysely } from 'kysely';

/** The competition level as a number to sort by (unknown first). */
const COMPETITION_RANK = sql`(CASE competition_level WHEN 'low' THEN 1 WHEN 'medium' THEN 2 WHEN 'high' THEN 3 ELSE 0 END)`;

/**
 * Keyword metrics come from a keyword data provider or stay unknown (null), never invented: volume and
 * competition lose their defaults, CPC and keyword difficulty join them. A score set by hand is kept
 * when metrics change; otherwise the server computes it. Indexes for every sort of the list, alone and
 * within one website (the keywords screen is per site), each ending in the id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('keywords')
    .alterColumn('search_volume', (c) => c.dropNotNull())
    .alterColumn('search_volume', (c) => c.dropDefault())
    .alterColumn('competition_level', (c) => c.dropNotNull())
    .alterColumn('competition_level', (c) => c.dropDefault())
    .addColumn('cpc', 'numeric(10, 2)', (c) => c.check(sql`cpc >= 0`))
    .addColumn('keyword_difficulty', 'smallint', (c) => c.check(sql`keyword_difficulty BETWEEN 0 AND 100`))
    .addColumn('metrics_updated_at', 'timestamptz')
    .addColumn('score_set_by_hand', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.dropIndex('keywords_score_idx').execute();
  await db.schema.dropIndex('keywords_created_idx').execute();
  await db.schema.dropIndex('keywords_target_website_idx').execute();
  const sorts: [string, ReturnType<typeof sql>][] = [
    ['created', sql`created_at`],
    ['text', sql`lower(keyword_text)`],
    ['volume', sql`coalesce(search_volume, -1)`],
    ['competition', COMPETITION_RANK],
    ['score', sql`score`],
  ];
  for (const [name, expr] of sorts) {
    await sql`CREATE INDEX ${sql.raw(`keywords_${name}_idx`)} ON keywords (${expr}, id)`.execute(db);
    await sql`CREATE INDEX ${sql.raw(`keywords_website_${name}_idx`)} ON keywords (target_website, ${expr}, id)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['created', 'text', 'volume', 'competition', 'score']) {
    await db.schema.dropIndex(`keywords_${name}_idx`).execute();
    await db.schema.dropIndex(`keywords_website_${name}_idx`).execute();
  }
  await sql`UPDATE keywords SET search_volume = coalesce(search_volume, 0), competition_level = coalesce(competition_level, 'medium')`.execute(
    db,
  );
  await db.schema
    .alterTable('keywords')
    .alterColumn('search_volume', (c) => c.setNotNull())
    .alterColumn('search_volume', (c) => c.setDefault(0))
    .alterColumn('competition_level', (c) => c.setNotNull())
    .alterColumn('competition_level', (c) => c.setDefault('medium'))
    .dropColumn('cpc')
    .dropColumn('keyword_difficulty')
    .dropColumn('metrics_updated_at')
    .dropColumn('score_set_by_hand')
    .execute();
  await db.schema.createIndex('keywords_score_idx').on('keywords').column('score').execute();
  await db.schema.createIndex('keywords_created_idx').on('keywords').column('created_at').execute();
  await db.schema
    .createIndex('keywords_target_website_idx')
    .on('keywords')
    .column('target_website')
    .execute();
}
