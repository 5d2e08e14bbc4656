import type { Database, Kysely, Selectable, SitePostStatus, SitePostsTable } from '@blogfleet/db';
import type { WpPost, WpPostInput, WpPostStatus } from '@blogfleet/integrations/wordpress';
import type { Context } from '../context';
import { audit } from './audit';
import { requireSiteClient } from './sites';

type Ctx = Pick<Context, 'db' | 'req' | 'secrets'> & { user: { id: number } | null };
type PostRow = Selectable<SitePostsTable>;
type Progress = (percent: number, message: string) => Promise<void>;

/** WordPress's post statuses as the console names them (core §4). */
const STATUS: Record<string, SitePostStatus> = {
  publish: 'published',
  draft: 'draft',
  future: 'scheduled',
  pending: 'pending',
  private: 'private',
  trash: 'trash',
};
const WP_STATUS: Record<SitePostStatus, WpPostStatus> = {
  published: 'publish',
  draft: 'draft',
  scheduled: 'future',
  pending: 'pending',
  private: 'private',
  trash: 'draft',
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
export const gmt = (value: string | null) => (value ? new Date(`${value.replace(/Z$/, '')}Z`) : null);
export const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** A local row made equal to WordPress's post: its fields, terms, featured image and modified time. */
export function fromWordPress(siteId: number, p: WpPost) {
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
    category_ids: p.categories,
    tag_ids: p.tags,
    featured_media_id: p.featured_media || null,
    wp_modified_gmt: gmt(p.modified_gmt),
    needs_push: false,
    updated_at: new Date(),
  };
}

/** What WordPress is sent for a local row: its fields with categories, tags and featured image. */
export function toWordPress(
  row: Pick<
    PostRow,
    | 'title'
    | 'content'
    | 'excerpt'
    | 'status'
    | 'scheduled_date'
    | 'category_ids'
    | 'tag_ids'
    | 'featured_media_id'
  >,
): WpPostInput {
  return {
    title: row.title,
    content: row.content,
    excerpt: row.excerpt,
    status: WP_STATUS[row.status],
    ...(row.status === 'scheduled' && row.scheduled_date ? { date_gmt: row.scheduled_date } : {}),
    ...(row.category_ids.length > 0 ? { categories: row.category_ids } : {}),
    tags: row.tag_ids,
    featured_media: row.featured_media_id ?? 0,
  };
}

type RevisedFields = Pick<
  PostRow,
  | 'id'
  | 'site_id'
  | 'title'
  | 'content'
  | 'excerpt'
  | 'status'
  | 'scheduled_date'
  | 'category_ids'
  | 'tag_ids'
  | 'featured_media_id'
>;

/** Keeps a version of a post as a revision (a conflict set it aside, or a restore replaced it). */
export async function keepRevision(
  db: Kysely<Database>,
  post: RevisedFields,
  reason: 'conflict' | 'restored_over',
  userId: number | null,
) {
  const revision = await db
    .insertInto('site_post_revisions')
    .values({
      post_id: post.id,
      site_id: post.site_id,
      reason,
      title: post.title,
      content: post.content,
      excerpt: post.excerpt,
      status: post.status,
      scheduled_date: post.scheduled_date,
      category_ids: post.category_ids,
      tag_ids: post.tag_ids,
      featured_media_id: post.featured_media_id,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return revision.id;
}

/**
 * A conflict (changed here and on WordPress): the local version is set aside as a revision the user can
 * restore, and the row becomes WordPress's version.
 */
export async function setAsideConflict(
  db: Kysely<Database>,
  local: RevisedFields,
  wp: WpPost,
  userId: number | null,
) {
  const revisionId = await keepRevision(db, local, 'conflict', userId);
  await db
    .updateTable('site_posts')
    .set(fromWordPress(local.site_id, wp))
    .where('id', '=', local.id)
    .execute();
  return revisionId;
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
 * WordPress pull (core §2 side panel, issue 10 §3). Categories, tags and media are read whole; of the
 * posts (every status) only ids and modified times are listed, and the bodies of those new or changed
 * since this copy was made are fetched, so a second pull of an unchanged site reads no post bodies.
 * What WordPress no longer has is removed (posts never pushed are kept); a post changed here and there
 * keeps WordPress's version, the local one becomes a revision. One transaction once everything is read.
 */
export async function pullSite(ctx: Ctx, siteId: number, progress: Progress = async () => {}) {
  const { client } = await requireSiteClient(ctx, siteId);
  await progress(5, 'Reading categories, tags, media and the list of posts');
  const [categories, tags, media, stamps] = await Promise.all([
    client.listCategories(),
    client.listTags(),
    client.listMedia(),
    client.listPostStamps({ status: 'any' }),
  ]);
  // Bodies stay in the database: an unchanged site costs a list of stamps, not a copy of its posts.
  const local = await ctx.db
    .selectFrom('site_posts')
    .select(['id', 'wp_post_id', 'wp_modified_gmt', 'needs_push'])
    .where('site_id', '=', siteId)
    .where('wp_post_id', 'is not', null)
    .execute();
  const byWpId = new Map(local.map((r) => [r.wp_post_id!, r]));
  const changed = stamps
    .filter((s) => {
      const row = byWpId.get(s.id);
      return !row || !sameTime(row.wp_modified_gmt, gmt(s.modified_gmt));
    })
    .map((s) => s.id);
  await progress(40, `Reading ${changed.length} new or changed posts`);
  const posts = await client.listPosts({ status: 'any', include: changed });
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
      thumbnail_url: x.thumbnail_url,
    }));
    let conflicts = 0;
    const fresh = [];
    for (const p of posts) {
      const row = byWpId.get(p.id);
      if (row?.needs_push) {
        const mine = await trx
          .selectFrom('site_posts')
          .selectAll()
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow();
        await setAsideConflict(trx, mine, p, ctx.user?.id ?? null);
        conflicts++;
      } else if (row) {
        await trx.updateTable('site_posts').set(fromWordPress(siteId, p)).where('id', '=', row.id).execute();
      } else {
        fresh.push({ ...fromWordPress(siteId, p), created_at: gmt(p.date_gmt) ?? new Date() });
      }
    }
    // One statement per 500 new posts: a first pull of a large site is mostly inserts.
    for (let i = 0; i < fresh.length; i += 500) {
      await trx
        .insertInto('site_posts')
        .values(fresh.slice(i, i + 500))
        .execute();
    }
    const present = new Set(stamps.map((s) => s.id));
    const gone = local.filter((r) => !present.has(r.wp_post_id!)).map((r) => r.id);
    if (gone.length > 0) await trx.deleteFrom('site_posts').where('id', 'in', gone).execute();
    const through = stamps.reduce<Date | null>((max, s) => {
      const d = gmt(s.modified_gmt);
      return d && (!max || d > max) ? d : max;
    }, null);
    await trx
      .updateTable('sites')
      .set({ last_synced_at: new Date(), posts_modified_through: through })
      .where('id', '=', siteId)
      .execute();
    return {
      posts: stamps.length,
      postsFetched: posts.length,
      postsRemoved: gone.length,
      conflicts,
      categories: c.total,
      tags: tg.total,
      media: m.total,
    };
  });
  await audit(ctx, { action: 'site.wp_pull', subjectType: 'site', subjectId: siteId, details: counts });
  return counts;
}

export interface PushResult {
  created: number;
  updated: number;
  conflicts: { postId: number; title: string; revisionId: number }[];
  failed: { postId: number; title: string; reason: string }[];
}

/**
 * WordPress push: every local post WordPress does not have yet is created there, every one changed here
 * since the last sync is updated, with categories, tags and featured image. Before an update WordPress's
 * copy is read: changed there too since this one was made, it wins (conflict → revision). A post that
 * fails is named with the reason and the others go on.
 */
export async function pushSite(ctx: Ctx, siteId: number, progress: Progress = async () => {}) {
  const { client } = await requireSiteClient(ctx, siteId);
  const rows = await ctx.db
    .selectFrom('site_posts')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('status', '<>', 'trash')
    .where((eb) => eb.or([eb('needs_push', '=', true), eb('wp_post_id', 'is', null)]))
    .orderBy('id')
    .execute();
  const result: PushResult = { created: 0, updated: 0, conflicts: [], failed: [] };
  for (const [i, row] of rows.entries()) {
    await progress(5 + Math.round((i / Math.max(rows.length, 1)) * 90), `Pushing ${row.title}`);
    try {
      if (row.wp_post_id === null) {
        const wp = await client.createPost(toWordPress(row));
        await ctx.db
          .updateTable('site_posts')
          .set(fromWordPress(siteId, wp))
          .where('id', '=', row.id)
          .execute();
        result.created++;
        continue;
      }
      const current = await client.getPost(row.wp_post_id);
      if (!sameTime(gmt(current.modified_gmt), row.wp_modified_gmt)) {
        const revisionId = await setAsideConflict(ctx.db, row, current, ctx.user?.id ?? null);
        result.conflicts.push({ postId: row.id, title: row.title, revisionId });
        continue;
      }
      const wp = await client.updatePost(row.wp_post_id, toWordPress(row));
      await ctx.db
        .updateTable('site_posts')
        .set(fromWordPress(siteId, wp))
        .where('id', '=', row.id)
        .execute();
      result.updated++;
    } catch (error) {
      result.failed.push({ postId: row.id, title: row.title, reason: (error as Error).message });
    }
  }
  await ctx.db.updateTable('sites').set({ last_synced_at: new Date() }).where('id', '=', siteId).execute();
  await audit(ctx, {
    action: 'site.wp_push',
    subjectType: 'site',
    subjectId: siteId,
    details: {
      created: result.created,
      updated: result.updated,
      conflicts: result.conflicts.length,
      failed: result.failed.length,
    },
  });
  return result;
}
