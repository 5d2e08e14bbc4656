import {
  policyStatuses,
  type CreatePolicyInput,
  type ListPoliciesInput,
  type PolicyStatusInput,
} from '@blogfleet/validators';
import { z } from 'zod';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { PermanentJobError } from '../jobs/kind';
import { agentFor, runAgent } from './agent-runner';
import { audit } from './audit';
import { likePattern } from './search';

type Ctx = Pick<Context, 'db' | 'req' | 'secrets' | 'integrations'> & { user: { id: number } | null };

export const policyView = z.object({
  id: z.number().int(),
  trait: z.string(),
  guiding_principle: z.string(),
  context: z.record(z.string(), z.unknown()),
  examples: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  status: z.enum(policyStatuses),
  /** The feedback it was synthesized from. */
  source_feedback_ids: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
type PolicyView = z.infer<typeof policyView>;

const toView = (r: {
  id: number;
  trait: string;
  guiding_principle: string;
  context: unknown;
  examples: unknown;
  status: PolicyView['status'];
  source_feedback_ids: number[];
  created_at: Date;
  updated_at: Date;
}): PolicyView => ({
  ...r,
  context: r.context as Record<string, unknown>,
  examples: r.examples as PolicyView['examples'],
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** GET ai-content-pool/policies: newest first; status and search (trait or principle). */
export async function listPolicies(ctx: Pick<Context, 'db'>, input: ListPoliciesInput) {
  let q = ctx.db.selectFrom('policies').selectAll().orderBy('id', 'desc').limit(input.limit);
  if (input.status) q = q.where('status', '=', input.status);
  if (input.before_id !== undefined) q = q.where('id', '<', input.before_id);
  if (input.search) {
    const like = likePattern(input.search);
    q = q.where((eb) => eb.or([eb('trait', 'ilike', like), eb('guiding_principle', 'ilike', like)]));
  }
  return { policies: (await q.execute()).map(toView) };
}

/** POST ai-content-pool/policies: added by hand, pending review like a synthesized one. */
export async function createPolicy(ctx: Ctx & { user: { id: number } }, input: CreatePolicyInput) {
  const row = await ctx.db
    .insertInto('policies')
    .values({
      trait: input.trait,
      guiding_principle: input.guiding_principle,
      context: JSON.stringify(input.context),
      examples: JSON.stringify(input.examples),
      status: 'pending_review',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(ctx, {
    action: 'policy.create',
    subjectType: 'policy',
    subjectId: row.id,
    details: { trait: row.trait },
  });
  return toView(row);
}

/**
 * PUT ai-content-pool/policies/{id}/status: approve (active: from now on in every agent's prompt) or
 * archive, both only from pending_review (doc2 §4).
 */
export async function setPolicyStatus(ctx: Ctx & { user: { id: number } }, input: PolicyStatusInput) {
  const before = await ctx.db
    .selectFrom('policies')
    .selectAll()
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!before) throw notFound('Policy');
  const row = await ctx.db
    .updateTable('policies')
    .set({ status: input.status, updated_at: new Date() })
    .where('id', '=', input.id)
    .where('status', '=', 'pending_review')
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    throw new AppError(
      'VALIDATION_ERROR',
      `Only a policy pending review can be ${input.status === 'active' ? 'approved' : 'archived'}; this one is ${before.status.replace('_', ' ')}`,
      { status: before.status },
    );
  }
  await audit(ctx, {
    action: 'policy.status',
    subjectType: 'policy',
    subjectId: row.id,
    details: { from: before.status, to: row.status },
  });
  return toView(row);
}

/** Feedback one synthesis reads at most (oldest first). */
const SYNTHESIS_BATCH = 100;

const synthesized = z.object({
  policies: z
    .array(
      z.object({
        trait: z.string().min(1).max(200),
        guiding_principle: z.string().min(1).max(2_000),
        context: z.object({ applies_to: z.string().max(500) }),
        examples: z.object({
          good: z.array(z.string().max(1_000)).max(5),
          bad: z.array(z.string().max(1_000)).max(5),
        }),
        source_feedback_ids: z.array(z.number().int()).max(SYNTHESIS_BATCH),
      }),
    )
    .max(20),
});

/** Checked before the job is queued: feedback to learn from and an active policy library agent. */
export async function checkSynthesis(ctx: Pick<Context, 'db'>) {
  const waiting = await ctx.db
    .selectFrom('feedback')
    .select('id')
    .where('is_synthesized', '=', false)
    .limit(1)
    .execute();
  if (waiting.length === 0) throw new AppError('VALIDATION_ERROR', 'There is no new feedback to learn from');
  await agentFor(ctx, 'synthesize_policy');
}

/**
 * POST ai-content-pool/policies/synthesize (run as a job): the policy library agent reads the feedback
 * not synthesized yet (with the existing policies, so it does not repeat them) and proposes policies,
 * each pending review; that feedback is marked synthesized in the same transaction.
 */
export async function synthesizePolicies(ctx: Ctx) {
  const batch = await ctx.db
    .selectFrom('feedback')
    .selectAll()
    .where('is_synthesized', '=', false)
    // Written by hand first: a bulk review's implicit rows must not push an editor's words out.
    .orderBy('implicit')
    .orderBy('id')
    .limit(SYNTHESIS_BATCH)
    .execute();
  if (batch.length === 0) throw new PermanentJobError('There is no new feedback to learn from');
  const agent = await agentFor(ctx, 'synthesize_policy');
  const run = await runAgent(ctx, {
    agent,
    schema: synthesized,
    schemaName: 'policies',
    values: {
      feedback: batch
        .map(
          (f) =>
            `${f.id}, ${f.feedback_type}, ${f.category}, ${f.content_segment}, ${f.score}: ${f.feedback_text.replace(/\s+/g, ' ')}`,
        )
        .join('\n'),
    },
    language: 'en',
    facts: { feedback: batch.map((f) => f.feedback_text), keywords: batch.map((f) => f.category) },
    related: { feedbackId: batch[0]!.id },
  });
  const ids = new Set(batch.map((f) => f.id));
  const created = await ctx.db.transaction().execute(async (trx) => {
    const rows = [];
    for (const p of run.output.policies) {
      rows.push(
        await trx
          .insertInto('policies')
          .values({
            trait: p.trait.trim(),
            guiding_principle: p.guiding_principle.trim(),
            context: JSON.stringify(p.context),
            examples: JSON.stringify(p.examples),
            status: 'pending_review',
            // Ids the agent named from the batch; when it named none, the batch it read.
            source_feedback_ids: ((named) => (named.length > 0 ? named : [...ids]))(
              p.source_feedback_ids.filter((id) => ids.has(id)),
            ),
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    }
    await trx
      .updateTable('feedback')
      .set({ is_synthesized: true })
      .where('id', 'in', [...ids])
      .execute();
    return rows;
  });
  await audit(ctx, {
    action: 'policy.synthesize',
    subjectType: 'policy',
    details: { feedback: batch.length, policies: created.length },
  });
  return { policyIds: created.map((r) => r.id), feedback: batch.length, decisionId: run.decisionId };
}
