import { sql, type RawBuilder, type Selectable, type SitePostsTable } from '@blogfleet/db';
import { isIntegrationError } from '@blogfleet/integrations/errors';
import { WordPressError } from '@blogfleet/integrations/wordpress';
import type { ListSitePostsInput, SitePostInput } from '@blogfleet/validators';
import { z } from 'zod';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { audit } from './audit';
import { listPage } from './list';
import { likePattern } from './search';
import {
  fromWordPress,
  gmt,
  sameTime,
  setAsideConflict,
  toWordPress,
  wordCount,
  wordPressCopy,
} from './site-sync';
import { requireSiteClient, siteClient } from './sites';

type Ctx = Pick<Context, 'db' | 'req' | 'secrets'> & { user: { id: number } | null };
type PostRow = Selectable<SitePostsTable>;

export const sitePostView = z.object({
  id: z.number().int(),
  wp_post_id: z.number().int().nullable(),
  title: z.string(),
  content: z.string(),
  excerpt: z.string(),
  status: z.enum(['draft', 'published', 'scheduled', 'pending', 'private', 'trash']),
  scheduled_date: z.string().nullable(),
  featured_image: z.string().nullable(),
  category_ids: z.array(z.number().int()),
  tag_ids: z.array(z.number().int()),
  featured_media_id: z.number().int().nullable(),
  /** Changed here and not yet on WordPress (the next push sends it). */
  needs_push: z.boolean(),
  word_count: z.number().int(),
  views: z.number().int(),
  /** 0–100; shown as score / 20 stars. */
  score: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SitePostView = z.infer<typeof sitePostView>;

const toView = (r: PostRow): SitePostView => ({
  id: r.id,
  wp_post_id: r.wp_post_id,
  title: r.title,
  content: r.content,
  excerpt: r.excerpt,
  status: r.status,
  scheduled_date: r.scheduled_date?.toISOString() ?? null,
  featured_image: r.featured_image,
  category_ids: r.category_ids,
  tag_ids: r.tag_ids,
  featured_media_id: r.featured_media_id,
  needs_push: r.needs_push,
  word_count: r.word_count,
  views: r.views,
  score: Number(r.score),
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** Views of a site's posts, each `featured_image` the address of its featured media (from the synced media). */
async function views(ctx: Pick<Context, 'db'>, siteId: number, rows: PostRow[]): Promise<SitePostView[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.featured_media_id === null ? [] : [r.featured_media_id])))];
  const media =
    ids.length === 0
      ? []
      : await ctx.db
          .selectFrom('wp_media')
          .select(['wp_id', 'source_url'])
          .where('site_id', '=', siteId)
          .where('wp_id', 'in', ids)
          .execute();
  const urls = new Map(media.map((m) => [m.wp_id, m.source_url]));
  return rows.map((r) => ({
    ...toView(r),
    // No featured media, no image; media not synced yet keeps the address last known.
    featured_image: r.featured_media_id === null ? null : (urls.get(r.featured_media_id) ?? r.featured_image),
  }));
}
const view = async (ctx: Pick<Context, 'db'>, row: PostRow) => (await views(ctx, row.site_id, [row]))[0]!;

const sortBy: Record<
  ListSitePostsInput['sort'],
  { expr: RawBuilder<unknown>; value: (p: PostRow) => string | Date }
> = {
  created_at: { expr: sql`site_posts.created_at`, value: (p) => p.created_at },
  title: { expr: sql`lower(site_posts.title)`, value: (p) => p.title.toLowerCase() },
  status: { expr: sql`site_posts.status`, value: (p) => p.status },
};

/** GET sites/{id}/posts: search over title, content and excerpt; status filter; the list contract. */
export async function listSitePosts(ctx: Pick<Context, 'db'>, input: ListSitePostsInput) {
  const site = await ctx.db.selectFrom('sites').select('id').where('id', '=', input.id).executeTakeFirst();
  if (!site) throw notFound('Site');
  let filtered = ctx.db.selectFrom('site_posts').where('site_id', '=', input.id);
  filtered = input.status
    ? filtered.where('status', '=', input.status)
    : filtered.where('status', '<>', 'trash');
  if (input.search) {
    const pattern = likePattern(input.search);
    filtered = filtered.where((eb) =>
      eb.or([
        eb('title', 'ilike', pattern),
        eb('content', 'ilike', pattern),
        eb('excerpt', 'ilike', pattern),
      ]),
    );
  }
  const sort = sortBy[input.sort];
  const { rows, pagination } = await listPage({
    db: ctx.db,
    filtered,
    id: 'site_posts.id',
    sortBy: sort.expr,
    order: input.order,
    sortValue: sort.value,
    select: (q) => q.selectAll('site_posts'),
    page: input.page,
    limit: input.limit,
    cursor: input.cursor,
  });
  return { posts: await views(ctx, input.id, rows as PostRow[]), pagination };
}

/** The local row a form input describes (terms and image kept from `before` when not given). */
function fromInput(input: SitePostInput, before?: PostRow) {
  return {
    title: input.title,
    content: input.content,
    excerpt: input.excerpt,
    status: input.status,
    scheduled_date: input.status === 'scheduled' ? (input.scheduled_date ?? null) : null,
    category_ids: input.category_ids ?? before?.category_ids ?? [],
    tag_ids: input.tag_ids ?? before?.tag_ids ?? [],
    featured_media_id:
      input.featured_media_id !== undefined ? input.featured_media_id : (before?.featured_media_id ?? null),
  };
}

/** WordPress did not answer (down, overloaded): the change is kept here for the next push. */
const unanswered = (error: unknown) =>
  isIntegrationError(error) && ['timeout', 'unreachable', 'upstream', 'rate_limited'].includes(error.kind);

/**
 * POST sites/{id}/posts: created on WordPress first, then kept here as WordPress stored it. When
 * WordPress does not answer, the post is kept here only (`needs_push`) and the next push creates it.
 */
export async function createSitePost(ctx: Ctx, siteId: number, input: SitePostInput): Promise<SitePostView> {
  const { client } = await requireSiteClient(ctx, siteId);
  const local = fromInput(input);
  const wp = await client.createPost(toWordPress(local)).catch((error: unknown) => {
    if (unanswered(error)) return null;
    throw error;
  });
  const row = await ctx.db
    .insertInto('site_posts')
    .values(
      wp
        ? fromWordPress(siteId, wp)
        : { ...local, site_id: siteId, word_count: wordCount(local.content), needs_push: true },
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(ctx, {
    action: 'site.post_create',
    subjectType: 'site',
    subjectId: siteId,
    details: { postId: row.id, wpPostId: wp?.id ?? null, pending: !wp },
  });
  return view(ctx, row);
}

/** The post of this site, or NOT_FOUND (another site's post id is not found either). */
export async function postRow(ctx: Pick<Context, 'db'>, siteId: number, postId: number): Promise<PostRow> {
  const row = await ctx.db
    .selectFrom('site_posts')
    .selectAll()
    .where('id', '=', postId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  if (!row) throw notFound('Post');
  return row;
}

/**
 * PUT sites/{id}/posts/{postId}: WordPress first (created there if it never was, or was deleted there),
 * then here. Changed on WordPress since this copy was made, WordPress's version wins: the edit is kept
 * as a revision the user can restore and the answer is SYNC_CONFLICT naming it.
 */
export async function updateSitePost(
  ctx: Ctx,
  siteId: number,
  postId: number,
  input: SitePostInput,
): Promise<SitePostView> {
  const before = await postRow(ctx, siteId, postId);
  const { client } = await requireSiteClient(ctx, siteId);
  const next = fromInput(input, before);
  let current;
  try {
    current = before.wp_post_id ? await wordPressCopy(client, before.wp_post_id) : null;
  } catch (error) {
    if (!unanswered(error)) throw error;
    return keepForPush(ctx, siteId, postId, next);
  }
  if (current && before.wp_modified_gmt && !sameTime(gmt(current.modified_gmt), before.wp_modified_gmt)) {
    const revisionId = await setAsideConflict(ctx.db, { ...before, ...next }, current, ctx.user?.id ?? null);
    await audit(ctx, {
      action: 'site.post_conflict',
      subjectType: 'site',
      subjectId: siteId,
      details: { postId, revisionId },
    });
    throw new AppError(
      'SYNC_CONFLICT',
      "This post was changed on WordPress since it was last synced. WordPress's version is kept and your changes are saved as a revision you can restore.",
      { postId, revisionId },
    );
  }
  let wp;
  try {
    wp = current
      ? await client.updatePost(current.id, toWordPress(next))
      : await client.createPost(toWordPress(next));
  } catch (error) {
    if (!unanswered(error)) throw error;
    return keepForPush(ctx, siteId, postId, next);
  }
  const row = await ctx.db
    .updateTable('site_posts')
    .set(fromWordPress(siteId, wp))
    .where('id', '=', postId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(ctx, {
    action: 'site.post_update',
    subjectType: 'site',
    subjectId: siteId,
    details: { postId },
  });
  return view(ctx, row);
}

/** The edit is stored here with `needs_push`; its base (wp_modified_gmt) stays, so the push can tell a conflict. */
async function keepForPush(ctx: Ctx, siteId: number, postId: number, next: ReturnType<typeof fromInput>) {
  const row = await ctx.db
    .updateTable('site_posts')
    .set({ ...next, word_count: wordCount(next.content), needs_push: true, updated_at: new Date() })
    .where('id', '=', postId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(ctx, {
    action: 'site.post_update',
    subjectType: 'site',
    subjectId: siteId,
    details: { postId, pending: true },
  });
  return view(ctx, row);
}

/** DELETE sites/{id}/posts/{postId}: moved to WordPress's trash (already gone there is fine), then removed here. */
export async function deleteSitePost(ctx: Ctx, siteId: number, postId: number) {
  const row = await postRow(ctx, siteId, postId);
  if (row.wp_post_id) {
    const { client } = await requireSiteClient(ctx, siteId);
    try {
      // A post already in WordPress's trash is deleted for good; any other goes to the trash.
      await client.deletePost(row.wp_post_id, { force: row.status === 'trash' });
    } catch (error) {
      const gone =
        error instanceof WordPressError &&
        (error.code === 'NOT_FOUND' || error.details.wpCode === 'rest_already_trashed');
      if (!gone) throw error;
    }
  }
  await ctx.db.deleteFrom('site_posts').where('id', '=', postId).execute();
  await audit(ctx, {
    action: 'site.post_delete',
    subjectType: 'site',
    subjectId: siteId,
    details: { postId, title: row.title },
  });
  return { id: postId, deleted: true as const };
}

/**
 * POST sites/{id}/posts/schedule: each post becomes `future` on WordPress at the date, then scheduled
 * here; a post WordPress refuses is named with the reason, the others are scheduled.
 */
export async function schedulePosts(ctx: Ctx, siteId: number, postIds: number[], date: Date) {
  const { client } = await requireSiteClient(ctx, siteId);
  const rows = await ctx.db
    .selectFrom('site_posts')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', 'in', [...new Set(postIds)])
    .execute();
  const scheduled: number[] = [];
  const failed: { id: number; title: string; reason: string }[] = [];
  for (const row of rows) {
    try {
      const wp = row.wp_post_id
        ? await client.schedulePost(row.wp_post_id, date)
        : await client.createPost({
            title: row.title,
            content: row.content,
            excerpt: row.excerpt,
            status: 'future',
            date_gmt: date,
          });
      await ctx.db
        .updateTable('site_posts')
        .set({
          wp_post_id: wp.id,
          status: 'scheduled',
          scheduled_date: date,
          wp_modified_gmt: gmt(wp.modified_gmt),
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
      scheduled.push(row.id);
    } catch (error) {
      failed.push({ id: row.id, title: row.title, reason: (error as Error).message });
    }
  }
  const found = new Set(rows.map((r) => r.id));
  await audit(ctx, {
    action: 'site.posts_schedule',
    subjectType: 'site',
    subjectId: siteId,
    details: { scheduled, date: date.toISOString() },
  });
  return { scheduled: scheduled.length, failed, missing: postIds.filter((id) => !found.has(id)) };
}

/**
 * Publishes the scheduled posts whose time has come, on WordPress through its API, so they appear at
 * their time even when nobody visits the site (WordPress's own `future` publishing waits for a visit).
 * A site that fails is left for the next round; the others go on.
 */
export async function publishDuePosts(ctx: Pick<Context, 'db' | 'req' | 'secrets'>, now = new Date()) {
  const due = await ctx.db
    .selectFrom('site_posts')
    .select(['id', 'site_id', 'wp_post_id', 'title'])
    .where('status', '=', 'scheduled')
    .where('scheduled_date', '<=', now)
    .orderBy('scheduled_date')
    .limit(500)
    .execute();
  let published = 0;
  const failed: { id: number; reason: string }[] = [];
  const clients = new Map<number, ReturnType<typeof siteClient>>();
  for (const post of due) {
    try {
      if (!clients.has(post.site_id)) {
        const site = await ctx.db
          .selectFrom('sites')
          .selectAll()
          .where('id', '=', post.site_id)
          .executeTakeFirst();
        clients.set(post.site_id, site ? siteClient(ctx, site) : null);
      }
      const client = clients.get(post.site_id);
      if (!client || !post.wp_post_id) continue;
      const wp = await client.updatePost(post.wp_post_id, { status: 'publish' });
      await ctx.db
        .updateTable('site_posts')
        .set({ status: 'published', wp_modified_gmt: gmt(wp.modified_gmt), updated_at: new Date() })
        .where('id', '=', post.id)
        .where('status', '=', 'scheduled')
        .execute();
      published++;
    } catch (error) {
      failed.push({ id: post.id, reason: (error as Error).message });
    }
  }
  return { due: due.length, published, failed };
}
