import type { CompetitionLevel } from '@blogfleet/validators';

export interface KeywordMetrics {
  search_volume: number | null;
  competition_level: CompetitionLevel | null;
  keyword_difficulty: number | null;
  /** 0–1: how likely a searcher is to buy. */
  commercial_intent: number;
}

/** How easy a competition level is to rank for, when the provider gave no difficulty. */
const EASE: Record<CompetitionLevel, number> = { low: 1, medium: 0.5, high: 0.1 };
/** Monthly searches at which demand counts as full (a log scale: 10 → 0.2, 1,000 → 0.6, 100,000 → 1). */
const FULL_VOLUME_LOG10 = 5;

/**
 * The keyword score, 0–100 with two decimals:
 *
 *   score = 100 × (0.5 × demand + 0.3 × ease + 0.2 × commercial intent)
 *
 * - demand = min(1, log10(1 + monthly searches) / 5);
 * - ease = 1 − difficulty / 100 when the provider gave a keyword difficulty, else low 1, medium 0.5,
 *   high 0.1 from the competition level;
 * - an unknown metric counts 0: a keyword nobody has measured ranks below measured ones, and nothing
 *   is guessed for it.
 */
export function keywordScore(m: KeywordMetrics): number {
  const demand =
    m.search_volume === null
      ? 0
      : Math.min(1, Math.log10(1 + Math.max(0, m.search_volume)) / FULL_VOLUME_LOG10);
  const ease =
    m.keyword_difficulty !== null
      ? 1 - Math.min(100, Math.max(0, m.keyword_difficulty)) / 100
      : m.competition_level !== null
        ? EASE[m.competition_level]
        : 0;
  const intent = Math.min(1, Math.max(0, m.commercial_intent));
  return Math.round(100 * (0.5 * demand + 0.3 * ease + 0.2 * intent) * 100) / 100;
}
