import {
  bulkIdeaStatusInput,
  bulkPostStatusInput,
  bulkPromoteInput,
  createAgentInput,
  createFeedbackInput,
  createPolicyInput,
  listFeedbackInput,
  listPoliciesInput,
  policyStatusInput,
  generateIdeasInput,
  idParam,
  ideaStatusInput,
  listDecisionsInput,
  listIdeasInput,
  listPostsInput,
  paginationShape,
  postStatusInput,
  promoteIdeaInput,
  updateAgentInput,
  updatePostInput,
} from '@blogfleet/validators';
import { z } from 'zod';
import { notFound } from '../errors';
import { agentFor } from '../services/agent-runner';
import { decisionView, listDecisions } from '../services/agent-decisions';
import { agentView, createAgent, getAgent, listAgents, updateAgent } from '../services/agents';
import { createFeedback, feedbackView, listFeedback } from '../services/ai-feedback';
import { getIdea, ideaView, listIdeas, setIdeaStatus } from '../services/ai-ideas';
import {
  checkSynthesis,
  createPolicy,
  listPolicies,
  policyView,
  setPolicyStatus,
} from '../services/ai-policies';
import {
  checkPromotion,
  getPost,
  listPosts,
  postView,
  setPostStatus,
  updatePost,
} from '../services/ai-posts';
import { jobView } from '../services/job-view';
import { enqueueForSubject, enqueueJob } from '../services/jobs';
import { bulkIdeaStatus, bulkPostStatus, bulkPromote } from '../services/pool-bulk';
import { bulkResult } from '../services/pool-publishing';
import { protectedProcedure, router } from '../trpc';
import { examplesRouter, metricsProcedure } from './ai-pool-examples';

const tags = ['ai-content-pool'];
const agentResult = z.object({ agent: agentView });

const agentsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/ai-content-pool/agents',
        tags,
        summary: 'The agents',
        description: 'Every agent, the seven reference agents (ids 1–7) first.',
      },
    })
    .input(z.void())
    .output(z.object({ agents: z.array(agentView) }))
    .query(async ({ ctx }) => ({ agents: await listAgents(ctx) })),

  get: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/ai-content-pool/agents/{id}', tags, summary: 'One agent' } })
    .input(z.object({ id: idParam }))
    .output(agentResult)
    .query(async ({ ctx, input }) => ({ agent: await getAgent(ctx, input.id) })),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/ai-content-pool/agents',
        tags,
        summary: 'A new agent',
        description:
          'name, description, prompt_template, is_active, action_type (the job it serves), trigger, model (optional). The template may use only the named variables of its action type and must use the required ones; otherwise VALIDATION_ERROR names them.',
      },
    })
    .input(createAgentInput)
    .output(agentResult)
    .mutation(async ({ ctx, input }) => ({ agent: await createAgent(ctx, input) })),

  update: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/ai-content-pool/agents/{id}',
        tags,
        summary: 'Save an agent (the whole agent)',
        description: 'As POST; an inactive agent is never run.',
      },
    })
    .input(updateAgentInput)
    .output(agentResult)
    .mutation(async ({ ctx, input }) => ({ agent: await updateAgent(ctx, input) })),
});

const ideasRouter = router({
  generate: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/ai-content-pool/ideas/generate',
        tags,
        summary: 'Generate ideas (a job)',
        description:
          'website_id (required), keywords (a list or comma-separated; empty: technology, AI, automation), count (1–20, default 5), agent_id (an idea generation agent; default the first active one), language (en, tr, es, fr, de; default en). Starts an `ai.generate-ideas` job: the idea generation agent writes the ideas, the evaluation agent scores each (quality, SEO, relevance 0–5), and they wait for review as pending_review. Every agent run leaves one decision.',
      },
    })
    .input(generateIdeasInput)
    .output(z.object({ job: jobView }))
    .mutation(async ({ ctx, input }) => {
      const site = await ctx.db
        .selectFrom('sites')
        .select('id')
        .where('id', '=', input.website_id)
        .executeTakeFirst();
      if (!site) throw notFound('Site');
      await agentFor(ctx, 'generate_idea', input.agent_id);
      return { job: await enqueueJob(ctx, 'ai.generate-ideas', input) };
    }),

  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/ai-content-pool/ideas',
        tags,
        summary: 'List ideas',
        description:
          'Filters: website_id, keyword (one of its source keywords), status, search (in the text); newest first; limit 20 by default. Answers data.ideas and data.pagination (hasNext, hasPrev).',
      },
    })
    .input(listIdeasInput)
    .output(z.object({ ideas: z.array(ideaView), pagination: paginationShape }))
    .query(({ ctx, input }) => listIdeas(ctx, input)),

  get: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/ai-content-pool/ideas/{id}', tags, summary: 'One idea' } })
    .input(z.object({ id: idParam }))
    .output(z.object({ idea: ideaView }))
    .query(async ({ ctx, input }) => ({ idea: await getIdea(ctx, input.id) })),

  promote: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/ai-content-pool/ideas/{id}/promote',
        tags,
        summary: 'Promote an approved idea to a post (a job)',
        description:
          'Only an approved idea. Starts an `ai.promote-idea` job: the post generator agent writes the post (title, SEO title, meta description, cleaned HTML, tags; target keywords from the idea; quality, SEO and readability scores from the shared checker), status draft; the idea becomes promoted.',
      },
    })
    .input(promoteIdeaInput)
    .output(z.object({ job: jobView }))
    .mutation(async ({ ctx, input }) => {
      await checkPromotion(ctx, input.id);
      // One promotion per idea at a time: a double click or a second reviewer joins the first.
      return {
        job: await enqueueForSubject(
          ctx,
          'ai.promote-idea',
          { ideaId: input.id },
          { subject: 'idea', subjectId: input.id },
          'Another user is already promoting this idea',
        ),
      };
    }),

  setStatus: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/ai-content-pool/ideas/{id}/status',
        tags,
        summary: 'Review an idea',
        description:
          'status: from pending_review (or rewritten) to approved, rejected or needs_rewrite; other moves are refused with the reason. needs_rewrite takes a note for the rewriter and starts an `ai.rewrite-idea` job (job in the answer): the rewriter agent rewrites the idea, the evaluator scores it again, and it is back in review.',
      },
    })
    .input(ideaStatusInput)
    .output(z.object({ idea: ideaView, job: jobView.nullable() }))
    .mutation(async ({ ctx, input }) => {
      const { idea, rewrite } = await setIdeaStatus(ctx, input);
      return { idea, job: rewrite ? await enqueueJob(ctx, 'ai.rewrite-idea', { ideaId: idea.id }) : null };
    }),

  bulkStatus: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/ai-content-pool/ideas/bulk-status',
        tags,
        summary: 'Approve or reject several ideas',
        description:
          'ids (1–100), status approved or rejected. Each idea as the single call would; results say, per id, whether it moved or why not.',
      },
    })
    .input(bulkIdeaStatusInput)
    .output(z.object({ results: z.array(bulkResult) }))
    .mutation(({ ctx, input }) => bulkIdeaStatus(ctx, input)),

  bulkPromote: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/ai-content-pool/ideas/bulk-promote',
        tags,
        summary: 'Promote several approved ideas (a job each)',
        description:
          'ids (1–100). An `ai.promote-idea` job per approved idea (job_id); others answer why not.',
      },
    })
    .input(bulkPromoteInput)
    .output(z.object({ results: z.array(bulkResult.extend({ job_id: z.string().nullable() })) }))
    .mutation(({ ctx, input }) => bulkPromote(ctx, input.ids)),
});

const postResult = z.object({ post: postView });

const postsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/ai-content-pool/posts',
        tags,
        summary: 'List posts',
        description:
          'Filters: status, website_id, group_id (the keyword group it was written for), assignable_to (a site id: drafts and ready posts, and those assigned to or published on that site), start_date and end_date (created, both days included), search (in the title); newest first; limit 10 by default. Answers data.posts and data.pagination.',
      },
    })
    .input(listPostsInput)
    .output(z.object({ posts: z.array(postView), pagination: paginationShape }))
    .query(({ ctx, input }) => listPosts(ctx, input)),

  get: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/ai-content-pool/posts/{id}', tags, summary: 'One post' } })
    .input(z.object({ id: idParam }))
    .output(postResult)
    .query(async ({ ctx, input }) => ({ post: await getPost(ctx, input.id) })),

  update: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/ai-content-pool/posts/{id}',
        tags,
        summary: 'Save a post (the whole post)',
        description:
          'title (required), seo_title, meta_description, content (HTML: cleaned of scripts, styles, frames and event handlers), target_keywords and tags (lists or comma-separated). The scores are computed again.',
      },
    })
    .input(updatePostInput)
    .output(postResult)
    .mutation(async ({ ctx, input }) => ({ post: await updatePost(ctx, input) })),

  setStatus: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/ai-content-pool/posts/{id}/status',
        tags,
        summary: 'Change a post’s status; publish it to its site',
        description:
          'status: draft, ready, assigned (needs a site), published (from any other status: pushed to its site’s WordPress as a published post; pending_push when WordPress did not answer and the site’s next push sends it) or archived.',
      },
    })
    .input(postStatusInput)
    .output(z.object({ post: postView, pending_push: z.boolean() }))
    .mutation(({ ctx, input }) => setPostStatus(ctx, input)),

  bulkStatus: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/ai-content-pool/posts/bulk-status',
        tags,
        summary: 'Publish, archive or mark ready several posts',
        description:
          'ids (1–100), status published, archived or ready. One post after another, as the single call would; results say, per id, whether it moved or why not (a WordPress refusal included).',
      },
    })
    .input(bulkPostStatusInput)
    .output(z.object({ results: z.array(bulkResult) }))
    .mutation(({ ctx, input }) => bulkPostStatus(ctx, input)),
});

const feedbackRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/ai-content-pool/feedback',
        tags,
        summary: 'The feedback log',
        description:
          'Newest first: limit (default 50), before_id (the next page), idea_pool_id, post_pool_id, is_synthesized, implicit (true: recorded from editors’ approvals, rejections, edits and publications; false: written by hand). Answers data.feedback.',
      },
    })
    .input(listFeedbackInput)
    .output(z.object({ feedback: z.array(feedbackView) }))
    .query(({ ctx, input }) => listFeedback(ctx, input)),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/ai-content-pool/feedback',
        tags,
        summary: 'Give feedback',
        description:
          'feedback_text (required), feedback_type (positive, negative, neutral; default neutral), category (tone, clarity, engagement, accuracy, structure, relevance, other; default other), content_segment (none, full, headline, intro, body, conclusion; default none), score 1–5 (default 3), idea_pool_id and post_pool_id (optional; they must exist).',
      },
    })
    .input(createFeedbackInput)
    .output(z.object({ feedback: feedbackView }))
    .mutation(async ({ ctx, input }) => ({ feedback: await createFeedback(ctx, input) })),
});

const policiesRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/ai-content-pool/policies',
        tags,
        summary: 'The policy library',
        description: 'Newest first: status, search (trait or principle), limit (default 50), before_id.',
      },
    })
    .input(listPoliciesInput)
    .output(z.object({ policies: z.array(policyView) }))
    .query(({ ctx, input }) => listPolicies(ctx, input)),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/ai-content-pool/policies',
        tags,
        summary: 'Add a policy',
        description:
          'trait and guiding_principle (required), context (a JSON object, or its text), examples (JSON, or its text). It starts pending review.',
      },
    })
    .input(createPolicyInput)
    .output(z.object({ policy: policyView }))
    .mutation(async ({ ctx, input }) => ({ policy: await createPolicy(ctx, input) })),

  setStatus: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/ai-content-pool/policies/{id}/status',
        tags,
        summary: 'Approve or archive a policy',
        description:
          'status active (approve: from the next run on, every agent’s prompt carries it) or archived; both only from pending_review.',
      },
    })
    .input(policyStatusInput)
    .output(z.object({ policy: policyView }))
    .mutation(async ({ ctx, input }) => ({ policy: await setPolicyStatus(ctx, input) })),

  synthesize: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/ai-content-pool/policies/synthesize',
        tags,
        summary: 'Synthesize policies from feedback (a job)',
        description:
          'Empty body. Starts an `ai.synthesize-policies` job: the policy library agent reads the feedback not synthesized yet (up to 100) with the existing policies and proposes policies, each pending review; that feedback is marked synthesized. Refused when there is no new feedback.',
      },
    })
    .input(z.object({}).optional())
    .output(z.object({ job: jobView }))
    .mutation(async ({ ctx }) => {
      await checkSynthesis(ctx);
      return {
        job: await enqueueForSubject(
          ctx,
          'ai.synthesize-policies',
          {},
          { subject: 'policies', subjectId: 0 },
          'Another user is already synthesizing policies',
        ),
      };
    }),
});

export const aiPoolRouter = router({
  agents: agentsRouter,
  ideas: ideasRouter,
  posts: postsRouter,
  feedback: feedbackRouter,
  policies: policiesRouter,
  examples: examplesRouter,
  metrics: metricsProcedure,
  decisions: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/ai-content-pool/decisions',
        tags,
        summary: 'Agent decisions',
        description:
          'limit (default 50), agent_id, action_type, before_id (the next page). One per agent run: input (the rendered prompt, its values, the policies and examples given), output, related idea / post / feedback, model or offline, tokens, latency, or the error of a failed run. Answers data.decisions.',
      },
    })
    .input(listDecisionsInput)
    .output(z.object({ decisions: z.array(decisionView) }))
    .query(({ ctx, input }) => listDecisions(ctx, input)),
});
