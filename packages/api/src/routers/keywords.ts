import {
  bulkKeywordsInput,
  bulkMarkKeywordsInput,
  createKeywordInput,
  exportKeywordsInput,
  generateKeywordsInput,
  idParam,
  importKeywordsInput,
  keywordAssignmentsInput,
  listKeywordsInput,
  paginationShape,
  refreshKeywordMetricsInput,
  updateKeywordInput,
} from '@blogfleet/validators';
import { z } from 'zod';
import { integrationConfig } from '../services/integration-config';
import { jobView } from '../services/job-view';
import { enqueueJob } from '../services/jobs';
import { setKeywordAssignments } from '../services/keyword-assignments';
import { EXPORT_LIMIT, exportKeywords, importKeywords, IMPORT_LIMIT } from '../services/keyword-csv';
import { keywordView } from '../services/keyword-view';
import * as keywords from '../services/keywords';
import { protectedProcedure, router } from '../trpc';

const keywordResult = z.object({ keyword: keywordView });
const bulkResult = z.object({
  changed: z.number().int().describe('Keywords changed'),
  missing: z.array(z.number().int()).describe('Requested ids that matched no keyword'),
});
const tags = ['keywords'];
const jobResult = z.object({ job: jobView });
const importRow = z.object({
  line: z.number().int(),
  keyword: z.string(),
  website: z.string(),
  search_volume: z.number().int().nullable(),
  competition_level: z.enum(['low', 'medium', 'high']).nullable(),
  cpc: z.number().nullable(),
  keyword_difficulty: z.number().int().nullable(),
  commercial_intent: z.number(),
  status: z.enum(['new', 'exists', 'error']),
  error: z.string().nullable(),
});

export const keywordsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/keywords',
        tags,
        summary: 'List keywords',
        description:
          'Filters: targetWebsite, groupId, status (used/unused), unassigned=true (no site has it assigned), search (part of the keyword). Sorts: created_at, keyword_text, search_volume, competition, score. Answers `data.data` + `data.pagination` (doc2 §7). Unknown metrics are null.',
      },
    })
    .input(listKeywordsInput)
    .output(z.object({ data: z.array(keywordView), pagination: paginationShape }))
    .query(({ ctx, input }) => keywords.listKeywords(ctx, input)),

  websites: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/keywords/websites',
        tags,
        summary: 'Websites with keywords',
        description: 'For the website filter: each website with its number of keywords.',
      },
    })
    .input(z.void())
    .output(
      z.object({
        websites: z.array(z.object({ target_website: z.string(), keywords: z.number().int() })),
      }),
    )
    .query(({ ctx }) => keywords.keywordWebsites(ctx)),

  get: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/keywords/{id}', tags, summary: 'One keyword' } })
    .input(z.object({ id: idParam }))
    .output(keywordResult)
    .query(async ({ ctx, input }) => ({ keyword: await keywords.getKeyword(ctx, input.id) })),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/keywords',
        tags,
        summary: 'Add a keyword',
        description:
          '`keyword` (trimmed, spaces collapsed) for `targetWebsite` (a host name). A keyword the website already has, ignoring case, is `DATABASE_ERROR` "Duplicate entry …".',
      },
    })
    .input(createKeywordInput)
    .output(keywordResult)
    .mutation(async ({ ctx, input }) => ({ keyword: await keywords.createKeyword(ctx, input) })),

  update: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/keywords/{id}',
        tags,
        summary: 'Edit a keyword',
        description:
          'Text, search_volume (a non-number is 0), competition_level, commercial_intent (0–1, step 0.01) and score (0–100, step 0.01). The score is recomputed from the metrics unless a score is given (then kept by hand); `score: null` computes it again.',
      },
    })
    .input(updateKeywordInput)
    .output(keywordResult)
    .mutation(async ({ ctx, input }) => ({ keyword: await keywords.updateKeyword(ctx, input) })),

  delete: protectedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/keywords/{id}', tags, summary: 'Delete a keyword' } })
    .input(z.object({ id: idParam }))
    .output(z.object({ id: z.number().int(), deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => keywords.deleteKeyword(ctx, input.id)),

  bulkDelete: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/keywords/bulk-delete',
        tags,
        summary: 'Delete several keywords',
        description: 'One transaction; their group memberships and site assignments go with them.',
      },
    })
    .input(bulkKeywordsInput)
    .output(bulkResult)
    .mutation(({ ctx, input }) => keywords.bulkDeleteKeywords(ctx, input.keywordIds)),

  bulkMark: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/keywords/bulk-mark',
        tags,
        summary: 'Mark several keywords used or unused',
        description: '`used: true` marks them used, `false` unused; `changed` counts those that changed.',
      },
    })
    .input(bulkMarkKeywordsInput)
    .output(bulkResult)
    .mutation(({ ctx, input }) => keywords.bulkMarkKeywords(ctx, input.keywordIds, input.used)),

  generate: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/keywords/generate',
        tags,
        summary: 'Generate keywords for a website (a job)',
        description:
          'targetWebsite (required), language (en, tr, es, fr, de; default en), topic (default: the site title or the website’s best keywords), count (1–100, default 20). Starts a `keywords.generate` job: candidates from the AI text integration (the offline generator without a model), keywords the website already has left out, metrics from the keyword data integration (DataForSEO) when it is set up, otherwise empty. The job’s result lists the created keywords and where the metrics came from.',
      },
    })
    .input(generateKeywordsInput)
    .output(jobResult)
    .mutation(async ({ ctx, input }) => ({ job: await enqueueJob(ctx, 'keywords.generate', input) })),

  refreshMetrics: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/keywords/refresh-metrics',
        tags,
        summary: 'Measure keywords again (a job)',
        description:
          'keywordIds (1–500), language (default: each keyword in the language of its website’s site, English when it has none): their search volume, competition, CPC and difficulty asked again of the keyword data integration; the score follows unless set by hand. Refused when keyword data is not set up.',
      },
    })
    .input(refreshKeywordMetricsInput)
    .output(jobResult)
    .mutation(async ({ ctx, input }) => {
      await integrationConfig(ctx, 'keyword_data');
      return { job: await enqueueJob(ctx, 'keywords.refresh-metrics', input) };
    }),

  assignments: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/keywords/{id}/assignments',
        tags,
        summary: 'Assign a keyword to sites',
        description:
          'websiteIds (site ids, 1–100), status (active by default): the keyword is assigned to each (again: the status changes). Assignments to other sites stay. Answers the keyword and all its sites.',
      },
    })
    .input(keywordAssignmentsInput)
    .output(
      z.object({
        keyword: keywordView,
        sites: z.array(
          z.object({
            id: z.number().int(),
            domain_name: z.string(),
            status: z.enum(['active', 'inactive']),
            assigned_at: z.string(),
          }),
        ),
      }),
    )
    .mutation(({ ctx, input }) => setKeywordAssignments(ctx, input)),

  export: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/keywords/export',
        tags,
        summary: 'Export the filtered keywords as CSV',
        description: `The list's filters and sort; at most ${EXPORT_LIMIT.toLocaleString('en')} rows (truncated says when cut). Columns: keyword, website, search_volume, competition, cpc, keyword_difficulty, commercial_intent, score, used, created_at; unknown metrics are empty.`,
      },
    })
    .input(exportKeywordsInput)
    .output(z.object({ csv: z.string(), rows: z.number().int(), truncated: z.boolean() }))
    .query(({ ctx, input }) => exportKeywords(ctx, input)),

  import: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/keywords/import',
        tags,
        summary: 'Import keywords from CSV (preview first)',
        description: `csv: a header naming keyword and any of website, search_volume, competition (low/medium/high or 0–1), cpc, keyword_difficulty, commercial_intent; or one keyword per line. targetWebsite for rows without a website. dryRun (default true) answers the preview: each row new, exists or error with its reason. With dryRun false the new rows are added in one transaction. At most ${IMPORT_LIMIT.toLocaleString('en')} rows.`,
      },
    })
    .input(importKeywordsInput)
    .output(
      z.object({
        dryRun: z.boolean(),
        counts: z.object({
          rows: z.number().int(),
          new: z.number().int(),
          exists: z.number().int(),
          errors: z.number().int(),
        }),
        created: z.number().int(),
        preview: z.array(importRow),
        errors: z.array(importRow),
      }),
    )
    .mutation(({ ctx, input }) => importKeywords(ctx, input)),
});
