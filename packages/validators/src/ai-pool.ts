import { z } from 'zod';
import { MAX_ID, noNulBytes } from './common';
import { generationLanguages } from './constants';
import { listInput } from './list';

/** The jobs agents do (doc2 §4); `error` is only a display fallback. */
export const agentActionTypes = [
  'generate_idea',
  'evaluate_idea',
  'rewrite_idea',
  'generate_post',
  'rewrite_post',
  'generate_feedback',
  'synthesize_policy',
  'analyze_performance',
] as const;
export type AgentActionType = (typeof agentActionTypes)[number];

/** When an agent runs. */
export const agentTriggers = [
  'manual',
  'on_idea_created',
  'on_idea_needs_rewrite',
  'on_idea_promoted',
  'on_post_feedback',
  'scheduled_daily',
] as const;

/**
 * The named variables a prompt template of each action type may use (`{keywords}`), and those it must
 * use: the runner fills exactly these, so a template naming anything else would send the model a
 * literal `{placeholder}`.
 */
export const AGENT_VARIABLES: Record<
  AgentActionType,
  { allowed: readonly string[]; required: readonly string[] }
> = {
  generate_idea: {
    allowed: [
      'website',
      'target_website',
      'keywords',
      'count',
      'language',
      'policies',
      'examples',
      'existing_ideas',
    ],
    required: ['keywords'],
  },
  evaluate_idea: {
    allowed: ['website', 'target_website', 'idea_text', 'source_keywords', 'language', 'policies'],
    required: ['idea_text'],
  },
  rewrite_idea: {
    allowed: [
      'website',
      'target_website',
      'language',
      'idea_text',
      'source_keywords',
      'feedback',
      'policies',
    ],
    required: ['idea_text'],
  },
  generate_post: {
    allowed: [
      'website',
      'target_website',
      'language',
      'idea_text',
      'target_keywords',
      'word_count',
      'policies',
      'examples',
    ],
    required: ['idea_text'],
  },
  rewrite_post: {
    allowed: [
      'website',
      'language',
      'title',
      'target_keywords',
      'content_segment',
      'feedback',
      'feedback_type',
      'category',
      'policies',
      'content',
    ],
    required: ['content', 'feedback'],
  },
  generate_feedback: {
    allowed: ['website', 'language', 'idea_text', 'title', 'content', 'policies'],
    required: [],
  },
  synthesize_policy: { allowed: ['policies', 'feedback'], required: ['feedback'] },
  analyze_performance: {
    allowed: [
      'start_date',
      'end_date',
      'metrics',
      'idea_stats',
      'post_stats',
      'decisions',
      'previous_metrics',
    ],
    required: ['metrics'],
  },
};

/** `{name}` placeholders (JSON braces in the template's instructions are not variables). */
const PLACEHOLDER = /\{([a-z_]+)\}/g;
export const templateVariables = (template: string) => [
  ...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!)),
];

/** What is wrong with a template for its action type, in words a user can act on; empty when fine. */
export function templateProblems(template: string, actionType: AgentActionType): string[] {
  const { allowed, required } = AGENT_VARIABLES[actionType];
  const used = templateVariables(template);
  const problems: string[] = [];
  const unknown = used.filter((v) => !allowed.includes(v));
  if (unknown.length > 0) {
    problems.push(
      `Unknown variables ${unknown.map((v) => `{${v}}`).join(', ')}; this action type can use ${allowed
        .map((v) => `{${v}}`)
        .join(', ')}`,
    );
  }
  const missing = required.filter((v) => !used.includes(v));
  if (missing.length > 0) {
    problems.push(`The template must use ${missing.map((v) => `{${v}}`).join(', ')}`);
  }
  return problems;
}

const id = z.coerce.number<number>().int().positive().max(MAX_ID);
const text = (max: number, message: string) =>
  z.string().max(max, message).refine(noNulBytes, 'Must not contain NUL characters');

const agentFields = z.object({
  name: z
    .string()
    .max(2048)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'Name is required').max(100, 'A name has at most 100 characters')),
  description: text(1_000, 'A description has at most 1,000 characters').default(''),
  prompt_template: text(20_000, 'A prompt template has at most 20,000 characters').pipe(
    z.string().trim().min(1, 'A prompt template is required'),
  ),
  is_active: z.boolean().default(true),
  action_type: z.enum(agentActionTypes, 'Choose the action type the agent serves'),
  trigger: z.enum(agentTriggers).default('manual'),
  /** A model other than the integration's default, for this agent only. */
  model: text(100, 'A model name has at most 100 characters').nullable().optional(),
});

const checkTemplate = (
  v: { prompt_template: string; action_type: AgentActionType },
  ctx: z.RefinementCtx,
) => {
  for (const message of templateProblems(v.prompt_template, v.action_type)) {
    ctx.addIssue({ code: 'custom', path: ['prompt_template'], message });
  }
};

/** POST ai-content-pool/agents: a new agent, its template checked for its action type's variables. */
export const createAgentInput = agentFields.superRefine(checkTemplate);
export type CreateAgentInput = z.infer<typeof createAgentInput>;
/** PUT ai-content-pool/agents/{id}: the whole agent (doc2 §7). */
export const updateAgentInput = agentFields.extend({ id }).superRefine(checkTemplate);
export type UpdateAgentInput = z.infer<typeof updateAgentInput>;

/** Keywords used when none are given (doc2 §5, §9). */
export const DEFAULT_IDEA_KEYWORDS = ['technology', 'AI', 'automation'] as const;
export const IDEAS_GENERATED = { default: 5, max: 20 } as const;
export const IDEAS_PAGE_SIZE = 20;

/** A list of keywords, or one comma-separated string: trimmed, empties dropped (doc2 §5). */
const keywordList = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((k) => k.trim()).filter((k) => k.length > 0))
  .pipe(z.array(z.string().max(200, 'A keyword has at most 200 characters')).max(50, 'At most 50 keywords'));

/** POST ai-content-pool/ideas/generate (doc2 §7). */
export const generateIdeasInput = z.object({
  website_id: z.coerce
    .number<number>({ error: () => 'Please select a website' })
    .int('Please select a website')
    .positive('Please select a website')
    .max(MAX_ID, 'Please select a website'),
  keywords: keywordList.default([]),
  count: z.coerce
    .number<number>()
    .int()
    .min(1, `Between 1 and ${IDEAS_GENERATED.max} ideas`)
    .max(IDEAS_GENERATED.max, `Between 1 and ${IDEAS_GENERATED.max} ideas`)
    .default(IDEAS_GENERATED.default),
  /** The idea generation agent to use (default: the first active one). */
  agent_id: id.optional(),
  language: z.enum(generationLanguages).default('en'),
});
export type GenerateIdeasInput = z.infer<typeof generateIdeasInput>;

export const ideaStatuses = [
  'pending_review',
  'approved',
  'rejected',
  'needs_rewrite',
  'promoted',
  'rewritten',
] as const;
export type IdeaStatus = (typeof ideaStatuses)[number];

/** GET ai-content-pool/ideas (doc2 §7): data.ideas and data.pagination (hasNext, hasPrev). */
export const listIdeasInput = listInput({
  sorts: ['created_at'] as const,
  defaultSort: 'created_at',
  defaultLimit: IDEAS_PAGE_SIZE,
}).extend({
  website_id: id.optional(),
  /** Ideas made from this keyword (exact, case aside). */
  keyword: z.string().trim().max(200).optional(),
  status: z.enum(ideaStatuses).optional(),
});
export type ListIdeasInput = z.infer<typeof listIdeasInput>;

/** PUT ai-content-pool/ideas/{id}/status; `note` tells the rewriter what to change (needs_rewrite). */
export const ideaStatusInput = z.object({
  id,
  status: z.enum(ideaStatuses, 'Unknown idea status'),
  note: text(2_000, 'A note has at most 2,000 characters').optional(),
});
export type IdeaStatusInput = z.infer<typeof ideaStatusInput>;

/** GET ai-content-pool/decisions (doc2 §7): limit, agent_id, action_type. */
export const listDecisionsInput = z.object({
  limit: z.coerce.number<number>().int().min(1).max(200).default(50),
  agent_id: id.optional(),
  action_type: z.enum(agentActionTypes).optional(),
  /** Decisions older than this id (the next page). */
  before_id: id.optional(),
});
export type ListDecisionsInput = z.infer<typeof listDecisionsInput>;

export const postStatuses = ['draft', 'ready', 'assigned', 'published', 'archived', 'pending'] as const;
export type PostStatus = (typeof postStatuses)[number];
/** The posts page pages by 10, fixed (doc2 §9). */
export const POSTS_PAGE_SIZE = 10;

/** POST ai-content-pool/ideas/{id}/promote. */
export const promoteIdeaInput = z.object({ id });

const dateFilter = z.coerce.date('Enter a date (YYYY-MM-DD)').optional();

/** GET ai-content-pool/posts (doc2 §7): status, start_date, end_date (creation), search; data.posts. */
export const listPostsInput = listInput({
  sorts: ['created_at'] as const,
  defaultSort: 'created_at',
  defaultLimit: POSTS_PAGE_SIZE,
}).extend({
  status: z.enum(postStatuses).optional(),
  website_id: id.optional(),
  /** Posts written for this keyword group's keywords (core §2 content-pool tab's group filter). */
  group_id: id.optional(),
  /** A site's content-pool tab: drafts and ready posts, those assigned to or published on it, and those a deleted site left. */
  assignable_to: id.optional(),
  start_date: dateFilter,
  /** Inclusive: the whole day. */
  end_date: dateFilter,
});
export type ListPostsInput = z.infer<typeof listPostsInput>;

const shortList = (what: string) =>
  z
    .union([z.array(z.string()), z.string()])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((k) => k.trim()).filter((k) => k.length > 0))
    .pipe(
      z.array(z.string().max(100, `A ${what} has at most 100 characters`)).max(20, `At most 20 ${what}s`),
    );

/** PUT ai-content-pool/posts/{id}: the whole post (doc2 §5: keywords and tags comma-separated). */
export const updatePostInput = z.object({
  id,
  title: z
    .string()
    .max(2048)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'Title is required').max(300, 'A title has at most 300 characters')),
  seo_title: text(120, 'An SEO title has at most 120 characters').default(''),
  meta_description: text(320, 'A meta description has at most 320 characters').default(''),
  content: text(200_000, 'The content is longer than 200,000 characters'),
  target_keywords: shortList('keyword').default([]),
  tags: shortList('tag').default([]),
  /** When the editor opened the post: the save records the human edit time from it. */
  editing_since: z.coerce.date().optional(),
});
export type UpdatePostInput = z.infer<typeof updatePostInput>;

/** PUT ai-content-pool/posts/{id}/status (doc2 §4). */
export const postStatusInput = z.object({
  id,
  status: z.enum(['draft', 'ready', 'assigned', 'published', 'archived'], 'Unknown post status'),
});
export type PostStatusInput = z.infer<typeof postStatusInput>;

export const feedbackTypes = ['positive', 'negative', 'neutral'] as const;
export const feedbackCategories = [
  'tone',
  'clarity',
  'engagement',
  'accuracy',
  'structure',
  'relevance',
  'other',
] as const;
export const contentSegments = ['none', 'full', 'headline', 'intro', 'body', 'conclusion'] as const;

/** An optional id typed in a form: empty means none (doc2 §5: numbers converted to integers or null). */
const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.coerce
    .number<number>()
    .int('Must be a whole number')
    .positive('Must be a whole number')
    .max(MAX_ID)
    .nullable(),
);

/** POST ai-content-pool/feedback (doc2 §7), the add-feedback dialog's fields. */
export const createFeedbackInput = z.object({
  idea_pool_id: optionalId.default(null),
  post_pool_id: optionalId.default(null),
  feedback_text: z
    .string()
    .max(8_000)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'Feedback text is required').max(4_000, 'Feedback has at most 4,000 characters')),
  feedback_type: z.enum(feedbackTypes).default('neutral'),
  category: z.enum(feedbackCategories).default('other'),
  content_segment: z.enum(contentSegments).default('none'),
  score: z.coerce
    .number<number>()
    .int()
    .min(1, 'A score from 1 to 5')
    .max(5, 'A score from 1 to 5')
    .default(3),
});
export type CreateFeedbackInput = z.infer<typeof createFeedbackInput>;

/** GET ai-content-pool/feedback (doc2 §7: limit; data.feedback), newest first. */
export const listFeedbackInput = z.object({
  limit: z.coerce.number<number>().int().min(1).max(200).default(50),
  before_id: id.optional(),
  idea_pool_id: id.optional(),
  post_pool_id: id.optional(),
  is_synthesized: z.stringbool().optional(),
  /** true: only what editors' actions recorded; false: only what was written by hand. */
  implicit: z.stringbool().optional(),
});
export type ListFeedbackInput = z.infer<typeof listFeedbackInput>;

export const policyStatuses = ['pending_review', 'active', 'archived'] as const;

/** Context and examples as JSON: an object (or, for examples, a list), or JSON text of one. */
function fromJsonText(what: string, allowList: boolean) {
  return (v: unknown, ctx: z.RefinementCtx) => {
    if (typeof v !== 'string') return v as Record<string, unknown> | unknown[];
    if (v.trim() === '') return allowList ? [] : {};
    try {
      const parsed = JSON.parse(v) as unknown;
      if (typeof parsed === 'object' && parsed !== null && (allowList || !Array.isArray(parsed))) {
        return parsed as Record<string, unknown> | unknown[];
      }
    } catch {
      // Reported below.
    }
    ctx.addIssue({ code: 'custom', message: `${what} must be valid JSON${allowList ? '' : ' (an object)'}` });
    return z.NEVER;
  };
}
const contextField = z
  .union([z.string().max(20_000), z.record(z.string(), z.unknown())])
  .transform(fromJsonText('Context', false));
const examplesField = z
  .union([z.string().max(20_000), z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .transform(fromJsonText('Examples', true));

/** POST ai-content-pool/policies: a new policy starts pending review (doc2 §4). */
export const createPolicyInput = z.object({
  trait: z
    .string()
    .max(1_000)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'Trait is required').max(200, 'A trait has at most 200 characters')),
  guiding_principle: z
    .string()
    .max(8_000)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'Guiding principle is required').max(2_000, 'At most 2,000 characters')),
  context: contextField.default({}),
  examples: examplesField.default([]),
  status: z.literal('pending_review', 'A new policy starts pending review').default('pending_review'),
});
export type CreatePolicyInput = z.infer<typeof createPolicyInput>;

/** PUT ai-content-pool/policies/{id}/status: approve (active) or archive, both from pending_review. */
export const policyStatusInput = z.object({
  id,
  status: z.enum(['active', 'archived'], 'A policy is approved (active) or archived'),
});
export type PolicyStatusInput = z.infer<typeof policyStatusInput>;

export const listPoliciesInput = z.object({
  status: z.enum(policyStatuses).optional(),
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number<number>().int().min(1).max(200).default(50),
  before_id: id.optional(),
});
export type ListPoliciesInput = z.infer<typeof listPoliciesInput>;

export const exampleStatuses = ['active', 'archived'] as const;

const keywordsField = shortList('keyword').default([]);

/** A content example's metadata (doc2 §3): SEO fields and who, what kind and in what voice it is for. */
export const exampleMetadata = z.object({
  seo_title: text(120, 'An SEO title has at most 120 characters').default(''),
  meta_description: text(320, 'A meta description has at most 320 characters').default(''),
  target_keywords: keywordsField,
  audience: text(200, 'The audience has at most 200 characters').default(''),
  genre: text(100, 'The genre has at most 100 characters').default(''),
  tone: text(100, 'The tone has at most 100 characters').default(''),
});
export type ExampleMetadata = z.infer<typeof exampleMetadata>;

const exampleTitle = z
  .string()
  .max(2048)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, 'Title is required').max(300, 'A title has at most 300 characters'));
const exampleContent = z
  .string()
  .max(200_000, 'The content is longer than 200,000 characters')
  .transform((v) => v.trim())
  .pipe(z.string().min(1, 'Content is required'));

/** POST ai-content-pool/examples (doc2 §7): title, content, metadata; a new example is active. */
export const createExampleInput = z.object({
  title: exampleTitle,
  content: exampleContent,
  metadata: exampleMetadata.default({
    seo_title: '',
    meta_description: '',
    target_keywords: [],
    audience: '',
    genre: '',
    tone: '',
  }),
});
export type CreateExampleInput = z.infer<typeof createExampleInput>;

/** PUT ai-content-pool/examples/{id} (doc2 §7): a status (archive, or back to active), or the whole example. */
export const updateExampleInput = z.object({
  id,
  title: exampleTitle.optional(),
  content: exampleContent.optional(),
  metadata: exampleMetadata.optional(),
  status: z.enum(exampleStatuses, 'An example is active or archived').optional(),
});
export type UpdateExampleInput = z.infer<typeof updateExampleInput>;

/** GET ai-content-pool/examples: search in title and content, status (default: all), newest first. */
export const listExamplesInput = listInput({
  sorts: ['created_at'] as const,
  defaultSort: 'created_at',
  defaultLimit: 50,
}).extend({ status: z.enum(exampleStatuses).optional() });
export type ListExamplesInput = z.infer<typeof listExamplesInput>;

/** Measured from events (doc2 §4): times in seconds (shown in minutes), the rest in percent. */
export const metricTypes = [
  'human_edit_time',
  'publish_time',
  'time_to_approve',
  'time_to_reject',
  'seo_score',
  'engagement_rate',
  'approval_rate',
] as const;
export type MetricType = (typeof metricTypes)[number];
export const TIME_METRICS: readonly MetricType[] = [
  'human_edit_time',
  'publish_time',
  'time_to_approve',
  'time_to_reject',
];

/** GET ai-content-pool/metrics (doc2 §7): metric_type, start_date, end_date (inclusive days). */
export const listMetricsInput = z.object({
  metric_type: z.enum(metricTypes, 'Unknown metric type').optional(),
  start_date: dateFilter,
  end_date: dateFilter,
  /** How many single measurements the detail table gets (newest first). */
  limit: z.coerce.number<number>().int().min(1).max(500).default(100),
});
export type ListMetricsInput = z.infer<typeof listMetricsInput>;

const bulkIds = z
  .array(id)
  .min(1, 'Select at least one item')
  .max(100, 'At most 100 items at a time')
  .transform((ids) => [...new Set(ids)]);

/** POST ai-content-pool/ideas/bulk-status: one status move per idea, each answered on its own. */
export const bulkIdeaStatusInput = z.object({
  ids: bulkIds,
  status: z.enum(['approved', 'rejected'], 'Bulk review approves or rejects'),
});
export type BulkIdeaStatusInput = z.infer<typeof bulkIdeaStatusInput>;

/** POST ai-content-pool/ideas/bulk-promote: a promotion job per approved idea. */
export const bulkPromoteInput = z.object({ ids: bulkIds });

/** POST ai-content-pool/posts/bulk-status: publish or archive the selected posts. */
export const bulkPostStatusInput = z.object({
  ids: bulkIds,
  status: z.enum(['ready', 'published', 'archived'], 'Bulk actions publish, archive or mark ready'),
});
export type BulkPostStatusInput = z.infer<typeof bulkPostStatusInput>;

/** POST sites/{id}/posts/assign (core §7): pool posts to publish on this site. */
export const assignPostsInput = z.object({ id, postIds: bulkIds });
export type AssignPostsInput = z.infer<typeof assignPostsInput>;

/** Publishing cadence: the site publishes this many of its assigned posts a week (0: off). */
export const publishingCadenceInput = z.object({
  id,
  posts_per_week: z
    .number('Between 0 and 50 posts a week')
    .int('A whole number of posts')
    .min(0, 'Between 0 and 50 posts a week')
    .max(50, 'Between 0 and 50 posts a week'),
});
export type PublishingCadenceInput = z.infer<typeof publishingCadenceInput>;
