import { sql, type Kysely } from 'kysely';

/**
 * Settings screen: the last connection test of each integration section, and the user's preferred
 * interface language (null: not chosen, the browser's choice stands).
 *
 * integration_settings holds one row per section (`key` = ai, wordpress_host, cloudflare, registrar,
 * keyword_data): `value` is the JSON of the non-secret fields, `secret_ciphertext` the AES-256-GCM
 * encrypted JSON of the secret ones. A row whose `value` is null only carries a test result (e.g. the
 * WordPress host tested on its environment defaults).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('integration_settings')
    .addColumn('last_test_ok', 'boolean')
    .addColumn('last_test_message', 'text')
    .addColumn('last_tested_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('preferred_language', 'text', (c) => c.check(sql`preferred_language IN ('en', 'tr')`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('preferred_language').execute();
  await db.schema
    .alterTable('integration_settings')
    .dropColumn('last_tested_at')
    .dropColumn('last_test_message')
    .dropColumn('last_test_ok')
    .execute();
}
