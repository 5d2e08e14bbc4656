import { sql, type Database, type Kysely } from '@blogfleet/db';
import type { SecretsSettings } from '../context';
import { decryptSecret, encryptSecret, secretKeyId } from './secrets';

/**
 * A column holding secrets encrypted by services/secrets.ts. By convention every such column's name
 * ends in `ciphertext` (integration_settings.secret_ciphertext, sites.wp_app_password_ciphertext, …),
 * so a table added later is re-encrypted without this file knowing it.
 */
export interface CiphertextColumn {
  table: string;
  /** The table's single-column primary key. */
  key: string;
  column: string;
}

export async function ciphertextColumns(db: Kysely<Database>): Promise<CiphertextColumn[]> {
  const { rows } = await sql<{ table: string; column: string; key: string | null }>`
    SELECT c.table_name AS "table", c.column_name AS "column",
      (SELECT k.column_name
         FROM information_schema.table_constraints tc
         JOIN information_schema.key_column_usage k
           ON k.constraint_name = tc.constraint_name AND k.table_schema = tc.table_schema
        WHERE tc.table_schema = c.table_schema AND tc.table_name = c.table_name
          AND tc.constraint_type = 'PRIMARY KEY'
        LIMIT 1) AS "key"
      FROM information_schema.columns c
     WHERE c.table_schema = current_schema() AND c.column_name LIKE '%ciphertext'
     ORDER BY c.table_name, c.column_name`.execute(db);
  return rows.map((r) => {
    if (!r.key) throw new Error(`${r.table} holds secrets but has no primary key to re-encrypt them by`);
    return { table: r.table, column: r.column, key: r.key };
  });
}

export interface ReencryptProgress {
  column: CiphertextColumn;
  /** Primary key of the row just re-encrypted. */
  id: string;
}

export interface ReencryptResult {
  /** Values now under the current key. */
  reencrypted: number;
  /** Values under a key that is not loaded (left as they are; the log names the columns). */
  unreadable: { table: string; column: string; id: string; keyId: string | null }[];
  columns: CiphertextColumn[];
}

/**
 * Re-encrypts every stored secret that is not under the current key, one row per statement: each
 * update is its own short transaction and only replaces the exact value it read (compare-and-set), so
 * the server keeps reading and writing while this runs, and a value written meanwhile is never lost.
 * Passes repeat until nothing is left (a write that raced a pass under an older key is caught by the
 * next one), at most `maxPasses` times.
 */
export async function reencryptSecrets(
  db: Kysely<Database>,
  secrets: SecretsSettings,
  opts: {
    batchSize?: number;
    maxPasses?: number;
    onRow?: (p: ReencryptProgress) => Promise<void> | void;
  } = {},
): Promise<ReencryptResult> {
  const batchSize = opts.batchSize ?? 100;
  const maxPasses = opts.maxPasses ?? 3;
  const columns = await ciphertextColumns(db);
  const result: ReencryptResult = { reencrypted: 0, unreadable: [], columns };
  const skipped = new Set<string>();

  for (let pass = 0; pass < maxPasses; pass++) {
    let changed = 0;
    for (const col of columns) {
      const current = `v1:${secrets.keyId}:%`;
      let after: string | null = null;
      for (;;) {
        const t = sql.table(col.table);
        const k = sql.ref(col.key);
        const c = sql.ref(col.column);
        const { rows }: { rows: { id: string; value: string }[] } = await sql<{ id: string; value: string }>`
          SELECT ${k}::text AS id, ${c} AS value FROM ${t}
           WHERE ${c} IS NOT NULL AND ${c} NOT LIKE ${current}
             ${after === null ? sql`` : sql`AND ${k} > ${after}`}
           ORDER BY ${k} LIMIT ${batchSize}`.execute(db);
        if (rows.length === 0) break;
        for (const row of rows) {
          after = row.id;
          const tag = `${col.table}.${col.column}#${row.id}`;
          let plain: string;
          try {
            plain = decryptSecret(secrets, row.value);
          } catch {
            if (!skipped.has(tag)) {
              skipped.add(tag);
              result.unreadable.push({ ...col, id: row.id, keyId: secretKeyId(row.value) });
            }
            continue;
          }
          const updated = await sql`
            UPDATE ${t} SET ${c} = ${encryptSecret(secrets, plain)}
             WHERE ${k} = ${row.id} AND ${c} = ${row.value}`.execute(db);
          if (Number(updated.numAffectedRows ?? 0) > 0) {
            changed += 1;
            result.reencrypted += 1;
            await opts.onRow?.({ column: col, id: row.id });
          }
        }
        if (rows.length < batchSize) break;
      }
    }
    if (changed === 0) break;
  }
  return result;
}

/** How many stored secrets are not under the current key (0 once a rotation is complete). */
export async function secretsNotUnderCurrentKey(
  db: Kysely<Database>,
  secrets: SecretsSettings,
): Promise<number> {
  let total = 0;
  for (const col of await ciphertextColumns(db)) {
    const c = sql.ref(col.column);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.table(col.table)}
       WHERE ${c} IS NOT NULL AND ${c} NOT LIKE ${`v1:${secrets.keyId}:%`}`.execute(db);
    total += Number(rows[0]?.n ?? 0);
  }
  return total;
}
