import { sql, type Kysely } from 'kysely';

/** The priority as a number to sort by (high first when descending). */
const PRIORITY_RANK = sql`(CASE priority WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END)`;

/**
 * The keyword groups list: an index for each sort, alone and after each filter (status, priority), each
 * ending in the id. The group's score and keyword count are derived from its members when read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('keyword_groups_status_idx').execute();
  await db.schema.dropIndex('keyword_groups_priority_idx').execute();
  await db.schema.dropIndex('keyword_groups_created_idx').execute();
  const sorts: [string, ReturnType<typeof sql>][] = [
    ['created', sql`created_at`],
    ['name', sql`lower(name)`],
    ['priority', PRIORITY_RANK],
    ['status', sql`status`],
  ];
  for (const [name, expr] of sorts) {
    await sql`CREATE INDEX ${sql.raw(`keyword_groups_${name}_idx`)} ON keyword_groups (${expr}, id)`.execute(
      db,
    );
    if (name !== 'status') {
      await sql`CREATE INDEX ${sql.raw(`keyword_groups_status_${name}_idx`)} ON keyword_groups (status, ${expr}, id)`.execute(
        db,
      );
    }
    if (name !== 'priority') {
      await sql`CREATE INDEX ${sql.raw(`keyword_groups_priority_${name}_idx`)} ON keyword_groups (priority, ${expr}, id)`.execute(
        db,
      );
    }
  }
  await sql`CREATE INDEX keyword_groups_name_trgm ON keyword_groups USING gin (name gin_trgm_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['created', 'name', 'priority', 'status']) {
    await db.schema.dropIndex(`keyword_groups_${name}_idx`).execute();
    if (name !== 'status') await db.schema.dropIndex(`keyword_groups_status_${name}_idx`).execute();
    if (name !== 'priority') await db.schema.dropIndex(`keyword_groups_priority_${name}_idx`).execute();
  }
  await db.schema.dropIndex('keyword_groups_name_trgm').execute();
  await db.schema.createIndex('keyword_groups_status_idx').on('keyword_groups').column('status').execute();
  await db.schema
    .createIndex('keyword_groups_priority_idx')
    .on('keyword_groups')
    .column('priority')
    .execute();
  await db.schema
    .createIndex('keyword_groups_created_idx')
    .on('keyword_groups')
    .column('created_at')
    .execute();
}
