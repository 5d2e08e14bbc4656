import { sql, type Kysely } from 'kysely';

/**
 * A content item saved as a post of its site follows that post, whoever changes it (the posts tab, a
 * pull from WordPress, a scheduled publication): its words and status are copied over, and its SEO
 * score is marked stale for the next read to compute again. A post deleted takes a published item back
 * to draft (BEFORE DELETE: the foreign key clears site_post_id after the row is gone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('content_items')
    .addColumn('seo_stale', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`CREATE FUNCTION content_items_follow_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE content_items
    SET status = 'draft', published_at = NULL, updated_at = now()
    WHERE site_post_id = OLD.id AND status = 'published';
    RETURN OLD;
  END IF;
  UPDATE content_items
  SET title = NEW.title,
      content = NEW.content,
      meta_description = NEW.excerpt,
      seo_stale = seo_stale OR title IS DISTINCT FROM NEW.title OR content IS DISTINCT FROM NEW.content
        OR meta_description IS DISTINCT FROM NEW.excerpt,
      status = CASE
        WHEN NEW.status = 'published' THEN 'published'
        WHEN NEW.status = 'pending' THEN 'pending'
        WHEN status = 'published' THEN 'draft'
        ELSE status END,
      published_at = CASE
        WHEN NEW.status = 'published' THEN coalesce(published_at, now())
        ELSE NULL END,
      updated_at = now()
  WHERE site_post_id = NEW.id;
  RETURN NEW;
END $$`.execute(db);
  await sql`CREATE TRIGGER site_posts_content_follow AFTER UPDATE OF title, content, excerpt, status ON site_posts
    FOR EACH ROW
    WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.content IS DISTINCT FROM NEW.content
      OR OLD.excerpt IS DISTINCT FROM NEW.excerpt OR OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION content_items_follow_post()`.execute(db);
  await sql`CREATE TRIGGER site_posts_content_unpublish BEFORE DELETE ON site_posts
    FOR EACH ROW EXECUTE FUNCTION content_items_follow_post()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER site_posts_content_unpublish ON site_posts`.execute(db);
  await sql`DROP TRIGGER site_posts_content_follow ON site_posts`.execute(db);
  await sql`DROP FUNCTION content_items_follow_post()`.execute(db);
  await db.schema.alterTable('content_items').dropColumn('seo_stale').execute();
}
