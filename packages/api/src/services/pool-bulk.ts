import { isIntegrationError } from '@blogfleet/integrations/errors';
import type { BulkIdeaStatusInput, BulkPostStatusInput } from '@blogfleet/validators';
import type { Context } from '../context';
import { AppError } from '../errors';
import { setIdeaStatus } from './ai-ideas';
import { checkPromotion, setPostStatus } from './ai-posts';
import { enqueueForSubject } from './jobs';
import type { BulkResult } from './pool-publishing';

type Ctx = Context & { user: { id: number } };

/** Runs one action per id in order; a refusal (ours, or a service's such as WordPress) is that id's answer, anything else stops. */
async function each(ids: number[], act: (id: number) => Promise<unknown>): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of ids) {
    try {
      await act(id);
      results.push({ id, ok: true });
    } catch (error) {
      if (!(error instanceof AppError) && !isIntegrationError(error)) throw error;
      results.push({ id, ok: false, error: (error as Error).message });
    }
  }
  return results;
}

/** POST ai-content-pool/ideas/bulk-status: approve or reject each idea, as the single call would. */
export async function bulkIdeaStatus(ctx: Ctx, input: BulkIdeaStatusInput) {
  return { results: await each(input.ids, (id) => setIdeaStatus(ctx, { id, status: input.status })) };
}

/** POST ai-content-pool/ideas/bulk-promote: a promotion job for each approved idea. */
export async function bulkPromote(ctx: Ctx, ids: number[]) {
  const jobs: Record<number, string> = {};
  const results = await each(ids, async (id) => {
    await checkPromotion(ctx, id);
    const job = await enqueueForSubject(
      ctx,
      'ai.promote-idea',
      { ideaId: id },
      { subject: 'idea', subjectId: id },
      'Another user is already promoting this idea',
    );
    jobs[id] = job.id;
  });
  return { results: results.map((r) => ({ ...r, job_id: jobs[r.id] ?? null })) };
}

/** POST ai-content-pool/posts/bulk-status: publish, archive or mark ready each post, one after another. */
export async function bulkPostStatus(ctx: Ctx, input: BulkPostStatusInput) {
  return { results: await each(input.ids, (id) => setPostStatus(ctx, { id, status: input.status })) };
}
