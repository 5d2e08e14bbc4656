import type { FeedbackTable, Selectable } from '@blogfleet/db';
import {
  contentSegments,
  feedbackCategories,
  feedbackTypes,
  type CreateFeedbackInput,
  type ListFeedbackInput,
} from '@blogfleet/validators';
import { z } from 'zod';
import type { Context } from '../context';
import { AppError } from '../errors';
import { audit } from './audit';

type Ctx = Pick<Context, 'db' | 'req'> & { user: { id: number } };

export const feedbackView = z.object({
  id: z.number().int(),
  idea_pool_id: z.number().int().nullable(),
  post_pool_id: z.number().int().nullable(),
  feedback_text: z.string(),
  feedback_type: z.enum(feedbackTypes),
  category: z.enum(feedbackCategories),
  content_segment: z.enum(contentSegments),
  score: z.number().int(),
  /** Already turned into policies by the policy library agent. */
  is_synthesized: z.boolean(),
  /** Recorded from an editor's action (approving, rejecting or editing), not written by hand. */
  implicit: z.boolean(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
});

const toView = (r: Selectable<FeedbackTable>): z.infer<typeof feedbackView> => ({
  ...r,
  created_at: r.created_at.toISOString(),
});

/** GET ai-content-pool/feedback: newest first (data.feedback). */
export async function listFeedback(ctx: Pick<Context, 'db'>, input: ListFeedbackInput) {
  let q = ctx.db.selectFrom('feedback').selectAll().orderBy('id', 'desc').limit(input.limit);
  if (input.before_id !== undefined) q = q.where('id', '<', input.before_id);
  if (input.idea_pool_id !== undefined) q = q.where('idea_pool_id', '=', input.idea_pool_id);
  if (input.post_pool_id !== undefined) q = q.where('post_pool_id', '=', input.post_pool_id);
  if (input.is_synthesized !== undefined) q = q.where('is_synthesized', '=', input.is_synthesized);
  if (input.implicit !== undefined) q = q.where('implicit', '=', input.implicit);
  return { feedback: (await q.execute()).map(toView) };
}

/** POST ai-content-pool/feedback: on an idea, a post, or neither; the idea or post must exist. */
export async function createFeedback(ctx: Ctx, input: CreateFeedbackInput) {
  if (input.idea_pool_id !== null) {
    const idea = await ctx.db
      .selectFrom('ai_ideas')
      .select('id')
      .where('id', '=', input.idea_pool_id)
      .executeTakeFirst();
    if (!idea) throw new AppError('VALIDATION_ERROR', `No idea has the id ${input.idea_pool_id}`);
  }
  if (input.post_pool_id !== null) {
    const post = await ctx.db
      .selectFrom('ai_posts')
      .select('id')
      .where('id', '=', input.post_pool_id)
      .executeTakeFirst();
    if (!post) throw new AppError('VALIDATION_ERROR', `No post has the id ${input.post_pool_id}`);
  }
  const row = await ctx.db
    .insertInto('feedback')
    .values({ ...input, created_by: ctx.user.id })
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(ctx, {
    action: 'feedback.create',
    subjectType: 'feedback',
    subjectId: row.id,
    details: { type: row.feedback_type, category: row.category },
  });
  return toView(row);
}
