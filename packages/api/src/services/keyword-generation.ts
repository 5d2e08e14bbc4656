import { sql } from '@blogfleet/db';
import type { GenerateKeywordsInput } from '@blogfleet/validators';
import { z } from 'zod';
import type { Context } from '../context';
import { audit } from './audit';
import { textGenerator } from './integration-config';
import { measureKeywords, measuredAnything, type MetricsSource } from './keyword-metrics';
import { estimatedIntent, keywordScore } from './keyword-score';

type Ctx = Pick<Context, 'db' | 'secrets' | 'integrations' | 'req'> & { user: { id: number } | null };

const generatedKeywords = z.object({
  keywords: z.array(z.string().min(2).max(200)).min(1).max(150),
});

/**
 * A generated keyword as stored: one line, trimmed, inner spaces made one, lower case in its language
 * (how people type searches; Turkish İ becomes i, not i̇). Keywords people type or import keep their case.
 */
export const normalKeyword = (text: string, language: string) =>
  text.replace(/\s+/g, ' ').trim().toLocaleLowerCase(language);

export interface GeneratedKeywordsResult {
  targetWebsite: string;
  created: string[];
  /** Candidates the website already had. */
  existing: number;
  metrics: MetricsSource;
  /** Of the created keywords, how many the provider measured. */
  measured: number;
  /** Why the provider measured nothing (metrics: failed). */
  metricsError: string | null;
  generator: 'openai' | 'offline';
}

/**
 * POST keywords/generate (run as a job): candidates from the AI text integration around the topic (the
 * site's title or the website's best keywords when none is given), without the ones the website already
 * has; then their metrics from the keyword data integration. Metrics nobody measured stay empty; the
 * score is computed from what was measured (keyword-score.ts), the intent estimated from the words.
 */
export async function generateKeywords(
  ctx: Ctx,
  input: GenerateKeywordsInput,
  progress: (percent: number, message: string) => Promise<void> = async () => undefined,
): Promise<GeneratedKeywordsResult> {
  const website = input.targetWebsite;
  const [site, best] = await Promise.all([
    ctx.db.selectFrom('sites').select(['site_title']).where('domain_name', '=', website).executeTakeFirst(),
    ctx.db
      .selectFrom('keywords')
      .select('keyword_text')
      .where('target_website', '=', website)
      .orderBy('score', 'desc')
      .orderBy('id')
      .limit(10)
      .execute(),
  ]);
  const examples = best.map((k) => k.keyword_text);
  const topic = input.topic || site?.site_title || examples[0] || website;

  await progress(10, `Asking for keyword ideas about ${topic}`);
  const generator = await textGenerator(ctx);
  const answer = await generator.generate({
    schema: generatedKeywords,
    schemaName: 'keyword_ideas',
    system:
      'You are an SEO researcher. You suggest search queries real people type into a search engine: two to six words, lower case, one topic each, no duplicates, no brand names unless the topic names one.',
    prompt:
      `Suggest ${input.count} search keywords for the website ${website} about "${topic}".` +
      (examples.length > 0 ? ` It already targets: ${examples.join('; ')}. Do not repeat those.` : ''),
    language: input.language,
    input: { website, topic, keywords: [topic, ...examples.slice(0, 3)], count: input.count },
  });

  const candidates = [...new Set(answer.output.keywords.map((k) => normalKeyword(k, input.language)))].filter(
    (k) => k.length >= 2 && k.length <= 200,
  );
  const taken =
    candidates.length === 0
      ? new Set<string>()
      : new Set(
          (
            await ctx.db
              .selectFrom('keywords')
              .select(sql<string>`lower(keyword_text)`.as('text'))
              .where('target_website', '=', website)
              .where(
                sql<string>`lower(keyword_text)`,
                'in',
                candidates.map((c) => c.toLowerCase()),
              )
              .execute()
          ).map((r) => r.text),
        );
  const fresh = candidates.filter((c) => !taken.has(c.toLowerCase())).slice(0, input.count);

  await progress(50, `Measuring ${fresh.length} keywords`);
  const metrics = await measureKeywords(ctx, fresh, input.language);
  const now = new Date();
  const rows = fresh.map((text) => {
    const m = metrics.byText.get(text.toLowerCase());
    const measured = measuredAnything(m) ? m : null;
    const commercial_intent = estimatedIntent(text);
    return {
      keyword_text: text,
      target_website: website,
      search_volume: measured?.search_volume ?? null,
      competition_level: measured?.competition_level ?? null,
      cpc: measured?.cpc ?? null,
      keyword_difficulty: measured?.keyword_difficulty ?? null,
      commercial_intent,
      metrics_updated_at: measured ? now : null,
      score: keywordScore({
        search_volume: measured?.search_volume ?? null,
        competition_level: measured?.competition_level ?? null,
        keyword_difficulty: measured?.keyword_difficulty ?? null,
        commercial_intent,
      }),
    };
  });

  await progress(80, `Saving ${rows.length} keywords`);
  const created = await ctx.db.transaction().execute(async (trx) => {
    // Someone may have added one of them meanwhile: theirs stays.
    const inserted =
      rows.length === 0
        ? []
        : await trx
            .insertInto('keywords')
            .values(rows)
            .onConflict((oc) => oc.doNothing())
            .returning(['keyword_text', 'metrics_updated_at'])
            .execute();
    await audit(
      { ...ctx, db: trx },
      {
        action: 'keyword.generate',
        subjectType: 'keyword',
        details: { website, topic, created: inserted.length, metrics: metrics.source },
      },
    );
    return inserted;
  });
  return {
    targetWebsite: website,
    created: created.map((r) => r.keyword_text),
    existing: taken.size,
    metrics: metrics.source,
    measured: created.filter((r) => r.metrics_updated_at !== null).length,
    metricsError: metrics.reason,
    generator: answer.generator,
  };
}
