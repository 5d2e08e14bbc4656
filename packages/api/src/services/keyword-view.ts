import type { KeywordsTable, Selectable } from '@blogfleet/db';
import { competitionLevels } from '@blogfleet/validators';
import { z } from 'zod';

/** What callers see of a keyword. A metric nobody measured is null (shown as "—"), never a guess. */
export const keywordView = z.object({
  id: z.number().int(),
  keyword_text: z.string(),
  target_website: z.string(),
  search_volume: z.number().int().nullable(),
  competition_level: z.enum(competitionLevels).nullable(),
  /** Cost per click in US dollars. */
  cpc: z.number().nullable(),
  keyword_difficulty: z.number().int().nullable(),
  commercial_intent: z.number(),
  /** 0–100: from the metrics (see keyword-score.ts) unless `score_set_by_hand`. */
  score: z.number(),
  score_set_by_hand: z.boolean(),
  is_used: z.boolean(),
  /** Sites this keyword is assigned to (active assignments). */
  active_site_count: z.number().int(),
  metrics_updated_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type KeywordView = z.infer<typeof keywordView>;

export function toKeywordView(r: Selectable<KeywordsTable>): KeywordView {
  return {
    id: r.id,
    keyword_text: r.keyword_text,
    target_website: r.target_website,
    search_volume: r.search_volume,
    competition_level: r.competition_level,
    cpc: r.cpc === null ? null : Number(r.cpc),
    keyword_difficulty: r.keyword_difficulty,
    commercial_intent: Number(r.commercial_intent),
    score: Number(r.score),
    score_set_by_hand: r.score_set_by_hand,
    is_used: r.is_used,
    active_site_count: r.active_site_count,
    metrics_updated_at: r.metrics_updated_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
