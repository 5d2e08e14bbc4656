import type { AgentsTable, Selectable } from '@blogfleet/db';
import type { GenerateInput } from '@blogfleet/integrations/ai';
import { templateVariables, type AgentActionType } from '@blogfleet/validators';
import type { ZodType } from 'zod';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { aiModelName, textGenerator } from './integration-config';

type Ctx = Pick<Context, 'db' | 'secrets' | 'integrations'>;
export type AgentRow = Selectable<AgentsTable>;

/** Active policies given to every agent, newest first. */
const POLICIES_GIVEN = 20;
/** Content examples given to a generator: the most relevant few. */
const EXAMPLES_GIVEN = 3;
const EXAMPLE_CHARS = 800;

const ACTION_WORDS: Record<AgentActionType, string> = {
  generate_idea: 'generates ideas',
  evaluate_idea: 'evaluates ideas',
  rewrite_idea: 'rewrites ideas',
  generate_post: 'writes posts',
  rewrite_post: 'rewrites posts',
  generate_feedback: 'writes feedback',
  synthesize_policy: 'synthesizes policies',
  analyze_performance: 'analyses performance',
};

/**
 * The agent that does `actionType`: the one asked for (it must serve that action type and be active),
 * or else the first active one.
 */
export async function agentFor(ctx: Pick<Context, 'db'>, actionType: AgentActionType, agentId?: number) {
  if (agentId !== undefined) {
    const agent = await ctx.db.selectFrom('agents').selectAll().where('id', '=', agentId).executeTakeFirst();
    if (!agent) throw notFound('Agent');
    if (agent.action_type !== actionType) {
      throw new AppError(
        'VALIDATION_ERROR',
        `${agent.name} does not ${ACTION_WORDS[actionType].replace(/s /, ' ')}`,
      );
    }
    if (!agent.is_active)
      throw new AppError('VALIDATION_ERROR', `${agent.name} is inactive; activate it first`);
    return agent;
  }
  const agent = await ctx.db
    .selectFrom('agents')
    .selectAll()
    .where('action_type', '=', actionType)
    .where('is_active', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  if (!agent) {
    throw new AppError(
      'VALIDATION_ERROR',
      `No active agent ${ACTION_WORDS[actionType]}; activate one in the content pool's Agents tab`,
    );
  }
  return agent;
}

/** The first active agent of `actionType`, or null (an optional step such as evaluation is then left out). */
export async function activeAgent(ctx: Pick<Context, 'db'>, actionType: AgentActionType) {
  return (
    (await ctx.db
      .selectFrom('agents')
      .selectAll()
      .where('action_type', '=', actionType)
      .where('is_active', '=', true)
      .orderBy('id')
      .executeTakeFirst()) ?? null
  );
}

type Value = string | number | readonly string[] | null | undefined;

/** `{name}` replaced by its value (lists joined by commas); JSON braces in the instructions stay. */
export function renderTemplate(template: string, values: Record<string, Value>): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) => {
    if (!(name in values)) return whole;
    const v = values[name];
    if (v === null || v === undefined || v === '') return '(none)';
    return Array.isArray(v) ? v.join(', ') || '(none)' : String(v);
  });
}

/** The active policies as the prompt lists them, with their ids for the decision. */
async function policiesText(ctx: Pick<Context, 'db'>) {
  const rows = await ctx.db
    .selectFrom('policies')
    .select(['id', 'trait', 'guiding_principle'])
    .where('status', '=', 'active')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(POLICIES_GIVEN)
    .execute();
  return {
    ids: rows.map((r) => r.id),
    text:
      rows.length === 0 ? '(none yet)' : rows.map((r) => `- ${r.trait}: ${r.guiding_principle}`).join('\n'),
  };
}

const words = (s: string) => new Set(s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** The active examples that share the most words with the keywords (newest first among equals). */
async function examplesText(ctx: Pick<Context, 'db'>, about: readonly string[]) {
  const rows = await ctx.db
    .selectFrom('content_examples')
    .select(['id', 'title', 'content', 'metadata', 'updated_at'])
    .where('status', '=', 'active')
    .orderBy('updated_at', 'desc')
    .limit(200)
    .execute();
  const wanted = words(about.join(' '));
  const scored = rows.map((r) => {
    const meta = r.metadata as { target_keywords?: unknown };
    const keys = Array.isArray(meta.target_keywords) ? meta.target_keywords.join(' ') : '';
    const have = words(`${r.title} ${keys}`);
    return { row: r, score: [...wanted].filter((w) => have.has(w)).length };
  });
  const chosen = scored
    .sort((a, b) => b.score - a.score)
    .slice(0, EXAMPLES_GIVEN)
    .map((s) => s.row);
  return {
    ids: chosen.map((r) => r.id),
    text:
      chosen.length === 0
        ? '(none yet)'
        : chosen.map((r) => `### ${r.title}\n${r.content.slice(0, EXAMPLE_CHARS)}`).join('\n\n'),
  };
}

export interface AgentRunRequest<T> {
  agent: AgentRow;
  schema: ZodType<T>;
  schemaName: string;
  /** The template's variables other than policies and examples. */
  values: Record<string, Value>;
  language: string;
  /** Words the most relevant content examples are chosen by. */
  about?: readonly string[];
  /** Facts for the offline generator (and sent to a model after the prompt). */
  facts?: GenerateInput;
  related?: { ideaId?: number | null; postId?: number | null; feedbackId?: number | null };
}

export interface AgentRunResult<T> {
  output: T;
  decisionId: number;
  generator: 'openai' | 'offline';
}

/**
 * Runs one agent: its template rendered with the values, the active policies and the most relevant
 * content examples; the AI text integration asked for the action type's structured output. Every run
 * leaves exactly one agent decision, a failed one with its error; it is written outside any
 * transaction of the caller, so it stays whatever the caller does next.
 */
export async function runAgent<T extends object>(
  ctx: Ctx,
  req: AgentRunRequest<T>,
): Promise<AgentRunResult<T>> {
  const { agent } = req;
  if (!agent.is_active)
    throw new AppError('VALIDATION_ERROR', `${agent.name} is inactive; activate it first`);
  const system = `You are ${agent.name}. ${agent.description}`.trim();
  const base = {
    agent_id: agent.id,
    agent_name: agent.name,
    action_type: agent.action_type,
    related_idea_id: req.related?.ideaId ?? null,
    related_post_id: req.related?.postId ?? null,
    related_feedback_id: req.related?.feedbackId ?? null,
  };
  const started = Date.now();
  let input: Record<string, unknown> = { values: req.values, language: req.language };
  let model: string | null = null;
  try {
    const used = templateVariables(agent.prompt_template);
    const policies = used.includes('policies') ? await policiesText(ctx) : { ids: [], text: '' };
    const examples = used.includes('examples')
      ? await examplesText(ctx, req.about ?? [])
      : { ids: [], text: '' };
    const prompt = renderTemplate(agent.prompt_template, {
      ...req.values,
      policies: policies.text,
      examples: examples.text,
    });
    input = {
      system,
      prompt,
      values: req.values,
      facts: req.facts ?? null,
      language: req.language,
      policy_ids: policies.ids,
      example_ids: examples.ids,
    };
    model = await aiModelName(ctx, agent.model);
    const generator = await textGenerator(ctx, agent.model);
    const result = await generator.generate({
      schema: req.schema,
      schemaName: req.schemaName,
      system,
      prompt,
      language: req.language,
      input: req.facts,
    });
    const decision = await ctx.db
      .insertInto('agent_decisions')
      .values({
        ...base,
        input_data: input,
        output_data: result.output as Record<string, unknown>,
        model: result.generator === 'offline' ? 'offline' : result.model,
        prompt_tokens: result.usage.promptTokens,
        completion_tokens: result.usage.completionTokens,
        latency_ms: result.latencyMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { output: result.output, decisionId: decision.id, generator: result.generator };
  } catch (error) {
    // A failed run is a run too: its decision says why, with what it cost when the provider said.
    const usage = (error as { details?: { usage?: { promptTokens?: number; completionTokens?: number } } })
      .details?.usage;
    await ctx.db
      .insertInto('agent_decisions')
      .values({
        ...base,
        input_data: input,
        output_data: null,
        model,
        prompt_tokens: usage?.promptTokens ?? null,
        completion_tokens: usage?.completionTokens ?? null,
        latency_ms: Date.now() - started,
        error: (error as Error).message.slice(0, 2_000),
      })
      .execute();
    throw error;
  }
}
