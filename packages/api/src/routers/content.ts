import {
  generateContentInput,
  idParam,
  listContentInput,
  paginationShape,
  updateContentInput,
} from '@blogfleet/validators';
import { z } from 'zod';
import { checkContentRequest } from '../services/content-generation';
import { contentDetail, contentView } from '../services/content-view';
import * as content from '../services/content';
import { jobView } from '../services/job-view';
import { enqueueJob } from '../services/jobs';
import { protectedProcedure, router } from '../trpc';

const tags = ['content'];

export const contentRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/content',
        tags,
        summary: 'List content items',
        description:
          'Filters: siteId, status (published, pending, draft), type (article, page, post), search (part of the title); sort by created_at, title, seo_score or word_count. Each item has its word count and SEO score (0–10, with the checks behind it) but not its text (GET content/{id}).',
      },
    })
    .input(listContentInput)
    .output(z.object({ content: z.array(contentView), pagination: paginationShape }))
    .query(({ ctx, input }) => content.listContent(ctx, input)),

  get: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: '/content/{id}', tags, summary: 'One content item with its text' },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ content: contentDetail }))
    .query(async ({ ctx, input }) => ({ content: await content.getContent(ctx, input.id) })),

  generate: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/content/generate',
        tags,
        summary: 'Generate a piece for a site from a keyword group (a job)',
        description:
          'siteId and keywordGroupId (both required), contentType (article, page or post; default article). Starts a `content.generate` job: the AI text integration (the offline generator without a model) writes the piece from the group’s keywords in the site’s language; it is stored as a content item and as a draft on the site’s WordPress (a post, or a page for pages), with its word count and SEO score. The group’s keywords count as used.',
      },
    })
    .input(generateContentInput)
    .output(z.object({ job: jobView }))
    .mutation(async ({ ctx, input }) => {
      await checkContentRequest(ctx, input);
      return { job: await enqueueJob(ctx, 'content.generate', input) };
    }),

  update: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/content/{id}',
        tags,
        summary: 'Edit a content item',
        description:
          'title, content (HTML), meta_description, focus_keyword, status (draft or pending; a published piece stays published). Its post or page on the site changes with it; word count and SEO score are computed again.',
      },
    })
    .input(updateContentInput)
    .output(z.object({ content: contentDetail }))
    .mutation(async ({ ctx, input }) => ({ content: await content.updateContent(ctx, input) })),

  publish: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/content/{id}/publish',
        tags,
        summary: 'Publish a content item on its site',
        description:
          'Pushes the piece to its site’s WordPress and publishes it (created there again if it was deleted). Refused when already published. pending_push: WordPress did not answer; the post is sent with the next push.',
      },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ content: contentDetail, pending_push: z.boolean() }))
    .mutation(({ ctx, input }) => content.publishContent(ctx, input.id)),

  delete: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/content/{id}',
        tags,
        summary: 'Delete a content item',
        description:
          'Its unpublished draft on the site goes to WordPress’s trash with it; a published piece stays on the site (kept_on_site).',
      },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ id: z.number().int(), deleted: z.literal(true), kept_on_site: z.boolean() }))
    .mutation(({ ctx, input }) => content.deleteContent(ctx, input.id)),
});
