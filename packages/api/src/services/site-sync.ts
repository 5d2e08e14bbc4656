import type { Database, Kysely, SitePostStatus } from '@blogfleet/db';
import type { WpPost } from '@blogfleet/integrations/wordpress';
import type { Context } from '../context';
import { audit } from './audit';
import { requireSiteClient } from './sites';

type Ctx = Pick<Context, 'db' | 'req' | 'secrets'> & { user: { id: number } | null };

/** WordPress's post statuses as the console names them (core §4). */
const STATUS: Record<string, SitePostStatus> = {
  publish: 'published',
  draft: 'draft',
  future: 'scheduled',
  pending: 'pending',
  private: 'private',
  trash: 'trash',
};

/** Words of a post's text (tags, shortcodes and entities left out). */
export function wordCount(html: string): number {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ');
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** WordPress's GMT date without a zone (`2030-01-01T10:00:00`) as a Date. */
const gmt = (value: string | null) => (value ? new Date(`${value.replace(/Z$/, '')}Z`) : null);

function postValues(siteId: number, p: WpPost) {
  const status = STATUS[p.status] ?? 'draft';
  return {
    site_id: siteId,
    wp_post_id: p.id,
    title: p.title,
    content: p.content,
    excerpt: p.excerpt,
    status,
    scheduled_date: status === 'scheduled' ? gmt(p.date_gmt) : null,
    word_count: wordCount(p.content),
    updated_at: new Date(),
  };
}

/** Makes the local rows of one kind equal to WordPress's: update by WordPress id, insert new, delete gone. */
async function reconcile<T extends { id: number }>(
  trx: Kysely<Database>,
  table: 'wp_categories' | 'wp_tags' | 'wp_media',
  siteId: number,
  remote: T[],
  values: (item: T) => Record<string, unknown>,
) {
  const local = await trx.selectFrom(table).select(['id', 'wp_id']).where('site_id', '=', siteId).execute();
  const byWpId = new Map(local.map((r) => [r.wp_id, r.id]));
  const seen = new Set<number>();
  for (const item of remote) {
    seen.add(item.id);
    const id = byWpId.get(item.id);
    if (id !== undefined) {
      await trx
        .updateTable(table)
        .set(values(item) as never)
        .where('id', '=', id)
        .execute();
    } else {
      await trx
        .insertInto(table)
        .values({ site_id: siteId, wp_id: item.id, ...values(item) } as never)
        .execute();
    }
  }
  const gone = local.filter((r) => !seen.has(r.wp_id)).map((r) => r.id);
  if (gone.length > 0) await trx.deleteFrom(table).where('id', 'in', gone).execute();
  return { total: remote.length, removed: gone.length };
}

/**
 * WordPress pull (core §2 side panel, issue 10 §3): posts of every status (all pages), categories, tags
 * and media into the local copies, in one transaction once everything is read; what WordPress no longer
 * has is removed here too (posts never pushed are kept); word counts computed.
 */
export async function pullSite(
  ctx: Ctx,
  siteId: number,
  progress: (percent: number, message: string) => Promise<void> = async () => {},
) {
  const { client } = await requireSiteClient(ctx, siteId);
  await progress(5, 'Reading categories and tags');
  const [categories, tags] = await Promise.all([client.listCategories(), client.listTags()]);
  await progress(25, 'Reading media');
  const media = await client.listMedia();
  await progress(45, 'Reading posts');
  const posts = await client.listPosts({ status: 'any' });
  await progress(80, `Saving ${posts.length} posts`);
  const counts = await ctx.db.transaction().execute(async (trx) => {
    const c = await reconcile(trx, 'wp_categories', siteId, categories, (x) => ({
      name: x.name,
      slug: x.slug,
      count: x.count,
      description: x.description,
      parent_wp_id: x.parent || null,
    }));
    const tg = await reconcile(trx, 'wp_tags', siteId, tags, (x) => ({
      name: x.name,
      slug: x.slug,
      count: x.count,
    }));
    const m = await reconcile(trx, 'wp_media', siteId, media, (x) => ({
      source_url: x.source_url,
      title: x.title,
      mime_type: x.mime_type || null,
    }));
    const local = await trx
      .selectFrom('site_posts')
      .select(['id', 'wp_post_id'])
      .where('site_id', '=', siteId)
      .where('wp_post_id', 'is not', null)
      .execute();
    const byWpId = new Map(local.map((r) => [r.wp_post_id!, r.id]));
    const seen = new Set<number>();
    for (const p of posts) {
      seen.add(p.id);
      const id = byWpId.get(p.id);
      if (id !== undefined) {
        await trx.updateTable('site_posts').set(postValues(siteId, p)).where('id', '=', id).execute();
      } else {
        await trx
          .insertInto('site_posts')
          .values({ ...postValues(siteId, p), created_at: gmt(p.date_gmt) ?? new Date() })
          .execute();
      }
    }
    const gone = local.filter((r) => !seen.has(r.wp_post_id!)).map((r) => r.id);
    if (gone.length > 0) await trx.deleteFrom('site_posts').where('id', 'in', gone).execute();
    await trx.updateTable('sites').set({ last_synced_at: new Date() }).where('id', '=', siteId).execute();
    return {
      posts: posts.length,
      postsRemoved: gone.length,
      categories: c.total,
      tags: tg.total,
      media: m.total,
    };
  });
  await audit(ctx, { action: 'site.wp_pull', subjectType: 'site', subjectId: siteId, details: counts });
  return counts;
}
