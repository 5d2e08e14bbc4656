import { generateIdeasInput } from '@blogfleet/validators';
import { z } from 'zod';
import { generateIdeas, rewriteIdea } from '../services/ai-ideas';
import { synthesizePolicies } from '../services/ai-policies';
import { promoteIdea } from '../services/ai-posts';
import { publishOnCadence } from '../services/pool-publishing';
import { defineJobKind, jobContext } from './kind';

/** POST ai-content-pool/ideas/generate: the generation agent writes, the evaluation agent scores. */
export const generateIdeasJob = defineJobKind({
  kind: 'ai.generate-ideas',
  payload: generateIdeasInput,
  // A model hiccup is worth one more try; ideas written by the first attempt are kept, not written again.
  retryLimit: 1,
  retryDelaySeconds: 15,
  timeLimitSeconds: 10 * 60,
  title: ({ count }) => `Generate ${count} ideas`,
  run: async ({ id, payload, deps, createdBy, progress }) =>
    generateIdeas(jobContext({ deps, createdBy }), id, payload, progress),
});

/** An idea marked needs_rewrite: the rewriter agent, then the evaluator, then back to review. */
export const rewriteIdeaJob = defineJobKind({
  kind: 'ai.rewrite-idea',
  payload: z.object({ ideaId: z.number().int().positive() }),
  retryLimit: 1,
  retryDelaySeconds: 15,
  timeLimitSeconds: 5 * 60,
  title: () => 'Rewrite an idea',
  run: async ({ payload, deps, createdBy }) => rewriteIdea(jobContext({ deps, createdBy }), payload.ideaId),
});

/** An approved idea promoted: the post generator writes its post (a draft). */
export const promoteIdeaJob = defineJobKind({
  kind: 'ai.promote-idea',
  payload: z.object({ ideaId: z.number().int().positive() }),
  // The post written by the first attempt is found by the next, never written twice.
  retryLimit: 1,
  retryDelaySeconds: 15,
  timeLimitSeconds: 10 * 60,
  title: () => 'Write a post from an idea',
  run: async ({ id, payload, deps, createdBy }) =>
    promoteIdea(jobContext({ deps, createdBy }), id, payload.ideaId),
});

/** The policy library agent turns the feedback not synthesized yet into policies pending review. */
export const synthesizePoliciesJob = defineJobKind({
  kind: 'ai.synthesize-policies',
  payload: z.object({}),
  // No retry: another attempt would pay for the same synthesis again; the user can start it again.
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 10 * 60,
  title: () => 'Synthesize policies from feedback',
  run: async ({ deps, createdBy }) => synthesizePolicies(jobContext({ deps, createdBy })),
});

/** Every 10 minutes: each site with a publishing cadence whose turn has come publishes its next post. */
export const publishOnCadenceJob = defineJobKind({
  kind: 'ai.publish-on-cadence',
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 9 * 60,
  title: () => 'Publish posts on cadence',
  internal: true,
  run: ({ deps }) => publishOnCadence(jobContext({ deps, createdBy: null })),
});
