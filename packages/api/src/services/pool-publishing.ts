import type { AssignPostsInput, PublishingCadenceInput } from '@blogfleet/validators';
import { z } from 'zod';
import type { Context } from '../context';
import { notFound } from '../errors';
import { setPostStatus } from './ai-posts';
import { audit } from './audit';

type Ctx = Pick<Context, 'db' | 'req' | 'secrets' | 'integrations'> & { user: { id: number } | null };

const WEEK_MS = 7 * 24 * 3600 * 1000;

export const bulkResult = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  /** Why this one was not done. */
  error: z.string().optional(),
});
export type BulkResult = z.infer<typeof bulkResult>;

async function siteRow(ctx: Pick<Context, 'db'>, id: number) {
  const site = await ctx.db
    .selectFrom('sites')
    .select(['id', 'domain_name', 'status', 'posts_per_week', 'cadence_published_at', 'cadence_error'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!site) throw notFound('Site');
  return site;
}

/**
 * POST sites/{id}/posts/assign (core §2 content-pool tab): the posts wait on this site, status assigned,
 * for an editor or the site's cadence to publish them. Ready posts and posts assigned to another site (or
 * to a deleted one) move; drafts wait to be marked ready, published and archived ones stay, each with
 * its reason.
 */
export async function assignPosts(ctx: Ctx, input: AssignPostsInput) {
  const site = await siteRow(ctx, input.id);
  const rows = await ctx.db
    .selectFrom('ai_posts')
    .select(['id', 'status', 'website_id'])
    .where('id', 'in', input.postIds)
    .execute();
  const results: BulkResult[] = [];
  for (const postId of input.postIds) {
    const row = rows.find((r) => r.id === postId);
    if (!row) {
      results.push({ id: postId, ok: false, error: `No post has the id ${postId}` });
      continue;
    }
    if (row.status === 'published' || row.status === 'archived') {
      results.push({ id: postId, ok: false, error: `The post is ${row.status}` });
      continue;
    }
    if (row.status === 'draft') {
      results.push({ id: postId, ok: false, error: 'Mark the post ready first' });
      continue;
    }
    const now = new Date();
    const moved = await ctx.db
      .updateTable('ai_posts')
      .set({ website_id: site.id, status: 'assigned', assigned_at: now, updated_at: now })
      .where('id', '=', postId)
      .where('status', '=', row.status)
      // Not while a publisher holds it.
      .where((eb) => eb.or([eb('publishing_until', 'is', null), eb('publishing_until', '<', now)]))
      .returning('id')
      .executeTakeFirst();
    results.push(
      moved ? { id: postId, ok: true } : { id: postId, ok: false, error: 'The post was changed meanwhile' },
    );
  }
  const assigned = results.filter((r) => r.ok).map((r) => r.id);
  await audit(ctx, {
    action: 'site.posts-assign',
    subjectType: 'site',
    subjectId: site.id,
    details: { assigned },
  });
  return { assigned: assigned.length, results };
}

export const cadenceView = z.object({
  site_id: z.number().int(),
  /** 0: off. */
  posts_per_week: z.number().int(),
  /** Assigned posts waiting, oldest assignment first in line. */
  queued: z.number().int(),
  last_published_at: z.string().nullable(),
  /** When the next one goes out (null: off, nothing queued, or the site is not active). */
  next_publish_at: z.string().nullable(),
  /** Why the last turn published nothing (WordPress's answer); null once a turn publishes. */
  last_error: z.string().nullable(),
  site_active: z.boolean(),
});

const nextAt = (perWeek: number, last: Date | null, now: Date) =>
  perWeek === 0 ? null : new Date(Math.max(now.getTime(), (last?.getTime() ?? 0) + WEEK_MS / perWeek));

export async function getCadence(ctx: Pick<Context, 'db'>, siteId: number, now = new Date()) {
  const site = await siteRow(ctx, siteId);
  const queued = await ctx.db
    .selectFrom('ai_posts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('website_id', '=', siteId)
    .where('status', '=', 'assigned')
    .executeTakeFirstOrThrow();
  const n = Number(queued.n);
  // An inactive site's turn never comes (publishOnCadence skips it).
  const next =
    n === 0 || site.status !== 'active' ? null : nextAt(site.posts_per_week, site.cadence_published_at, now);
  return {
    site_id: site.id,
    posts_per_week: site.posts_per_week,
    queued: n,
    last_published_at: site.cadence_published_at?.toISOString() ?? null,
    next_publish_at: next?.toISOString() ?? null,
    last_error: site.cadence_error,
    site_active: site.status === 'active',
  };
}

/** PUT sites/{id}/publishing-cadence: publish this many of the site's assigned posts a week (0: off). */
export async function setCadence(ctx: Ctx, input: PublishingCadenceInput) {
  await siteRow(ctx, input.id);
  await ctx.db
    .updateTable('sites')
    .set({ posts_per_week: input.posts_per_week })
    .where('id', '=', input.id)
    .execute();
  await audit(ctx, {
    action: 'site.cadence',
    subjectType: 'site',
    subjectId: input.id,
    details: { posts_per_week: input.posts_per_week },
  });
  return getCadence(ctx, input.id);
}

/**
 * The cadence's periodic run: every site whose turn has come publishes its longest-waiting assigned post
 * through WordPress, one per turn. A post WordPress refuses stays assigned, and the site tries again on
 * its next turn; the turn is spent either way, so a broken site does not hammer WordPress.
 */
export async function publishOnCadence(ctx: Ctx, now = new Date()) {
  const sites = await ctx.db
    .selectFrom('sites')
    .select(['id', 'posts_per_week', 'cadence_published_at'])
    .where('posts_per_week', '>', 0)
    .where('status', '=', 'active')
    .execute();
  let published = 0;
  const failed: { siteId: number; postId: number; reason: string }[] = [];
  for (const site of sites) {
    const due = nextAt(site.posts_per_week, site.cadence_published_at, now);
    if (!due || due.getTime() > now.getTime()) continue;
    const post = await ctx.db
      .selectFrom('ai_posts')
      .select('id')
      .where('website_id', '=', site.id)
      .where('status', '=', 'assigned')
      .orderBy('assigned_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!post) continue;
    // Claimed first, so two workers never publish on the same turn.
    const claimed = await ctx.db
      .updateTable('sites')
      .set({ cadence_published_at: now })
      .where('id', '=', site.id)
      .where((eb) =>
        site.cadence_published_at === null
          ? eb('cadence_published_at', 'is', null)
          : eb('cadence_published_at', '=', site.cadence_published_at),
      )
      .returning('id')
      .executeTakeFirst();
    if (!claimed) continue;
    let reason: string | null = null;
    try {
      await setPostStatus(ctx, { id: post.id, status: 'published' });
      published += 1;
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      reason = error.message;
      failed.push({ siteId: site.id, postId: post.id, reason });
    }
    await ctx.db
      .updateTable('sites')
      .set({ cadence_error: reason?.slice(0, 1_000) ?? null })
      .where('id', '=', site.id)
      .execute();
  }
  return { sites: sites.length, published, failed };
}
