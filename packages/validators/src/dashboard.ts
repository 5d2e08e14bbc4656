import { z } from 'zod';

const count = z.number().int().nonnegative();
const score = z.number().min(0).max(10).describe('0–10 scale, one decimal; 0 when nothing is scored yet');

/** The dashboard cards (core §2 Dashboard); the one home of this shape. */
export const dashboardStatsOutput = z.object({
  total_sites: count,
  active_sites: count,
  total_content: count,
  published_content: count,
  pending_content: count,
  total_keyword_groups: count,
  active_keywords: count,
  used_keywords: count,
  avg_keyword_score: score,
  avg_content_score: score,
  /** What the averages are taken over: 0 means "no data yet", not a score of 0. */
  total_keywords: count,
  scored_content: count,
});
export type DashboardStats = z.infer<typeof dashboardStatsOutput>;

export const gettingStartedSteps = ['integrations', 'domain', 'site', 'keywords'] as const;
export type GettingStartedStep = (typeof gettingStartedSteps)[number];

/** The first-run checklist: which steps are done, read from what exists. */
export const gettingStartedOutput = z.object({
  steps: z.object(
    Object.fromEntries(gettingStartedSteps.map((s) => [s, z.boolean()])) as Record<
      GettingStartedStep,
      z.ZodBoolean
    >,
  ),
});
export type GettingStarted = z.infer<typeof gettingStartedOutput>;
