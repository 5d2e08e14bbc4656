import type { ListDecisionsInput } from '@blogfleet/validators';
import { agentActionTypes } from '@blogfleet/validators';
import { z } from 'zod';
import type { Context } from '../context';

/** One agent run (doc2 §3), with what it cost: model or offline, tokens, wall time, or its error. */
export const decisionView = z.object({
  id: z.number().int(),
  agent_id: z.number().int().nullable(),
  agent_name: z.string(),
  action_type: z.enum(agentActionTypes),
  input_data: z.record(z.string(), z.unknown()).nullable(),
  output_data: z.record(z.string(), z.unknown()).nullable(),
  related_idea_id: z.number().int().nullable(),
  related_post_id: z.number().int().nullable(),
  related_feedback_id: z.number().int().nullable(),
  outcome_score: z.number().nullable(),
  model: z.string().nullable(),
  prompt_tokens: z.number().int().nullable(),
  completion_tokens: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
});

/** GET ai-content-pool/decisions: newest first; by agent and action type; `before_id` for the next page. */
export async function listDecisions(ctx: Pick<Context, 'db'>, input: ListDecisionsInput) {
  let q = ctx.db.selectFrom('agent_decisions').selectAll().orderBy('id', 'desc').limit(input.limit);
  if (input.agent_id !== undefined) q = q.where('agent_id', '=', input.agent_id);
  if (input.action_type) q = q.where('action_type', '=', input.action_type);
  if (input.before_id !== undefined) q = q.where('id', '<', input.before_id);
  const rows = await q.execute();
  return {
    decisions: rows.map((r) => ({
      ...r,
      input_data: r.input_data as Record<string, unknown> | null,
      output_data: r.output_data as Record<string, unknown> | null,
      outcome_score: r.outcome_score === null ? null : Number(r.outcome_score),
      created_at: r.created_at.toISOString(),
    })),
  };
}
