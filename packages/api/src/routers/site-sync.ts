import { idParam } from '@blogfleet/validators';
import { z } from 'zod';
import {
  enqueueSelectedSitesSync,
  enqueueSiteJob,
  pushSiteJob,
  syncAllPayload,
  syncAllSitesJob,
  syncSiteJob,
} from '../jobs/sites';
import { jobView } from '../services/job-view';
import { enqueueForSubject } from '../services/jobs';
import { listPostRevisions, postRevisionView, restorePostRevision } from '../services/site-post-revisions';
import * as sites from '../services/sites';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { protectedProcedure } from '../trpc';

const tags = ['sites'];

/** One job of a kind per site: a second request while it runs answers the same job. */
const siteJob = (kind: string, verb: string, openapi: OpenApiMeta['openapi']) =>
  protectedProcedure
    .meta({ openapi })
    .input(z.object({ id: idParam }))
    .output(z.object({ job: jobView }))
    .mutation(async ({ ctx, input }) => ({
      job: await enqueueSiteJob(ctx, kind, await sites.getSite(ctx, input.id), verb),
    }));

/** The sync engine's calls beyond the pull (push, sync, sync all, revisions); spread into the sites router. */
export const siteSyncProcedures = {
  push: siteJob(pushSiteJob.kind, 'pushing', {
    method: 'POST',
    path: '/sites/{id}/wp-push',
    tags,
    summary: "Push the site's local changes to WordPress (a job)",
    description:
      "Creates on WordPress the posts it does not have and updates those changed here, with categories, tags and featured image. A post changed on WordPress too keeps WordPress's version; the local one becomes a revision (`result.conflicts`). Follow it with GET /jobs/{id}.",
  }),

  sync: siteJob(syncSiteJob.kind, 'syncing', {
    method: 'POST',
    path: '/sites/{id}/sync',
    tags,
    summary: 'Sync all data of the site: push local changes, then pull (a job)',
  }),

  syncAll: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/sync-all',
        tags,
        summary: 'Sync every active site, or the given ones (a job)',
        description:
          'Sites are synced a few at a time; one that fails (down, wrong password) is reported in `result.results` with the reason and the others go on. One sync of every site runs at a time; a pull, push or sync of one site waits for another of the same site.',
      },
    })
    .input(syncAllPayload)
    .output(z.object({ job: jobView }))
    .mutation(async ({ ctx, input }) => ({
      // Selected sites are their own job, one per user at a time; every site is one at a time (a second
      // request joins it).
      job: input.siteIds
        ? await enqueueSelectedSitesSync(ctx, input.siteIds)
        : await enqueueForSubject(
            ctx,
            syncAllSitesJob.kind,
            {},
            { subject: 'sites', subjectId: 0 },
            'Another user is already syncing the sites',
          ),
    })),

  postRevisions: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sites/{id}/posts/{postId}/revisions',
        tags,
        summary: 'Versions of a post that conflicts set aside, newest first',
      },
    })
    .input(z.object({ id: idParam, postId: idParam }))
    .output(z.object({ revisions: z.array(postRevisionView) }))
    .query(async ({ ctx, input }) => ({ revisions: await listPostRevisions(ctx, input.id, input.postId) })),

  restorePostRevision: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/posts/{postId}/revisions/{revisionId}/restore',
        tags,
        summary: 'Restore a revision: written to WordPress as it is; the version it replaces is kept',
      },
    })
    .input(z.object({ id: idParam, postId: idParam, revisionId: idParam }))
    .output(z.object({ restored: z.literal(true), postId: z.number().int(), revisionId: z.number().int() }))
    .mutation(({ ctx, input }) => restorePostRevision(ctx, input.id, input.postId, input.revisionId)),
};
