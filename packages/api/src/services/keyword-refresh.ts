import type { Context } from '../context';
import { PermanentJobError } from '../jobs/kind';
import { audit } from './audit';
import { groupsOfKeywords, rederiveGroups } from './keyword-groups';
import { measureKeywords, measuredAnything } from './keyword-metrics';
import { keywordScore } from './keyword-score';

type Ctx = Pick<Context, 'db' | 'secrets' | 'integrations' | 'req'> & { user: { id: number } | null };

export interface RefreshedMetricsResult {
  /** Keywords the provider measured (their metrics and, unless set by hand, score replaced). */
  measured: number;
  /** Keywords it had no data for: kept as they were. */
  unmeasured: string[];
}

/**
 * POST keywords/refresh-metrics (run as a job): the keywords' metrics asked again of the keyword data
 * integration. What it measured replaces the old metrics and the score follows (a score set by hand
 * stays); a keyword it has no data for keeps what it had.
 */
export async function refreshKeywordMetrics(
  ctx: Ctx,
  input: { keywordIds: number[]; language?: string },
): Promise<RefreshedMetricsResult> {
  const rows = await ctx.db
    .selectFrom('keywords')
    .select((eb) => [
      'keywords.id',
      'keywords.keyword_text',
      'keywords.commercial_intent',
      'keywords.score_set_by_hand',
      eb
        .selectFrom('sites')
        .select('sites.targeted_language')
        .whereRef('sites.domain_name', '=', 'keywords.target_website')
        .orderBy('sites.id')
        .limit(1)
        .as('targeted_language'),
    ])
    .where('keywords.id', 'in', input.keywordIds)
    .orderBy('keywords.id')
    .execute();
  // Each keyword in its site's language (a Turkish site's keywords measured as Turkish searches).
  const byLanguage = new Map<string, string[]>();
  for (const r of rows) {
    const language = input.language ?? r.targeted_language ?? 'en';
    byLanguage.set(language, [...(byLanguage.get(language) ?? []), r.keyword_text]);
  }
  const measurements = new Map<string, Parameters<typeof measuredAnything>[0]>();
  for (const [language, texts] of byLanguage) {
    const answer = await measureKeywords(ctx, texts, language);
    if (answer.source === 'not_configured') {
      throw new PermanentJobError(
        'Keyword data is not set up: an admin can add DataForSEO in Settings → Integrations → Keyword data.',
      );
    }
    if (answer.source === 'failed') throw new Error(`Keyword data failed: ${answer.reason}`);
    for (const text of texts) measurements.set(text, answer.byText.get(text.toLowerCase()));
  }
  const now = new Date();
  const unmeasured: string[] = [];
  let measured = 0;
  await ctx.db.transaction().execute(async (trx) => {
    for (const row of rows) {
      const m = measurements.get(row.keyword_text);
      if (!measuredAnything(m)) {
        unmeasured.push(row.keyword_text);
        continue;
      }
      measured += 1;
      await trx
        .updateTable('keywords')
        .set({
          search_volume: m.search_volume,
          competition_level: m.competition_level,
          cpc: m.cpc,
          keyword_difficulty: m.keyword_difficulty,
          metrics_updated_at: now,
          ...(row.score_set_by_hand
            ? {}
            : { score: keywordScore({ ...m, commercial_intent: Number(row.commercial_intent) }) }),
          updated_at: now,
        })
        .where('id', '=', row.id)
        .execute();
    }
    await rederiveGroups(
      trx,
      await groupsOfKeywords(
        trx,
        rows.map((r) => r.id),
      ),
    );
    await audit(
      { ...ctx, db: trx },
      {
        action: 'keyword.refresh_metrics',
        subjectType: 'keyword',
        details: { keywords: rows.length, measured },
      },
    );
  });
  return { measured, unmeasured };
}
