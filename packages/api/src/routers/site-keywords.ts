import {
  assignSiteKeywordsInput,
  idParam,
  listSiteKeywordsInput,
  paginationShape,
} from '@blogfleet/validators';
import { z } from 'zod';
import { assignSiteKeywords, listSiteKeywords, unassignSiteKeyword } from '../services/keyword-assignments';
import { keywordView } from '../services/keyword-view';
import { protectedProcedure } from '../trpc';

const tags = ['sites'];

export const siteKeywordView = keywordView.extend({
  assignment_status: z.enum(['active', 'inactive']),
  assigned_at: z.string(),
});

/** A site's keywords (core §2 keywords tab and its assign dialog); spread into the sites router. */
export const siteKeywordProcedures = {
  keywords: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sites/{id}/keywords',
        tags,
        summary: "The site's keywords",
        description:
          'The keywords assigned to the site, with the keywords list’s filters (groupId, status, search), sorts and paging, each with its assignment_status.',
      },
    })
    .input(listSiteKeywordsInput)
    .output(z.object({ data: z.array(siteKeywordView), pagination: paginationShape }))
    .query(({ ctx, input }) => listSiteKeywords(ctx, input)),

  assignKeywords: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/keywords',
        tags,
        summary: 'Assign keywords to the site',
        description:
          'keywordIds (1–500), status (active by default). Keywords already assigned get the status; ids that match no keyword are answered in `missing`.',
      },
    })
    .input(assignSiteKeywordsInput)
    .output(z.object({ changed: z.number().int(), missing: z.array(z.number().int()) }))
    .mutation(({ ctx, input }) => assignSiteKeywords(ctx, input)),

  unassignKeyword: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/sites/{id}/keywords/{keywordId}',
        tags,
        summary: 'Take a keyword off the site',
      },
    })
    .input(z.object({ id: idParam, keywordId: idParam }))
    .output(z.object({ siteId: z.number().int(), keywordId: z.number().int(), deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => unassignSiteKeyword(ctx, input.id, input.keywordId)),
};
