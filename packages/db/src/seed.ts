import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from './schema';
import type { AgentsTable } from './tables/content';

/**
 * The seven reference agents. Their ids 1..7 are fixed: the agent-decision filter of the
 * content pool refers to them by id (doc 2, §9).
 */
export const REFERENCE_AGENTS: readonly (Insertable<AgentsTable> & { id: number })[] = [
  {
    id: 1,
    name: 'Idea Generation Agent',
    description: 'Generates article ideas for a website from a list of keywords.',
    action_type: 'generate_idea',
    trigger: 'manual',
    prompt_template: `You are a content strategist for the website {website} ({target_website}).
Write {count} distinct article ideas in {language} built around these keywords: {keywords}.

Follow the active editorial policies:
{policies}

Style references (do not copy them):
{examples}

Rules:
- Each idea is one sentence: a working headline plus the angle that makes it worth reading.
- Target search intent a reader of {target_website} actually has; prefer specific, practical topics.
- Do not repeat these existing ideas: {existing_ideas}
- Return JSON: {"ideas": [{"idea_text": string, "source_keywords": string[]}]}.`,
  },
  {
    id: 2,
    name: 'Idea Evaluation Agent',
    description: 'Scores a new idea for quality, SEO potential and relevance (0-5 each).',
    action_type: 'evaluate_idea',
    trigger: 'on_idea_created',
    prompt_template: `Evaluate this article idea for the website {website} ({target_website}).

Idea: {idea_text}
Source keywords: {source_keywords}
Language: {language}

Editorial policies to respect:
{policies}

Score each criterion from 0 to 5 (decimals allowed):
- quality_score: originality, clarity and usefulness to the reader.
- seo_score: search demand and how naturally the keywords fit.
- relevance_score: fit with the website's audience and niche.
Recommend "approved" when every score is at least 3, "needs_rewrite" when the idea is salvageable,
"rejected" otherwise.
Return JSON: {"quality_score": number, "seo_score": number, "relevance_score": number,
"recommendation": "approved" | "needs_rewrite" | "rejected", "reason": string}.`,
  },
  {
    id: 3,
    name: 'Idea Rewriter Agent',
    description: 'Rewrites ideas marked needs_rewrite using the reviewer feedback.',
    action_type: 'rewrite_idea',
    trigger: 'on_idea_needs_rewrite',
    prompt_template: `Rewrite the following article idea for {website} ({target_website}) in {language}.

Original idea: {idea_text}
Source keywords: {source_keywords}
Reviewer feedback: {feedback}

Editorial policies:
{policies}

Keep the keywords, fix every point raised in the feedback, and make the angle sharper and more
specific. Return JSON: {"idea_text": string, "changes": string}.`,
  },
  {
    id: 4,
    name: 'Post Generator Agent',
    description: 'Turns an approved idea into a full, SEO-ready blog post.',
    action_type: 'generate_post',
    trigger: 'on_idea_promoted',
    prompt_template: `Write a complete blog post in {language} for {website} ({target_website}).

Idea: {idea_text}
Target keywords: {target_keywords}
Target length: about {word_count} words.

Editorial policies:
{policies}

Style references (match tone and structure, never copy):
{examples}

Requirements:
- A compelling H1 title and an SEO title of at most 60 characters.
- A meta description of at most 155 characters that includes the main keyword.
- An introduction, H2/H3 sections, and a conclusion with a clear next step for the reader.
- Use the keywords naturally; no keyword stuffing; no invented facts or statistics.
Return JSON: {"title": string, "seo_title": string, "meta_description": string,
"content": string (HTML), "tags": string[]}.`,
  },
  {
    id: 5,
    name: 'Post Rewriter Agent',
    description: 'Revises a post based on editor feedback for a specific segment.',
    action_type: 'rewrite_post',
    trigger: 'on_post_feedback',
    prompt_template: `Revise the blog post below for {website} in {language}.

Title: {title}
Target keywords: {target_keywords}
Segment to revise: {content_segment}
Feedback ({feedback_type}, {category}): {feedback}

Editorial policies:
{policies}

Post content:
{content}

Change only what the feedback asks for in the named segment (or the whole post when the segment is
"full"), keep the rest intact and keep the HTML structure valid.
Return JSON: {"title": string, "content": string (HTML), "summary_of_changes": string}.`,
  },
  {
    id: 6,
    name: 'Policy Library Generator',
    description: 'Synthesizes unsynthesized feedback into reusable editorial policies.',
    action_type: 'synthesize_policy',
    trigger: 'manual',
    prompt_template: `You maintain the editorial policy library for a portfolio of blogs.

Existing policies:
{policies}

New feedback entries (id, type, category, segment, score 1-5, text):
{feedback}

Find recurring patterns in the new feedback that the existing policies do not cover yet. For each,
write one policy: a short trait name, a guiding principle phrased as an instruction to a writer,
the context in which it applies, and good/bad examples drawn from the feedback.
Do not duplicate or contradict an existing policy.
Return JSON: {"policies": [{"trait": string, "guiding_principle": string, "context": object,
"examples": {"good": string[], "bad": string[]}, "source_feedback_ids": number[]}]}.`,
  },
  {
    id: 7,
    name: 'Performance Analysis Agent',
    description: 'Analyses pipeline metrics and recommends improvements.',
    action_type: 'analyze_performance',
    trigger: 'scheduled_daily',
    prompt_template: `Analyse the content pipeline performance from {start_date} to {end_date}.

Metric averages (times in seconds, rates in percent):
{metrics}

Idea counts by status: {idea_stats}
Post counts by status: {post_stats}
Recent agent decisions with outcome scores:
{decisions}

Identify the biggest bottlenecks and quality problems, compare with the previous period
({previous_metrics}), and propose at most five concrete changes (to prompts, policies or review
workflow), each with the metric it should move.
Return JSON: {"summary": string, "findings": string[],
"recommendations": [{"change": string, "expected_effect": string, "metric": string}]}.`,
  },
];

/** Reference rows every installation needs; safe to run on every start. */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('agents')
    .values(REFERENCE_AGENTS.map((a) => ({ ...a, is_active: true })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  // The explicit ids bypassed the identity sequence; move it past them so new agents get fresh ids.
  await sql`SELECT setval(pg_get_serial_sequence('agents', 'id'), GREATEST((SELECT max(id) FROM agents), 1))`.execute(
    db,
  );
}
