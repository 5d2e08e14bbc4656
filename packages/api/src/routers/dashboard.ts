import { z } from 'zod';
import { dashboardStats } from '../services/dashboard';
import { protectedProcedure, router } from '../trpc';

const count = z.number().int().nonnegative();
const score = z.number().min(0).max(10).describe('0–10 scale, one decimal');

export const dashboardRouter = router({
  stats: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: '/dashboard/stats', tags: ['dashboard'], summary: 'Dashboard cards' },
    })
    .input(z.void())
    .output(
      z.object({
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
      }),
    )
    .query(({ ctx }) => dashboardStats(ctx)),
});
