import { createKeywordDataClient } from '@blogfleet/integrations/keyword-data';
import { isIntegrationError } from '@blogfleet/integrations/errors';
import type { CompetitionLevel } from '@blogfleet/validators';
import { optionalIntegrationConfig, type IntegrationCtx } from './integration-config';

/** What the keyword data provider measured of one keyword; null where it measured nothing. */
export interface MeasuredMetrics {
  search_volume: number | null;
  competition_level: CompetitionLevel | null;
  cpc: number | null;
  keyword_difficulty: number | null;
}

export type MetricsSource = 'dataforseo' | 'not_configured' | 'failed';

export interface MetricsAnswer {
  /** By lower-cased keyword text. */
  byText: Map<string, MeasuredMetrics>;
  source: MetricsSource;
  /** Why nothing was measured (failed), for the job's message. */
  reason: string | null;
}

/**
 * Metrics of the given keywords from the keyword data integration (DataForSEO), in the language asked
 * and the location of its settings. Without the integration, or when the provider fails, nothing is
 * measured (and nothing invented): the answer says which, and the keywords stay unmeasured.
 */
export async function measureKeywords(
  ctx: IntegrationCtx,
  texts: string[],
  language: string,
): Promise<MetricsAnswer> {
  const byText = new Map<string, MeasuredMetrics>();
  const config = await optionalIntegrationConfig(ctx, 'keyword_data');
  if (!config) return { byText, source: 'not_configured', reason: null };
  if (texts.length === 0) return { byText, source: 'dataforseo', reason: null };
  try {
    const answers = await createKeywordDataClient(config).keywordMetrics(texts, { languageCode: language });
    for (const a of answers) {
      byText.set(a.keyword.toLowerCase(), {
        search_volume: a.searchVolume,
        competition_level: a.competition,
        cpc: a.cpc,
        keyword_difficulty: a.keywordDifficulty === null ? null : Math.round(a.keywordDifficulty),
      });
    }
    return { byText, source: 'dataforseo', reason: null };
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return { byText, source: 'failed', reason: error.message };
  }
}

/** Whether the provider measured anything of a keyword (a row of nulls is "not measured"). */
export const measuredAnything = (m: MeasuredMetrics | undefined): m is MeasuredMetrics =>
  m !== undefined &&
  (m.search_volume !== null ||
    m.competition_level !== null ||
    m.cpc !== null ||
    m.keyword_difficulty !== null);
