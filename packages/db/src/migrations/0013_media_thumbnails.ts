import type { Kysely } from 'kysely';

/** The smaller copy WordPress made of each image, so the media grid does not load full-size files. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wp_media').addColumn('thumbnail_url', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wp_media').dropColumn('thumbnail_url').execute();
}
