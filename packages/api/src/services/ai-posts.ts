import { sql, type AiPostsTable, type Selectable } from '@blogfleet/db';
import { languageName } from '@blogfleet/integrations/ai';
import {
  postStatuses,
  type ListPostsInput,
  type PostStatusInput,
  type UpdatePostInput,
} from '@blogfleet/validators';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { PermanentJobError } from '../jobs/kind';
import { agentFor, runAgent } from './agent-runner';
import { audit } from './audit';
import { listPage } from './list';
import { likePattern } from './search';
import { plainLine } from './model-text';
import { postDiscarded, postEdited, postPublished, postWritten } from './pool-events';
import { checkSeo } from './seo-check';
import { createSitePost, postRow, updateSitePost } from './site-posts';
import { requireSiteClient } from './sites';

type Ctx = Pick<Context, 'db' | 'req' | 'secrets' | 'integrations'> & { user: { id: number } | null };
type UserCtx = Ctx & { user: { id: number } };
type PostRow = Selectable<AiPostsTable>;

export const postView = z.object({
  id: z.number().int(),
  idea_id: z.number().int().nullable(),
  website: z.object({ id: z.number().int(), domain_name: z.string(), site_title: z.string() }).nullable(),
  title: z.string(),
  seo_title: z.string(),
  meta_description: z.string(),
  content: z.string(),
  status: z.enum(postStatuses),
  /** 0–10 each (docs/seo-checker.md says how). */
  quality_score: z.number().nullable(),
  seo_score: z.number().nullable(),
  readability_score: z.number().nullable(),
  target_keywords: z.array(z.string()),
  tags: z.array(z.string()),
  generated_offline: z.boolean(),
  site_post_id: z.number().int().nullable(),
  /** The keyword group it was written for (the group holding most of its idea's keywords). */
  keyword_group_id: z.number().int().nullable(),
  assigned_at: z.string().nullable(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PostView = z.infer<typeof postView>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

async function views(ctx: Pick<Context, 'db'>, rows: PostRow[]): Promise<PostView[]> {
  const siteIds = [...new Set(rows.flatMap((r) => (r.website_id === null ? [] : [r.website_id])))];
  const sites =
    siteIds.length === 0
      ? []
      : await ctx.db
          .selectFrom('sites')
          .select(['id', 'domain_name', 'site_title'])
          .where('id', 'in', siteIds)
          .execute();
  return rows.map((r) => ({
    id: r.id,
    idea_id: r.idea_id,
    website: sites.find((s) => s.id === r.website_id) ?? null,
    title: r.title,
    seo_title: r.seo_title ?? '',
    meta_description: r.meta_description ?? '',
    content: r.content,
    status: r.status,
    quality_score: num(r.quality_score),
    seo_score: num(r.seo_score),
    readability_score: num(r.readability_score),
    target_keywords: r.target_keywords,
    tags: r.tags,
    generated_offline: r.generated_offline,
    site_post_id: r.site_post_id,
    keyword_group_id: r.keyword_group_id,
    assigned_at: r.assigned_at?.toISOString() ?? null,
    published_at: r.published_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }));
}

async function aiPostRow(ctx: Pick<Context, 'db'>, id: number): Promise<PostRow> {
  const row = await ctx.db.selectFrom('ai_posts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Post');
  return row;
}

export async function getPost(ctx: Pick<Context, 'db'>, id: number) {
  return (await views(ctx, [await aiPostRow(ctx, id)]))[0]!;
}

/** GET ai-content-pool/posts: status, website, created between start_date and end_date, search in the title. */
export async function listPosts(ctx: Pick<Context, 'db'>, input: ListPostsInput) {
  let filtered = ctx.db.selectFrom('ai_posts');
  if (input.status) filtered = filtered.where('status', '=', input.status);
  if (input.website_id !== undefined) filtered = filtered.where('website_id', '=', input.website_id);
  if (input.group_id !== undefined) filtered = filtered.where('keyword_group_id', '=', input.group_id);
  if (input.assignable_to !== undefined) {
    const siteId = input.assignable_to;
    filtered = filtered.where((eb) =>
      eb.or([
        eb('status', 'in', ['draft', 'ready']),
        eb.and([eb('status', 'in', ['assigned', 'published']), eb('website_id', '=', siteId)]),
        // Left behind by a deleted site.
        eb.and([eb('status', '=', 'assigned'), eb('website_id', 'is', null)]),
      ]),
    );
  }
  if (input.start_date) filtered = filtered.where('created_at', '>=', input.start_date);
  if (input.end_date) {
    filtered = filtered.where('created_at', '<', new Date(input.end_date.getTime() + 24 * 3600 * 1000));
  }
  if (input.search) filtered = filtered.where('title', 'ilike', likePattern(input.search));
  const { rows, pagination } = await listPage({
    db: ctx.db,
    filtered,
    id: 'ai_posts.id',
    sortBy: sql`ai_posts.created_at`,
    order: input.order,
    sortValue: (r: PostRow) => r.created_at,
    select: (q) => q.selectAll('ai_posts'),
    page: input.page,
    limit: input.limit,
    cursor: input.cursor,
  });
  return { posts: await views(ctx, rows as PostRow[]), pagination };
}

/**
 * HTML from a model or an editor as WordPress should get it: the tags of an article (headings,
 * paragraphs, lists, emphasis, links, quotes, tables), no scripts, styles, frames or event handlers,
 * links only to http(s) and mail; square brackets as entities, so no [shortcode] runs.
 */
export function cleanHtml(html: string): string {
  const clean = sanitizeHtml(html, {
    allowedTags: [
      'h2',
      'h3',
      'h4',
      'p',
      'br',
      'ul',
      'ol',
      'li',
      'strong',
      'em',
      'b',
      'i',
      'a',
      'blockquote',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: { a: ['href', 'title', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    // A link a model or a keyword slipped in passes no ranking to its target.
    transformTags: { h1: 'h2', a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener' }) },
  });
  return clean.replace(/\[/g, '&#91;').replace(/\]/g, '&#93;');
}

/**
 * The post's scores on the 10 scale: SEO from the shared checker, readability from its readability
 * check, quality from the evaluation of the idea (0–5, doubled) when there is one, else the SEO score.
 */
function scores(
  post: { title: string; content: string; meta_description: string; target_keywords: string[] },
  language: string,
  ideaQuality: number | null,
) {
  const seo = checkSeo({
    title: post.title,
    content: post.content,
    metaDescription: post.meta_description,
    focusKeyword: post.target_keywords[0] ?? '',
    language,
  });
  const readability = seo.checks.find((c) => c.id === 'readability')!;
  return {
    seo_score: seo.score,
    readability_score: Math.round((readability.points / readability.max) * 100) / 10,
    quality_score: ideaQuality === null ? seo.score : Math.round(ideaQuality * 20) / 10,
  };
}

const generatedPost = z.object({
  title: z.string().min(1).max(300),
  seo_title: z.string().min(1).max(120),
  meta_description: z.string().min(1).max(320),
  content: z.string().min(1).max(100_000),
  tags: z.array(z.string().min(1).max(60)).max(10),
});

/** Checked before the promotion job is queued: an approved idea and an active post generator. */
export async function checkPromotion(ctx: Pick<Context, 'db'>, ideaId: number) {
  const idea = await ctx.db
    .selectFrom('ai_ideas')
    .select(['id', 'status'])
    .where('id', '=', ideaId)
    .executeTakeFirst();
  if (!idea) throw notFound('Idea');
  if (idea.status !== 'approved') {
    throw new AppError(
      'VALIDATION_ERROR',
      `Only an approved idea can be promoted; this one is ${idea.status.replace('_', ' ')}`,
      { status: idea.status },
    );
  }
  await agentFor(ctx, 'generate_post');
}

/**
 * The keyword group a post was written for: the one holding most of the idea's keywords, among the
 * site's groups first (core §2's content-pool tab filters by it); none when no group holds any.
 */
async function groupOf(db: Context['db'], siteId: number | null, keywords: readonly string[]) {
  if (keywords.length === 0) return null;
  const lower = keywords.map((k) => k.toLowerCase());
  const best = await db
    .selectFrom('keyword_group_keywords as gk')
    .innerJoin('keywords as k', 'k.id', 'gk.keyword_id')
    .select('gk.group_id')
    .select((eb) => eb.fn.countAll<number>().as('hits'))
    .where(sql<boolean>`lower(k.keyword_text) = ANY(${lower})`)
    .groupBy('gk.group_id')
    .orderBy(
      sql`bool_or(EXISTS (SELECT 1 FROM keyword_group_sites s WHERE s.group_id = gk.group_id AND s.site_id = ${siteId}))`,
      'desc',
    )
    .orderBy('hits', 'desc')
    .orderBy('gk.group_id')
    .limit(1)
    .executeTakeFirst();
  return best?.group_id ?? null;
}

/**
 * POST ai-content-pool/ideas/{id}/promote (run as a job): the post generator writes the post from the
 * approved idea (its HTML cleaned, its scores from the shared checker), status draft; the idea becomes
 * promoted in the same transaction. One post per job: a repeated attempt finds it.
 */
export async function promoteIdea(ctx: Ctx, jobId: string, ideaId: number) {
  const done = await ctx.db.selectFrom('ai_posts').selectAll().where('job_id', '=', jobId).executeTakeFirst();
  if (done) return { postId: done.id, ideaId };
  const idea = await ctx.db.selectFrom('ai_ideas').selectAll().where('id', '=', ideaId).executeTakeFirst();
  if (!idea) throw notFound('Idea');
  if (idea.status !== 'approved') {
    throw new PermanentJobError(`Only an approved idea can be promoted; this one is ${idea.status}`);
  }
  const agent = await agentFor(ctx, 'generate_post');
  const site =
    idea.website_id === null
      ? undefined
      : await ctx.db
          .selectFrom('sites')
          .select(['domain_name', 'site_title'])
          .where('id', '=', idea.website_id)
          .executeTakeFirst();
  const run = await runAgent(ctx, {
    agent,
    schema: generatedPost,
    schemaName: 'post',
    values: {
      website: site?.site_title ?? '',
      target_website: site?.domain_name ?? '',
      language: languageName(idea.language),
      idea_text: idea.idea_text,
      target_keywords: idea.source_keywords,
      word_count: 1000,
    },
    language: idea.language,
    about: idea.source_keywords,
    facts: { idea_text: idea.idea_text, keywords: idea.source_keywords, website: site?.domain_name ?? '' },
    related: { ideaId: idea.id },
  });
  const post = {
    title: plainLine(run.output.title) || plainLine(idea.idea_text).slice(0, 200),
    seo_title: plainLine(run.output.seo_title),
    meta_description: plainLine(run.output.meta_description),
    content: cleanHtml(run.output.content),
    target_keywords: idea.source_keywords,
    tags: [...new Set(run.output.tags.map(plainLine).filter(Boolean))],
  };
  const row = await ctx.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('ai_ideas')
      .set({ status: 'promoted', updated_at: new Date() })
      .where('id', '=', idea.id)
      .where('status', '=', 'approved')
      .returning('id')
      .executeTakeFirst();
    if (!claimed) throw new PermanentJobError('The idea was promoted or changed meanwhile');
    const inserted = await trx
      .insertInto('ai_posts')
      .values({
        ...post,
        ...scores(post, idea.language, num(idea.quality_score)),
        idea_id: idea.id,
        website_id: idea.website_id,
        status: 'draft',
        generated_offline: run.generator === 'offline',
        job_id: jobId,
        created_by: ctx.user?.id ?? null,
        keyword_group_id: await groupOf(trx, idea.website_id, idea.source_keywords),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await postWritten({ db: trx, user: ctx.user }, inserted);
    return inserted;
  });
  await ctx.db
    .updateTable('agent_decisions')
    .set({ related_post_id: row.id })
    .where('id', '=', run.decisionId)
    .execute();
  await audit(ctx, {
    action: 'post.promote',
    subjectType: 'idea',
    subjectId: idea.id,
    details: { postId: row.id },
  });
  return { postId: row.id, ideaId: idea.id };
}

/** PUT ai-content-pool/posts/{id}: the whole post; its HTML cleaned and its scores computed again. */
export async function updatePost(ctx: UserCtx, input: UpdatePostInput) {
  const before = await aiPostRow(ctx, input.id);
  const idea =
    before.idea_id === null
      ? undefined
      : await ctx.db
          .selectFrom('ai_ideas')
          .select(['quality_score', 'language'])
          .where('id', '=', before.idea_id)
          .executeTakeFirst();
  const post = {
    title: input.title,
    seo_title: input.seo_title.trim(),
    meta_description: input.meta_description.trim(),
    content: cleanHtml(input.content),
    target_keywords: input.target_keywords,
    tags: input.tags,
  };
  // A published post's site copy changes with it (WordPress first; a refusal saves nothing).
  if (before.status === 'published' && before.website_id !== null && before.site_post_id !== null) {
    const live = await postRow(ctx, before.website_id, before.site_post_id).catch((error: unknown) => {
      if (error instanceof AppError && error.appCode === 'NOT_FOUND') return null;
      throw error;
    });
    if (live) {
      await updateSitePost(ctx, before.website_id, live.id, {
        title: post.title,
        content: post.content,
        excerpt: post.meta_description,
        status: 'published',
      });
    }
  }
  const row = await ctx.db.transaction().execute(async (trx) => {
    const saved = await trx
      .updateTable('ai_posts')
      .set({
        ...post,
        ...scores(post, idea?.language ?? 'en', num(idea?.quality_score)),
        updated_at: new Date(),
      })
      .where('id', '=', input.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await postEdited({ db: trx, user: ctx.user }, before, saved, input.editing_since);
    return saved;
  });
  await audit(ctx, { action: 'post.update', subjectType: 'post', subjectId: row.id, details: {} });
  return (await views(ctx, [row]))[0]!;
}

/** How long a publisher holds a post while WordPress is asked (longer than the client's timeouts). */
const PUBLISH_LEASE_MS = 2 * 60_000;

const refuse = (message: string) => {
  throw new AppError('VALIDATION_ERROR', message);
};

/** What a move from one status to another needs (doc2 §4, and a published post stays live). */
function checkMove(before: PostRow, to: PostStatusInput['status']) {
  if (before.status === to && to === 'published') refuse('This post is already published');
  if (before.status === 'published' && to !== 'archived') {
    refuse('A published post stays published; archive it to take it out of the pool');
  }
  if ((to === 'assigned' || to === 'published') && before.website_id === null) {
    refuse('Assign the post to a site first');
  }
  if (to === 'assigned' && before.status === 'draft') refuse('Mark the post ready first');
}

/**
 * PUT ai-content-pool/posts/{id}/status (doc2 §4): publish from any status but published, archive from
 * any but archived; draft and ready between themselves, assigned from ready (it needs a site); a
 * published post can only be archived (its copy on the site stays). Publishing claims the post on its
 * row first (any process: an editor, a bulk publish, the cadence), then pushes it to its site's
 * WordPress as a published post (the site's post, created or updated); when WordPress does not answer
 * it is sent with the site's next push (`pending_push`).
 */
export async function setPostStatus(ctx: Ctx, input: PostStatusInput) {
  const before = await aiPostRow(ctx, input.id);
  checkMove(before, input.status);
  if (before.status === input.status) return { post: (await views(ctx, [before]))[0]!, pending_push: false };
  let pendingPush = false;
  let sitePostId = before.site_post_id;
  const claimed = input.status === 'published';
  if (claimed) {
    const now = new Date();
    const claim = await ctx.db
      .updateTable('ai_posts')
      .set({ publishing_until: new Date(now.getTime() + PUBLISH_LEASE_MS) })
      .where('id', '=', before.id)
      .where('status', '=', before.status)
      .where((eb) =>
        eb.and([
          eb('website_id', '=', before.website_id),
          eb.or([eb('publishing_until', 'is', null), eb('publishing_until', '<', now)]),
        ]),
      )
      .returning('id')
      .executeTakeFirst();
    if (!claim) refuse('The post is being published or was changed meanwhile; reload it and try again');
  }
  try {
    if (claimed && before.website_id !== null) {
      await requireSiteClient(ctx, before.website_id);
      const fields = {
        title: before.title,
        content: before.content,
        excerpt: before.meta_description ?? '',
        status: 'published' as const,
      };
      const existing =
        sitePostId === null
          ? null
          : await postRow(ctx, before.website_id, sitePostId).catch((error: unknown) => {
              if (error instanceof AppError && error.appCode === 'NOT_FOUND') return null;
              throw error;
            });
      const published = existing
        ? await updateSitePost(ctx, before.website_id, existing.id, fields)
        : await createSitePost(ctx, before.website_id, fields);
      sitePostId = published.id;
      pendingPush = published.needs_push;
    }
    const row = await ctx.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('ai_posts')
        .set({
          status: input.status,
          site_post_id: sitePostId,
          publishing_until: null,
          ...(input.status === 'published' ? { published_at: new Date() } : {}),
          ...(input.status === 'assigned' ? { assigned_at: new Date() } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', input.id)
        // Another process changed it meanwhile: that change stands, and the caller is told.
        .where('status', '=', before.status)
        .where('website_id', 'is not distinct from', before.website_id)
        .returningAll()
        .executeTakeFirst();
      const events = { db: trx, user: ctx.user };
      if (changed?.status === 'published') await postPublished(events, changed);
      if (changed?.status === 'archived' && before.published_at === null)
        await postDiscarded(events, changed);
      return changed;
    });
    if (!row) refuse('The post was changed meanwhile; reload it and try again');
    await audit(ctx, {
      action: 'post.status',
      subjectType: 'post',
      subjectId: row!.id,
      details: { from: before.status, to: row!.status, pendingPush },
    });
    return { post: (await views(ctx, [row!]))[0]!, pending_push: pendingPush };
  } finally {
    // A failed publish lets the next one try at once.
    if (claimed) {
      await ctx.db
        .updateTable('ai_posts')
        .set({ publishing_until: null })
        .where('id', '=', before.id)
        .where('status', '!=', 'published')
        .execute();
    }
  }
}
