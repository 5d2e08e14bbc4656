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

/** Any of the words, as whole words in any script (`\b` knows only ASCII letters). */
const words = (list: string) => new RegExp(`(?<![\\p{L}\\p{N}])(${list})(?![\\p{L}\\p{N}])`, 'iu');

/** Words that mark a search as about to buy, comparing before buying, or learning (en, tr, es, fr, de). */
const BUYING = words(
  'buy|price|prices|cheap|deals?|discount|coupon|order|shop|for sale|fiyat\\p{L}*|satın al\\p{L}*|ucuz|indirim\\p{L}*|kampanya\\p{L}*|comprar|precios?|barato|ofertas?|acheter|prix|pas cher|kaufen|preise?|günstig|angebote?',
);
const COMPARING = words(
  'best|top|reviews?|vs|versus|comparison|compare|affordable|alternatives?|en iyi|yorum\\p{L}*|karşılaştırma\\p{L}*|öneri\\p{L}*|inceleme\\p{L}*|mejor(es)?|opiniones|comparativa|meilleure?s?|avis|comparatif|beste[nr]?|test|vergleich',
);
const LEARNING = words(
  'what|how|why|guide|tutorial|ideas|meaning|nedir|nasıl|neden|rehber\\p{L}*|qué|cómo|guía|comment|was ist|wie|anleitung',
);

/**
 * The commercial intent (0–1) a keyword's words suggest when no provider measured it: 0.9 buying
 * ("price", "satın al"), 0.6 comparing ("best", "en iyi", "review"), 0.1 learning ("how to", "nedir"),
 * 0.3 otherwise. An editor may correct it; the score follows.
 */
export function estimatedIntent(keyword: string): number {
  if (BUYING.test(keyword)) return 0.9;
  if (COMPARING.test(keyword)) return 0.6;
  if (LEARNING.test(keyword)) return 0.1;
  return 0.3;
}
