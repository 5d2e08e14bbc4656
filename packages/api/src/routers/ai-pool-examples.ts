import {
  createExampleInput,
  idParam,
  listExamplesInput,
  listMetricsInput,
  paginationShape,
  updateExampleInput,
} from '@blogfleet/validators';
import { z } from 'zod';
import { createExample, exampleView, getExample, listExamples, updateExample } from '../services/ai-examples';
import { listMetrics, metricsView } from '../services/pool-metrics';
import { protectedProcedure, router } from '../trpc';

const tags = ['ai-content-pool'];
const exampleResult = z.object({ example: exampleView });

export const examplesRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/ai-content-pool/examples',
        tags,
        summary: 'Content examples',
        description:
          'search (title and content), status (active or archived; default both), page, limit (default 50); newest first. Active examples are given to the generators as references, the most relevant first.',
      },
    })
    .input(listExamplesInput)
    .output(z.object({ examples: z.array(exampleView), pagination: paginationShape }))
    .query(({ ctx, input }) => listExamples(ctx, input)),

  get: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: '/ai-content-pool/examples/{id}', tags, summary: 'One example' },
    })
    .input(z.object({ id: idParam }))
    .output(exampleResult)
    .query(async ({ ctx, input }) => ({ example: await getExample(ctx, input.id) })),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/ai-content-pool/examples',
        tags,
        summary: 'Add a content example',
        description:
          'title and content (required), metadata: seo_title, meta_description, target_keywords (a list or comma-separated), audience, genre, tone. It is active.',
      },
    })
    .input(createExampleInput)
    .output(exampleResult)
    .mutation(async ({ ctx, input }) => ({ example: await createExample(ctx, input) })),

  update: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/ai-content-pool/examples/{id}',
        tags,
        summary: 'Edit or archive a content example',
        description:
          'status (archived: never given to the generators again; active brings it back), or the whole example (title, content, metadata), or any of these.',
      },
    })
    .input(updateExampleInput)
    .output(exampleResult)
    .mutation(async ({ ctx, input }) => ({ example: await updateExample(ctx, input) })),
});

export const metricsProcedure = protectedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/ai-content-pool/metrics',
      tags,
      summary: 'Performance metrics',
      description:
        'metric_type, start_date, end_date (days, both included), limit (single measurements, default 100). Measured from events, never typed in: time_to_approve and time_to_reject (an idea’s creation to its review), approval_rate (100 per approval, 0 per rejection, so the average is the rate), human_edit_time (from opening a post’s editor to saving it, at most 4 hours), publish_time (a post’s writing to its publication), seo_score (the checker’s score in percent, when written and when saved), engagement_rate (from site analytics). Times in seconds, the rest in percent. Answers averages per type, daily averages and the newest measurements.',
    },
  })
  .input(listMetricsInput)
  .output(metricsView)
  .query(({ ctx, input }) => listMetrics(ctx, input));
