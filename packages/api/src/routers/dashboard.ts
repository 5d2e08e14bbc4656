import { dashboardStatsOutput, gettingStartedOutput } from '@blogfleet/validators';
import { z } from 'zod';
import { dashboardStats, gettingStarted } from '../services/dashboard';
import { protectedProcedure, router } from '../trpc';

const tags = ['dashboard'];

export const dashboardRouter = router({
  stats: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/dashboard/stats', tags, summary: 'Dashboard cards' } })
    .input(z.void())
    .output(dashboardStatsOutput)
    .query(({ ctx }) => dashboardStats(ctx)),

  gettingStarted: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/dashboard/getting-started',
        tags,
        summary: 'First-run checklist: which set-up steps are done',
      },
    })
    .input(z.void())
    .output(gettingStartedOutput)
    .query(({ ctx }) => gettingStarted(ctx)),
});
