import { assignPostsInput, idParam, publishingCadenceInput } from '@blogfleet/validators';
import { z } from 'zod';
import { assignPosts, bulkResult, cadenceView, getCadence, setCadence } from '../services/pool-publishing';
import { protectedProcedure, router } from '../trpc';

const tags = ['sites'];

/** A site's content-pool tab (core §2): pool posts assigned to the site, and its publishing cadence. */
export const sitePoolRouter = router({
  assign: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/posts/assign',
        tags,
        summary: 'Assign content pool posts to the site',
        description:
          'postIds (1–100). Drafts, ready posts and posts assigned elsewhere become assigned to this site, in line for its publishing cadence or a publish by hand; published and archived posts are left, each with its reason in results.',
      },
    })
    .input(assignPostsInput)
    .output(z.object({ assigned: z.number().int(), results: z.array(bulkResult) }))
    .mutation(({ ctx, input }) => assignPosts(ctx, input)),

  cadence: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sites/{id}/publishing-cadence',
        tags,
        summary: 'The site’s publishing cadence',
        description: 'posts_per_week (0: off), the assigned posts waiting, and when the next goes out.',
      },
    })
    .input(z.object({ id: idParam }))
    .output(cadenceView)
    .query(({ ctx, input }) => getCadence(ctx, input.id)),

  setCadence: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/sites/{id}/publishing-cadence',
        tags,
        summary: 'Publish N assigned posts a week',
        description:
          'posts_per_week 0–50 (0: off). Every 10 minutes the sites whose turn has come (a week divided by N after the last) publish their longest-waiting assigned post to WordPress.',
      },
    })
    .input(publishingCadenceInput)
    .output(cadenceView)
    .mutation(({ ctx, input }) => setCadence(ctx, input)),
});
