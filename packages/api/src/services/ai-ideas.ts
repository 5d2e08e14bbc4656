import { sql, type AiIdeasTable, type Selectable } from '@blogfleet/db';
import { isIntegrationError } from '@blogfleet/integrations/errors';
import { languageName } from '@blogfleet/integrations/ai';
import {
  DEFAULT_IDEA_KEYWORDS,
  ideaStatuses,
  type GenerateIdeasInput,
  type IdeaStatus,
  type IdeaStatusInput,
  type ListIdeasInput,
} from '@blogfleet/validators';
import { z } from 'zod';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { activeAgent, agentFor, runAgent, type AgentRow } from './agent-runner';
import { audit } from './audit';
import { listPage } from './list';
import { ideaReviewed } from './pool-events';
import { likePattern } from './search';

type Ctx = Pick<Context, 'db' | 'req' | 'secrets' | 'integrations'> & { user: { id: number } | null };
type IdeaRow = Selectable<AiIdeasTable>;

export const ideaView = z.object({
  id: z.number().int(),
  idea_text: z.string(),
  status: z.enum(ideaStatuses),
  /** 0–5 each, from the evaluation agent; null until evaluated. */
  quality_score: z.number().nullable(),
  seo_score: z.number().nullable(),
  relevance_score: z.number().nullable(),
  source_keywords: z.array(z.string()),
  website: z.object({ id: z.number().int(), domain_name: z.string(), site_title: z.string() }).nullable(),
  language: z.string(),
  agent_id: z.number().int().nullable(),
  generated_offline: z.boolean(),
  /** The evaluation agent's advice and why. */
  recommendation: z.string().nullable(),
  evaluation_reason: z.string().nullable(),
  /** What the reviewer asked the rewriter to change. */
  review_note: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IdeaView = z.infer<typeof ideaView>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

async function views(ctx: Pick<Context, 'db'>, rows: IdeaRow[]): Promise<IdeaView[]> {
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
    idea_text: r.idea_text,
    status: r.status,
    quality_score: num(r.quality_score),
    seo_score: num(r.seo_score),
    relevance_score: num(r.relevance_score),
    source_keywords: r.source_keywords,
    website: sites.find((s) => s.id === r.website_id) ?? null,
    language: r.language,
    agent_id: r.agent_id,
    generated_offline: r.generated_offline,
    recommendation: r.recommendation,
    evaluation_reason: r.evaluation_reason,
    review_note: r.review_note,
    reviewed_at: r.reviewed_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }));
}

async function ideaRow(ctx: Pick<Context, 'db'>, id: number): Promise<IdeaRow> {
  const row = await ctx.db.selectFrom('ai_ideas').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Idea');
  return row;
}

export async function getIdea(ctx: Pick<Context, 'db'>, id: number): Promise<IdeaView> {
  return (await views(ctx, [await ideaRow(ctx, id)]))[0]!;
}

/** GET ai-content-pool/ideas: website, keyword, status, search in the text; newest first. */
export async function listIdeas(ctx: Pick<Context, 'db'>, input: ListIdeasInput) {
  let filtered = ctx.db.selectFrom('ai_ideas');
  if (input.website_id !== undefined) filtered = filtered.where('website_id', '=', input.website_id);
  if (input.status) filtered = filtered.where('status', '=', input.status);
  if (input.keyword) {
    const keyword = input.keyword;
    // The expression of the GIN index ai_ideas_lower_keywords_gin (migration 0024).
    filtered = filtered.where(
      sql<boolean>`lower_keywords(ai_ideas.source_keywords) @> ARRAY[lower(${keyword})]`,
    );
  }
  if (input.search) filtered = filtered.where('idea_text', 'ilike', likePattern(input.search));
  const { rows, pagination } = await listPage({
    db: ctx.db,
    filtered,
    id: 'ai_ideas.id',
    sortBy: sql`ai_ideas.created_at`,
    order: input.order,
    sortValue: (r: IdeaRow) => r.created_at,
    select: (q) => q.selectAll('ai_ideas'),
    page: input.page,
    limit: input.limit,
    cursor: input.cursor,
  });
  return { ideas: await views(ctx, rows as IdeaRow[]), pagination };
}

const generatedIdeas = z.object({
  ideas: z
    .array(
      z.object({
        idea_text: z.string().min(1).max(600),
        source_keywords: z.array(z.string().max(200)).max(10),
      }),
    )
    .min(1)
    .max(60),
});

const evaluation = z.object({
  quality_score: z.number().min(0).max(5),
  seo_score: z.number().min(0).max(5),
  relevance_score: z.number().min(0).max(5),
  recommendation: z.enum(['approved', 'needs_rewrite', 'rejected']),
  reason: z.string().min(1).max(2_000),
});

const rewrittenIdea = z.object({
  idea_text: z.string().min(1).max(600),
  changes: z.string().min(1).max(2_000),
});

const site = async (ctx: Pick<Context, 'db'>, id: number | null) => {
  const row =
    id === null
      ? undefined
      : await ctx.db
          .selectFrom('sites')
          .select(['id', 'domain_name', 'site_title'])
          .where('id', '=', id)
          .executeTakeFirst();
  return row ?? { id: null, domain_name: '', site_title: '' };
};

/** The given keywords an idea is about: those its text names, or those the model named; else its own. */
function sourceKeywords(text: string, named: string[], given: readonly string[]): string[] {
  const lower = text.toLowerCase();
  const givenLower = new Map(given.map((k) => [k.toLowerCase(), k]));
  const found = given.filter((k) => lower.includes(k.toLowerCase()));
  const fromModel = named.flatMap((k) => {
    const g = givenLower.get(k.trim().toLowerCase());
    return g ? [g] : [];
  });
  const both = [...new Set([...found, ...fromModel])];
  return both.length > 0
    ? both
    : named
        .map((k) => k.trim())
        .filter(Boolean)
        .slice(0, 3);
}

/** Scores an idea with the evaluation agent; an idea it cannot score is left unscored (the decision says why). */
async function evaluateIdea(ctx: Ctx, agent: AgentRow, idea: IdeaRow) {
  const s = await site(ctx, idea.website_id);
  try {
    const run = await runAgent(ctx, {
      agent,
      schema: evaluation,
      schemaName: 'idea_evaluation',
      values: {
        website: s.site_title,
        target_website: s.domain_name,
        idea_text: idea.idea_text,
        source_keywords: idea.source_keywords,
        language: languageName(idea.language),
      },
      language: idea.language,
      facts: { idea_text: idea.idea_text, keywords: idea.source_keywords, website: s.domain_name },
      related: { ideaId: idea.id },
    });
    const round = (n: number) => Math.round(Math.min(5, Math.max(0, n)) * 100) / 100;
    await ctx.db
      .updateTable('ai_ideas')
      .set({
        quality_score: round(run.output.quality_score),
        seo_score: round(run.output.seo_score),
        relevance_score: round(run.output.relevance_score),
        recommendation: run.output.recommendation,
        evaluation_reason: run.output.reason,
        updated_at: new Date(),
      })
      .where('id', '=', idea.id)
      .execute();
    return true;
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return false;
  }
}

export interface GeneratedIdeasResult {
  ideaIds: number[];
  evaluated: number;
  generator: 'openai' | 'offline';
}

/**
 * POST ai-content-pool/ideas/generate (run as a job): the idea generation agent writes the ideas from the
 * keywords (technology, AI, automation when none), the evaluation agent scores each, and they wait for
 * review as pending_review. The ideas are written once per job, so a repeated attempt only scores those
 * still unscored.
 */
export async function generateIdeas(
  ctx: Ctx,
  jobId: string,
  input: GenerateIdeasInput,
  progress: (percent: number, message: string) => Promise<void> = async () => undefined,
): Promise<GeneratedIdeasResult> {
  const target = await ctx.db
    .selectFrom('sites')
    .select(['id', 'domain_name', 'site_title'])
    .where('id', '=', input.website_id)
    .executeTakeFirst();
  if (!target) throw notFound('Site');
  let generator: 'openai' | 'offline' = 'offline';
  let rows = await ctx.db
    .selectFrom('ai_ideas')
    .selectAll()
    .where('job_id', '=', jobId)
    .orderBy('id')
    .execute();
  if (rows.length === 0) {
    const agent = await agentFor(ctx, 'generate_idea', input.agent_id);
    const keywords = input.keywords.length > 0 ? input.keywords : [...DEFAULT_IDEA_KEYWORDS];
    const recent = await ctx.db
      .selectFrom('ai_ideas')
      .select('idea_text')
      .where('website_id', '=', target.id)
      .orderBy('created_at', 'desc')
      .limit(30)
      .execute();
    await progress(10, `${agent.name}: ${input.count} ideas about ${keywords.slice(0, 3).join(', ')}`);
    const run = await runAgent(ctx, {
      agent,
      schema: generatedIdeas,
      schemaName: 'ideas',
      values: {
        website: target.site_title,
        target_website: target.domain_name,
        keywords,
        count: input.count,
        language: languageName(input.language),
        existing_ideas: recent.map((r) => r.idea_text),
      },
      language: input.language,
      about: keywords,
      facts: { keywords, count: input.count, website: target.domain_name },
    });
    generator = run.generator;
    const seen = new Set(recent.map((r) => r.idea_text.trim().toLowerCase()));
    const fresh = run.output.ideas
      .map((i) => ({ ...i, idea_text: i.idea_text.replace(/\s+/g, ' ').trim() }))
      .filter((i) => {
        const key = i.idea_text.toLowerCase();
        if (!key || seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .slice(0, input.count);
    if (fresh.length === 0)
      throw new AppError('VALIDATION_ERROR', 'The agent wrote no new ideas; try other keywords');
    rows = await ctx.db
      .insertInto('ai_ideas')
      .values(
        fresh.map((i) => ({
          idea_text: i.idea_text,
          source_keywords: sourceKeywords(i.idea_text, i.source_keywords, keywords),
          website_id: target.id,
          agent_id: agent.id,
          language: input.language,
          generated_offline: run.generator === 'offline',
          created_by: ctx.user?.id ?? null,
          job_id: jobId,
          decision_id: run.decisionId,
        })),
      )
      .returningAll()
      .execute();
    await audit(ctx, {
      action: 'idea.generate',
      subjectType: 'site',
      subjectId: target.id,
      details: { ideas: rows.length, agent: agent.name, generator: run.generator },
    });
  }
  const evaluator = await activeAgent(ctx, 'evaluate_idea');
  let evaluated = rows.filter((r) => r.quality_score !== null).length;
  if (evaluator) {
    const unscored = rows.filter((r) => r.quality_score === null);
    for (const [i, idea] of unscored.entries()) {
      await progress(
        40 + Math.round((50 * i) / unscored.length),
        `${evaluator.name}: idea ${i + 1} of ${unscored.length}`,
      );
      if (await evaluateIdea(ctx, evaluator, idea)) evaluated += 1;
    }
  }
  return { ideaIds: rows.map((r) => r.id), evaluated, generator };
}

/** Where each status may go by hand (doc2 §4); the rewriter moves needs_rewrite on, promotion approved. */
const NEXT: Record<IdeaStatus, readonly IdeaStatus[]> = {
  pending_review: ['approved', 'rejected', 'needs_rewrite'],
  rewritten: ['pending_review', 'approved', 'rejected', 'needs_rewrite'],
  // Normally the rewriter moves it on; by hand it can go back to review (a rewrite that keeps failing).
  needs_rewrite: ['pending_review'],
  approved: [],
  rejected: [],
  promoted: [],
};

const WHY_NOT: Partial<Record<IdeaStatus, string>> = {
  approved: 'an approved idea moves on by being promoted to a post',
  rejected: 'a rejected idea stays rejected',
  promoted: 'it is a post now',
};

/**
 * PUT ai-content-pool/ideas/{id}/status: pending_review (or rewritten) → approved, rejected or
 * needs_rewrite; anything else is refused with the reason. needs_rewrite starts the rewriter (a job) with
 * the reviewer's note. The caller enqueues the job: `rewrite` says whether to.
 */
export async function setIdeaStatus(ctx: Ctx & { user: { id: number } }, input: IdeaStatusInput) {
  const before = await ideaRow(ctx, input.id);
  // The rewriter must be there before an idea waits for it.
  if (input.status === 'needs_rewrite') await agentFor(ctx, 'rewrite_idea');
  // needs_rewrite again: the rewrite is asked again (the last one may have failed).
  if (before.status === input.status) {
    return { idea: (await views(ctx, [before]))[0]!, rewrite: input.status === 'needs_rewrite' };
  }
  if (!NEXT[before.status].includes(input.status)) {
    const allowed = NEXT[before.status];
    throw new AppError(
      'VALIDATION_ERROR',
      `An idea that is ${before.status.replace('_', ' ')} cannot become ${input.status.replace('_', ' ')}: ${
        allowed.length > 0
          ? `it can become ${allowed.map((s) => s.replace('_', ' ')).join(', ')}`
          : (WHY_NOT[before.status] ?? 'it cannot change by hand')
      }`,
      { from: before.status, to: input.status, allowed },
    );
  }
  const reviewed = input.status === 'approved' || input.status === 'rejected';
  // Conditional on the status read: two reviewers at once, the second is told what happened.
  const note = input.note?.trim() || null;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('ai_ideas')
      .set({
        status: input.status,
        ...(input.status === 'needs_rewrite' ? { review_note: note } : {}),
        ...(reviewed ? { reviewed_at: new Date() } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', input.id)
      .where('status', '=', before.status)
      .returningAll()
      .executeTakeFirst();
    if (changed) await ideaReviewed({ db: trx, user: ctx.user }, before, input.status, note);
    return changed;
  });
  if (!row) return setIdeaStatus(ctx, input);
  await audit(ctx, {
    action: 'idea.status',
    subjectType: 'idea',
    subjectId: row.id,
    details: { from: before.status, to: row.status },
  });
  return { idea: (await views(ctx, [row]))[0]!, rewrite: input.status === 'needs_rewrite' };
}

/**
 * The rewriter's job: the idea rewritten after the reviewer's note (rewritten), scored again, and back
 * in review (pending_review). An idea no longer waiting for a rewrite is left as it is.
 */
export async function rewriteIdea(ctx: Ctx, ideaId: number) {
  const idea = await ideaRow(ctx, ideaId);
  if (idea.status === 'needs_rewrite') {
    const agent = await agentFor(ctx, 'rewrite_idea');
    const s = await site(ctx, idea.website_id);
    const run = await runAgent(ctx, {
      agent,
      schema: rewrittenIdea,
      schemaName: 'rewritten_idea',
      values: {
        website: s.site_title,
        target_website: s.domain_name,
        language: languageName(idea.language),
        idea_text: idea.idea_text,
        source_keywords: idea.source_keywords,
        feedback: idea.review_note,
      },
      language: idea.language,
      facts: { idea_text: idea.idea_text, keywords: idea.source_keywords, feedback: idea.review_note ?? '' },
      related: { ideaId: idea.id },
    });
    await ctx.db
      .updateTable('ai_ideas')
      .set({
        idea_text: run.output.idea_text.replace(/\s+/g, ' ').trim(),
        status: 'rewritten',
        quality_score: null,
        seo_score: null,
        relevance_score: null,
        recommendation: null,
        evaluation_reason: null,
        updated_at: new Date(),
      })
      .where('id', '=', idea.id)
      .where('status', '=', 'needs_rewrite')
      .execute();
  }
  const current = await ideaRow(ctx, ideaId);
  if (current.status === 'rewritten') {
    const evaluator = await activeAgent(ctx, 'evaluate_idea');
    if (evaluator && current.quality_score === null) await evaluateIdea(ctx, evaluator, current);
    await ctx.db
      .updateTable('ai_ideas')
      .set({ status: 'pending_review', updated_at: new Date() })
      .where('id', '=', ideaId)
      .where('status', '=', 'rewritten')
      .execute();
  }
  return { idea: await getIdea(ctx, ideaId) };
}
