import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Row counts kept current by the database itself, so totals over large tables cost a lookup instead
 * of a scan. Statement-level triggers append one delta row per changed counter (no row is ever
 * updated in place, so concurrent writers never wait for each other); reads add the deltas to the
 * totals, and `compactCounters` folds the deltas in (a periodic job, and reads when many piled up).
 */
export interface CountedTable {
  table: string;
  /** Counter name (without the table prefix) → an aggregate over the changed rows. */
  counters: Record<string, string>;
}

function deltaInsert(t: CountedTable, rows: 'new_rows' | 'old_rows', sign: '' | '-'): string {
  const names = Object.keys(t.counters);
  const aggregates = names.map((n, i) => `${t.counters[n]} AS c${i}`).join(', ');
  const values = names.map((n, i) => `('${t.table}.${n}', ${sign}a.c${i}::numeric)`).join(', ');
  return `INSERT INTO stat_deltas (name, value)
      SELECT d.name, d.value FROM (SELECT ${aggregates} FROM ${rows}) a
      CROSS JOIN LATERAL (VALUES ${values}) AS d(name, value)
      WHERE d.value <> 0;`;
}

/** The trigger function and its four triggers for one table. */
export async function countTable(db: Kysely<unknown>, t: CountedTable): Promise<void> {
  const fn = `stat_count_${t.table}`;
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
      ${deltaInsert(t, 'new_rows', '')}
    END IF;
    IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
      ${deltaInsert(t, 'old_rows', '-')}
    END IF;
    IF TG_OP = 'TRUNCATE' THEN
      DELETE FROM stat_deltas WHERE name LIKE '${t.table}.%';
      UPDATE stat_totals SET value = 0 WHERE name LIKE '${t.table}.%';
    END IF;
    RETURN NULL;
  END $$`,
    )
    .execute(db);
  const triggers = [
    `CREATE TRIGGER ${t.table}_count_ins AFTER INSERT ON ${t.table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    `CREATE TRIGGER ${t.table}_count_upd AFTER UPDATE ON ${t.table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    `CREATE TRIGGER ${t.table}_count_del AFTER DELETE ON ${t.table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    `CREATE TRIGGER ${t.table}_count_trunc AFTER TRUNCATE ON ${t.table} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
  // Start from what is there now.
  const names = Object.keys(t.counters);
  const aggregates = names.map((n, i) => `${t.counters[n]} AS c${i}`).join(', ');
  const values = names.map((n, i) => `('${t.table}.${n}', a.c${i}::numeric)`).join(', ');
  await sql
    .raw(
      `INSERT INTO stat_totals (name, value)
       SELECT d.name, d.value FROM (SELECT ${aggregates} FROM ${t.table}) a CROSS JOIN LATERAL (VALUES ${values}) AS d(name, value)
       ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
    )
    .execute(db);
}

export async function dropCountTable(db: Kysely<unknown>, table: string): Promise<void> {
  for (const op of ['ins', 'upd', 'del', 'trunc']) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${table}_count_${op} ON ${table}`).execute(db);
  }
  await sql.raw(`DROP FUNCTION IF EXISTS stat_count_${table}()`).execute(db);
}

/** Many deltas make reads slower; past this a read folds them in itself. */
const COMPACT_AFTER_DELTAS = 5_000;

/** Current values of the named counters (0 for a counter never touched). */
export async function readCounters<N extends string>(
  db: Kysely<Database>,
  names: readonly N[],
): Promise<Record<N, number>> {
  const { rows } = await sql<{ name: string; value: number; deltas: number }>`
    SELECT name, sum(value) AS value, count(*) FILTER (WHERE delta) AS deltas FROM (
      SELECT name, value, false AS delta FROM stat_totals WHERE name = ANY(${sql.val(names)})
      UNION ALL
      SELECT name, value, true AS delta FROM stat_deltas WHERE name = ANY(${sql.val(names)})
    ) c GROUP BY name`.execute(db);
  const out = Object.fromEntries(names.map((n) => [n, 0])) as Record<N, number>;
  let deltas = 0;
  for (const r of rows) {
    out[r.name as N] = Number(r.value);
    deltas += Number(r.deltas);
  }
  if (deltas > COMPACT_AFTER_DELTAS) await compactCounters(db);
  return out;
}

/** After folding this many deltas, the table is vacuumed so reads do not wade through dead rows. */
const VACUUM_AFTER_DELTAS = 10_000;

/** Folds every delta into the totals, in one statement (safe alongside writers and other compactions). */
export async function compactCounters(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    WITH moved AS (DELETE FROM stat_deltas RETURNING name, value),
    sums AS (SELECT name, sum(value) AS value, count(*) AS n FROM moved GROUP BY name),
    applied AS (
      INSERT INTO stat_totals (name, value) SELECT name, value FROM sums
      ON CONFLICT (name) DO UPDATE SET value = stat_totals.value + excluded.value
      RETURNING 1
    )
    SELECT coalesce(sum(n), 0)::int AS n FROM sums`.execute(db);
  const moved = Number(rows[0]?.n ?? 0);
  // Not possible inside a transaction; then autovacuum does it a little later.
  if (moved >= VACUUM_AFTER_DELTAS) await sql`VACUUM ANALYZE stat_deltas`.execute(db).catch(() => undefined);
  return moved;
}
