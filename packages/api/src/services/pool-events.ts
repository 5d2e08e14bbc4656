import { sql, type AiIdeasTable, type AiPostsTable, type Selectable } from '@blogfleet/db';
import type { IdeaStatus, MetricType } from '@blogfleet/validators';
import type { Context } from '../context';
import { similarity, words } from './text-similarity';

/**
 * What editors do to the pool's ideas and posts, turned into what the agents learn from: metrics
 * measured from the event, feedback recorded implicitly, and the outcome score (0–5) of the agent runs
 * that made the item. Called in the same transaction as the change itself.
 */
type Ctx = Pick<Context, 'db'> & { user: { id: number } | null };
type IdeaRow = Selectable<AiIdeasTable>;
type PostRow = Selectable<AiPostsTable>;

/** An editing session longer than this was left open, not worked on: it counts as this long. */
const MAX_EDIT_SECONDS = 4 * 3600;

const secondsSince = (from: Date, now: Date) =>
  Math.max(0, Math.round((now.getTime() - from.getTime()) / 1000));
const quote = (text: string, max = 160) => `“${text.length > max ? `${text.slice(0, max - 1)}…` : text}”`;

async function metric(
  ctx: Ctx,
  type: MetricType,
  value: number,
  refs: { ideaId?: number | null; postId?: number | null },
) {
  await ctx.db
    .insertInto('metrics')
    .values({
      metric_type: type,
      value: Math.round(value * 100) / 100,
      idea_pool_id: refs.ideaId ?? null,
      post_pool_id: refs.postId ?? null,
    })
    .execute();
}

async function implicitFeedback(
  ctx: Ctx,
  fields: {
    ideaId?: number | null;
    postId?: number | null;
    text: string;
    type: 'positive' | 'negative' | 'neutral';
    category: 'tone' | 'clarity' | 'engagement' | 'accuracy' | 'structure' | 'relevance' | 'other';
    segment: 'none' | 'full' | 'headline' | 'intro' | 'body' | 'conclusion';
    score: number;
  },
) {
  await ctx.db
    .insertInto('feedback')
    .values({
      idea_pool_id: fields.ideaId ?? null,
      post_pool_id: fields.postId ?? null,
      feedback_text: fields.text.slice(0, 4_000),
      feedback_type: fields.type,
      category: fields.category,
      content_segment: fields.segment,
      score: fields.score,
      implicit: true,
      created_by: ctx.user?.id ?? null,
    })
    .execute();
}

/** The run that wrote a batch of ideas scores the share of its reviewed ideas editors kept. */
async function scoreIdeaGeneration(ctx: Ctx, decisionId: number | null) {
  if (decisionId === null) return;
  // Locked first, so the count below (a new statement) sees what a concurrent review committed.
  await sql`SELECT id FROM agent_decisions WHERE id = ${decisionId} FOR UPDATE`.execute(ctx.db);
  await sql`
    UPDATE agent_decisions SET outcome_score = s.score
    FROM (
      SELECT round(5.0 * count(*) FILTER (WHERE status IN ('approved', 'promoted')) / count(*), 2) AS score
      FROM ai_ideas
      WHERE decision_id = ${decisionId} AND status IN ('approved', 'promoted', 'rejected')
      HAVING count(*) > 0
    ) s
    WHERE agent_decisions.id = ${decisionId}`.execute(ctx.db);
}

/**
 * An editor moved an idea (approved, rejected, or asked for a rewrite): time to decide and the approval
 * rate as metrics, the verdict as implicit feedback, and the outcome of the runs behind the idea: the
 * evaluator scores 5 when its recommendation was the editor's verdict, the rewriter 5 when its rewrite
 * was approved.
 */
export async function ideaReviewed(ctx: Ctx, before: IdeaRow, to: IdeaStatus, note: string | null) {
  const now = new Date();
  if (to === 'approved' || to === 'rejected') {
    const approved = to === 'approved';
    // A rewritten idea waited for review since its rewrite, not since it was first written.
    const rewrite = await ctx.db
      .selectFrom('agent_decisions')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('related_idea_id', '=', before.id)
      .where('action_type', '=', 'rewrite_idea')
      .where('error', 'is', null)
      .executeTakeFirst();
    const since = rewrite?.at ? new Date(rewrite.at) : before.created_at;
    await metric(ctx, approved ? 'time_to_approve' : 'time_to_reject', secondsSince(since, now), {
      ideaId: before.id,
    });
    await metric(ctx, 'approval_rate', approved ? 100 : 0, { ideaId: before.id });
  }
  if (to === 'approved' || to === 'rejected' || to === 'needs_rewrite') {
    const verdict = {
      approved: 'Editor approved the idea',
      rejected: 'Editor rejected the idea',
      needs_rewrite: 'Editor asked for a rewrite of the idea',
    }[to];
    await implicitFeedback(ctx, {
      ideaId: before.id,
      text: `${verdict} ${quote(before.idea_text)}${note ? `: ${note}` : ''}`,
      type: to === 'approved' ? 'positive' : 'negative',
      category: 'relevance',
      segment: 'headline',
      score: to === 'approved' ? 4 : 2,
    });
    await sql`
      UPDATE agent_decisions
      SET outcome_score = CASE WHEN output_data->>'recommendation' = ${to} THEN 5 ELSE 0 END
      WHERE related_idea_id = ${before.id} AND action_type = 'evaluate_idea'
        AND outcome_score IS NULL AND error IS NULL`.execute(ctx.db);
    await sql`
      UPDATE agent_decisions
      SET outcome_score = ${to === 'approved' ? 5 : to === 'rejected' ? 0 : 1}
      WHERE related_idea_id = ${before.id} AND action_type = 'rewrite_idea'
        AND outcome_score IS NULL AND error IS NULL`.execute(ctx.db);
  }
  await scoreIdeaGeneration(ctx, before.decision_id);
}

/** The post generator's run for a post scores how much of what it wrote the editors kept (0–5). */
async function scorePostGeneration(ctx: Ctx, post: Pick<PostRow, 'id' | 'content'>, kept?: number) {
  const runs = await ctx.db
    .selectFrom('agent_decisions')
    .select(['id', 'output_data'])
    .where('related_post_id', '=', post.id)
    .where('action_type', '=', 'generate_post')
    .where('error', 'is', null)
    .execute();
  for (const run of runs) {
    const written = String((run.output_data as { content?: unknown } | null)?.content ?? '');
    const score = kept ?? 5 * similarity(written, post.content);
    await ctx.db
      .updateTable('agent_decisions')
      .set({ outcome_score: Math.round(score * 100) / 100 })
      .where('id', '=', run.id)
      .execute();
  }
}

const listChange = (label: string, before: readonly string[], after: readonly string[]) => {
  const added = after.filter((x) => !before.includes(x));
  const removed = before.filter((x) => !after.includes(x));
  return [
    ...(added.length > 0 ? [`${label} added: ${added.join(', ')}`] : []),
    ...(removed.length > 0 ? [`${label} removed: ${removed.join(', ')}`] : []),
  ];
};

/**
 * An editor saved a post: the time spent editing (from when the editor opened it), its SEO score, what
 * changed as implicit feedback, and the generator's outcome from how much of its text survived.
 */
export async function postEdited(ctx: Ctx, before: PostRow, after: PostRow, editingSince?: Date) {
  const now = new Date();
  const titleChanged = before.title !== after.title;
  const contentChanged = before.content !== after.content;
  const changes = [
    ...(titleChanged ? [`title ${quote(before.title, 120)} → ${quote(after.title, 120)}`] : []),
    ...((before.seo_title ?? '') !== (after.seo_title ?? '') ? ['SEO title rewritten'] : []),
    ...((before.meta_description ?? '') !== (after.meta_description ?? '')
      ? ['meta description rewritten']
      : []),
    ...(contentChanged
      ? [
          `content ${words(before.content).length} → ${words(after.content).length} words, ${Math.round(
            100 * similarity(before.content, after.content),
          )}% kept`,
        ]
      : []),
    ...listChange('keywords', before.target_keywords, after.target_keywords),
    ...listChange('tags', before.tags, after.tags),
  ];
  // A save that changed nothing measures nothing.
  if (changes.length === 0) return;
  // A clock a little ahead in the browser still counts; a date far off is not a measurement.
  if (editingSince && editingSince.getTime() <= now.getTime() + 60_000) {
    const seconds = Math.min(MAX_EDIT_SECONDS, secondsSince(editingSince, now));
    await metric(ctx, 'human_edit_time', seconds, { postId: after.id });
  }
  if (after.seo_score !== null)
    await metric(ctx, 'seo_score', Number(after.seo_score) * 10, { postId: after.id });
  await implicitFeedback(ctx, {
    postId: after.id,
    ideaId: after.idea_id,
    text: `Editor edited the post ${quote(after.title, 120)}: ${changes.join('; ')}`,
    type: 'neutral',
    category: contentChanged ? 'structure' : titleChanged ? 'engagement' : 'other',
    segment:
      titleChanged && contentChanged ? 'full' : contentChanged ? 'body' : titleChanged ? 'headline' : 'none',
    score: contentChanged && similarity(before.content, after.content) < 0.7 ? 2 : 3,
  });
  await scorePostGeneration(ctx, after);
}

/**
 * A post went live: the time from its writing to publication, the generator's outcome and, when an
 * editor published it (not the site's cadence), the editor's approval as implicit feedback.
 */
export async function postPublished(ctx: Ctx, post: PostRow) {
  await metric(ctx, 'publish_time', secondsSince(post.created_at, new Date()), { postId: post.id });
  await scorePostGeneration(ctx, post);
  if (ctx.user === null) return;
  await implicitFeedback(ctx, {
    postId: post.id,
    ideaId: post.idea_id,
    text: `Editor published the post ${quote(post.title, 120)}`,
    type: 'positive',
    category: 'other',
    segment: 'full',
    score: 4,
  });
}

/** A post archived without being published: the editor turned it down. */
export async function postDiscarded(ctx: Ctx, post: PostRow) {
  await implicitFeedback(ctx, {
    postId: post.id,
    ideaId: post.idea_id,
    text: `Editor archived the post ${quote(post.title, 120)} without publishing it`,
    type: 'negative',
    category: 'other',
    segment: 'full',
    score: 2,
  });
  await scorePostGeneration(ctx, post, 0);
}

/** A freshly written post's SEO score, in percent like the other quality metrics. */
export async function postWritten(ctx: Ctx, post: Pick<PostRow, 'id' | 'seo_score'>) {
  if (post.seo_score !== null)
    await metric(ctx, 'seo_score', Number(post.seo_score) * 10, { postId: post.id });
}
