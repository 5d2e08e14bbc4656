import {
  addSiteInput,
  bulkSiteIdsInput,
  bulkSiteStatusInput,
  idParam,
  listSitePostsInput,
  listSitesInput,
  createSitePostRequest,
  schedulePostsInput,
  updateSitePostRequest,
  paginationShape,
  siteCredentials,
  updateSiteSettingsInput,
} from '@blogfleet/validators';
import { z } from 'zod';
import { AppError } from '../errors';
import { bulkTestConnectionJob, enqueueFirstPull, enqueueSiteJob, pullSiteJob } from '../jobs/sites';
import { jobView } from '../services/job-view';
import { enqueueJob } from '../services/jobs';
import { siteView } from '../services/site-view';
import { createSiteCategory, createSiteTag, siteActivity, siteTaxonomies } from '../services/site-taxonomies';
import {
  createSitePost,
  deleteSitePost,
  listSitePosts,
  schedulePosts,
  sitePostView,
  updateSitePost,
} from '../services/site-posts';
import * as sites from '../services/sites';
import { revealCredentials } from '../services/wordpress-hosting';
import { siteCheckProcedures } from './site-checks';
import { siteContentProcedures } from './site-content';
import { siteKeywordProcedures } from './site-keywords';
import { siteTrafficProcedures } from './site-traffic';
import { siteUptimeProcedures } from './site-uptime';
import { siteSyncProcedures } from './site-sync';
import { adminProcedure, protectedProcedure, router } from '../trpc';

const tags = ['sites'];

const connection = z.object({
  connected: z.boolean(),
  reason: z.string().nullable().describe('Why not, when not connected'),
  site: z.object({ name: z.string(), description: z.string(), url: z.string() }).nullable(),
  user: z.object({ id: z.number().int(), name: z.string(), roles: z.array(z.string()) }).nullable(),
});
const termName = z.string().trim().min(1, 'Name is required').max(200);
const categoryView = z.object({
  id: z.number().int(),
  wp_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  count: z.number().int(),
  description: z.string(),
  parent_wp_id: z.number().int().nullable(),
});
const tagView = z.object({
  id: z.number().int(),
  wp_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  count: z.number().int(),
});
const mediaView = z.object({
  id: z.number().int(),
  wp_id: z.number().int(),
  source_url: z.string(),
  title: z.string(),
  mime_type: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  created_at: z.string(),
});
const bulkResult = z.object({ changed: z.number().int(), missing: z.array(z.number().int()) });

export const sitesRouter = router({
  ...siteSyncProcedures,
  ...siteCheckProcedures,
  ...siteContentProcedures,
  ...siteTrafficProcedures,
  ...siteUptimeProcedures,
  ...siteKeywordProcedures,
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sites',
        tags,
        summary: 'List sites',
        description:
          'Filters: status, targeted_language, domain (part of the domain name). Each site carries its post statistics from the synced posts, its latest screenshot and its uptime (uptime_status, uptime_7d, last_checked_at, response_ms). Answers `data` (the array, as core §7 reads it) + `meta.pagination`.',
      },
      restShape: 'data-meta',
    })
    .input(listSitesInput)
    .output(z.object({ data: z.array(siteView), meta: z.object({ pagination: paginationShape }) }))
    .query(({ ctx, input }) => sites.listSites(ctx, input)),

  get: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/sites/{id}', tags, summary: 'One site' } })
    .input(z.object({ id: idParam }))
    .output(z.object({ site: siteView }))
    .query(async ({ ctx, input }) => ({ site: await sites.getSite(ctx, input.id) })),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites',
        tags,
        summary: 'Add a site',
        description:
          'For a domain of the list (domain_id) or a named one. With wp_api_url, wp_username and wp_app_password it is an existing WordPress: the connection is tested first and nothing is saved if it fails.',
      },
    })
    .input(addSiteInput)
    .output(z.object({ site: siteView }))
    .mutation(async ({ ctx, input }) => {
      const site = await sites.addSite(ctx, input);
      if (site.wp_configured) await enqueueFirstPull(ctx, site);
      return { site };
    }),

  updateSettings: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/sites/{id}/settings',
        tags,
        summary: "Save a site's settings and push them to its WordPress",
        description:
          'Title, tagline and timezone reach WordPress first (a refusal saves nothing); the language is pushed as its locale, and `wordpress.warning` says when the site does not have it installed.',
      },
    })
    .input(updateSiteSettingsInput.extend({ id: idParam }))
    .output(
      z.object({
        site: siteView,
        wordpress: z.object({ pushed: z.boolean(), warning: z.string().nullable() }),
      }),
    )
    .mutation(({ ctx, input: { id, ...settings } }) => sites.updateSiteSettings(ctx, id, settings)),

  testConnection: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sites/{id}/test-connection',
        tags,
        summary: "Test the site's WordPress connection",
      },
    })
    .input(z.object({ id: idParam }))
    .output(connection)
    .query(({ ctx, input }) => sites.testSiteConnection(ctx, input.id)),

  runConnectionTest: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/test-connection',
        tags,
        summary: "Test the site's WordPress connection (as GET)",
      },
    })
    .input(z.object({ id: idParam }))
    .output(connection)
    .mutation(({ ctx, input }) => sites.testSiteConnection(ctx, input.id)),

  bulkStatus: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/bulk-status',
        tags,
        summary: 'Set the status of several sites',
      },
    })
    .input(bulkSiteStatusInput)
    .output(bulkResult)
    .mutation(({ ctx, input }) => sites.bulkSiteStatus(ctx, input.siteIds, input.status)),

  bulkTestConnection: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/bulk-test-connection',
        tags,
        summary: 'Test the WordPress connection of several sites (a job)',
        description:
          'Follow it with GET /jobs/{id}; its result lists each site, and it ends failed with "Could not connect to some sites: …" naming each one and why.',
      },
    })
    .input(bulkSiteIdsInput)
    .output(z.object({ job: jobView }))
    .mutation(async ({ ctx, input }) => ({
      job: await enqueueJob(ctx, bulkTestConnectionJob.kind, { siteIds: [...new Set(input.siteIds)] }),
    })),

  pull: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/wp-pull',
        tags,
        summary: "Pull the site's posts, categories, tags and media from WordPress (a job)",
        description:
          'Local copies become what WordPress has (posts never pushed are kept); follow it with GET /jobs/{id}. A second request while it runs answers the same job.',
      },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ job: jobView }))
    .mutation(async ({ ctx, input }) => {
      const site = await sites.getSite(ctx, input.id);
      return { job: await enqueueSiteJob(ctx, pullSiteJob.kind, site, 'pulling') };
    }),

  posts: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sites/{id}/posts',
        tags,
        summary: "A site's posts (synced copies)",
        description:
          'Search covers title, content and excerpt; trashed posts only with status. Answers `posts` + `pagination`. With `sync=true` a WordPress pull of the site is started as well (or the running one joined) and answered as `sync_job`; the posts are those stored now.',
      },
    })
    .input(listSitePostsInput)
    .output(
      z.object({
        posts: z.array(sitePostView),
        pagination: paginationShape,
        sync_job: jobView.nullable().optional(),
      }),
    )
    .query(async ({ ctx, input }) => {
      const list = await listSitePosts(ctx, input);
      if (!input.sync) return list;
      const site = await sites.getSite(ctx, input.id);
      // Somebody else's pull running is no reason to refuse the list: it is answered without a job.
      const job = await enqueueSiteJob(ctx, pullSiteJob.kind, site, 'pulling').catch((error: unknown) => {
        if (error instanceof AppError && error.appCode === 'VALIDATION_ERROR') return null;
        throw error;
      });
      return { ...list, sync_job: job };
    }),

  createPost: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/posts',
        tags,
        summary: 'Create a post on the site',
        description:
          'Created on WordPress first (draft, published, or scheduled with its date), then kept here.',
      },
    })
    .input(createSitePostRequest)
    .output(z.object({ post: sitePostView }))
    .mutation(async ({ ctx, input: { id, ...post } }) => ({ post: await createSitePost(ctx, id, post) })),

  updatePost: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/sites/{id}/posts/{postId}',
        tags,
        summary: 'Edit a post (pushed to WordPress)',
      },
    })
    .input(updateSitePostRequest)
    .output(z.object({ post: sitePostView }))
    .mutation(async ({ ctx, input: { id, postId, ...post } }) => ({
      post: await updateSitePost(ctx, id, postId, post),
    })),

  deletePost: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/sites/{id}/posts/{postId}',
        tags,
        summary: "Delete a post (to WordPress's trash, and from here)",
      },
    })
    .input(z.object({ id: idParam, postId: idParam }))
    .output(z.object({ id: z.number().int(), deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => deleteSitePost(ctx, input.id, input.postId)),

  schedulePosts: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/posts/schedule',
        tags,
        summary: 'Schedule selected posts at a date and time',
        description:
          'Each becomes `future` on WordPress at that time; `failed` names any WordPress refused, and why.',
      },
    })
    .input(schedulePostsInput.extend({ id: idParam }))
    .output(
      z.object({
        scheduled: z.number().int(),
        failed: z.array(z.object({ id: z.number().int(), title: z.string(), reason: z.string() })),
        missing: z.array(z.number().int()),
      }),
    )
    .mutation(({ ctx, input }) => schedulePosts(ctx, input.id, input.post_ids, input.schedule_date)),

  activity: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sites/{id}/activity',
        tags,
        summary: "The site's recent activity (changes and jobs), newest first",
      },
    })
    .input(z.object({ id: idParam }))
    .output(
      z.object({
        activity: z.array(
          z.object({
            kind: z.enum(['change', 'job']),
            what: z.string().describe('The audit action (site.settings, site.wp_pull…) or the job title'),
            status: z.string().nullable(),
            by: z.string().nullable(),
            at: z.string(),
          }),
        ),
      }),
    )
    .query(async ({ ctx, input }) => ({ activity: await siteActivity(ctx, input.id) })),

  categories: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: '/sites/{id}/categories', tags, summary: "A site's categories" },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ categories: z.array(categoryView) }))
    .query(async ({ ctx, input }) => ({ categories: (await siteTaxonomies(ctx, input.id)).categories })),

  tags: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/sites/{id}/tags', tags, summary: "A site's tags" } })
    .input(z.object({ id: idParam }))
    .output(z.object({ tags: z.array(tagView) }))
    .query(async ({ ctx, input }) => ({ tags: (await siteTaxonomies(ctx, input.id)).tags })),

  media: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: '/sites/{id}/media', tags, summary: "A site's media (newest 500)" },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ media: z.array(mediaView) }))
    .query(async ({ ctx, input }) => ({ media: (await siteTaxonomies(ctx, input.id)).media })),

  createCategory: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/categories',
        tags,
        summary: 'Create a category (on WordPress first)',
      },
    })
    .input(z.object({ id: idParam, name: termName, description: z.string().max(2000).optional() }))
    .output(z.object({ category: categoryView }))
    .mutation(async ({ ctx, input: { id, ...category } }) => ({
      category: await createSiteCategory(ctx, id, category),
    })),

  createTag: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/tags',
        tags,
        summary: 'Create a tag (on WordPress first)',
      },
    })
    .input(z.object({ id: idParam, name: termName }))
    .output(z.object({ tag: tagView }))
    .mutation(async ({ ctx, input: { id, ...tag } }) => ({ tag: await createSiteTag(ctx, id, tag) })),

  delete: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/sites/{id}',
        tags,
        summary: "Delete a site's record and its local copies",
        description:
          'The WordPress itself is removed only by Delete WP; a site Blogfleet hosts is refused until then.',
      },
    })
    .input(z.object({ id: idParam }))
    .output(bulkResult)
    .mutation(({ ctx, input }) => sites.deleteSites(ctx, [input.id])),

  bulkDelete: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/bulk-delete',
        tags,
        summary: "Delete several sites' records and their local copies",
        description:
          'One transaction: if any of them is hosted here, none is deleted and the error names it.',
      },
    })
    .input(bulkSiteIdsInput)
    .output(bulkResult)
    .mutation(({ ctx, input }) => sites.deleteSites(ctx, input.siteIds)),

  options: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sites/options',
        tags,
        summary: 'Sites for a selector (id, title, domain), up to 100, by title',
      },
    })
    .input(z.object({ search: z.string().trim().max(200).optional() }))
    .output(
      z.object({
        sites: z.array(
          z.object({
            id: z.number().int(),
            site_title: z.string(),
            domain_name: z.string(),
            status: z.string(),
            hosted_here: z.boolean(),
          }),
        ),
      }),
    )
    .query(async ({ ctx, input }) => ({ sites: await sites.siteOptions(ctx, input.search) })),

  revealCredentials: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/credentials',
        tags,
        summary: 'Reveal the credentials of a site Blogfleet created (admins; audited)',
      },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ credentials: siteCredentials }))
    .mutation(async ({ ctx, input }) => ({ credentials: await revealCredentials(ctx, input.id) })),
});
