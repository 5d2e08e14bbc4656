import { jobIdParam, listJobsInput } from '@blogfleet/validators';
import { z } from 'zod';
import { jobView } from '../services/job-view';
import * as jobs from '../services/jobs';
import { protectedProcedure, router } from '../trpc';

const tags = ['jobs'];

export const jobsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/jobs',
        tags,
        summary: "The caller's unfinished and recent jobs (admins: everyone's with all=true)",
      },
    })
    .input(listJobsInput)
    .output(z.object({ jobs: z.array(jobView) }))
    .query(async ({ ctx, input }) => ({ jobs: await jobs.listJobs(ctx, input) })),

  get: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: '/jobs/{id}', tags, summary: 'One job: status, progress, result' },
    })
    .input(z.object({ id: jobIdParam }))
    .output(z.object({ job: jobView }))
    .query(async ({ ctx, input }) => ({ job: await jobs.getJob(ctx, input.id) })),

  cancel: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/jobs/{id}/cancel',
        tags,
        summary: 'Cancel a pending or running job',
      },
    })
    .input(z.object({ id: jobIdParam }))
    .output(z.object({ job: jobView }))
    .mutation(async ({ ctx, input }) => ({ job: await jobs.cancelJob(ctx, input.id) })),
});
