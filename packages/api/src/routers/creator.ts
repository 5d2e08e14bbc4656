import {
  createSiteInput,
  creatorDomainInput,
  generatedSiteContent,
  jobIdParam,
  siteCredentials,
  siteLanguages,
} from '@blogfleet/validators';
import { z } from 'zod';
import { jobStatuses, jobView } from '../services/job-view';
import {
  creatorJobStatus,
  generateSiteContent,
  startSiteCreation,
  startSiteDeletion,
} from '../services/creator';
import { hostHealth, hostStatus } from '../services/wordpress-hosting';
import { adminProcedure, protectedProcedure, router } from '../trpc';

const tags = ['creator'];

const started = z.object({
  jobId: z.uuid().describe('Follow it with GET /creator/job-status/{jobId}'),
  domain: z.string(),
  job: jobView,
});

const hostCheck = z.object({
  name: z.enum(['sites_user', 'php', 'core', 'database', 'ports']),
  ok: z.boolean(),
  detail: z.string(),
});
const health = z.object({
  ready: z.boolean(),
  checks: z.array(hostCheck),
  hint: z.string().nullable().describe('What to do when the target is not ready'),
  host: z.object({
    root: z.string(),
    core: z.string(),
    php: z.string(),
    database: z.string(),
    bindAddress: z.string(),
    firstPort: z.number().int(),
    publicAddress: z.string().nullable(),
  }),
});

export const creatorRouter = router({
  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/creator/create',
        tags,
        summary: 'Create the WordPress site of a bought domain (a job)',
        description:
          'Checks the domain (purchased, no site yet), the hosting target and, with use_cloudflare, the Cloudflare integration, then starts the provisioning job. With use_cloudflare the DNS setup runs first. Creation takes about 30–60 seconds.',
      },
    })
    .input(createSiteInput)
    .output(started)
    .mutation(({ ctx, input }) => startSiteCreation(ctx, input)),

  jobStatus: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/creator/job-status/{jobId}',
        tags,
        summary: 'Status of a creation or deletion job',
        description:
          'The credentials of a finished creation are answered once, to the user who started it; afterwards they are null and an admin can reveal them from the site (POST /sites/{id}/credentials).',
      },
    })
    .input(z.object({ jobId: jobIdParam }))
    .output(
      z.object({
        jobId: z.uuid(),
        kind: z.enum(['create', 'delete']),
        domain: z.string(),
        status: z.enum(jobStatuses),
        message: z.string(),
        progress: z.number().int(),
        error: z.string().nullable(),
        siteId: z.number().int().nullable(),
        credentials: siteCredentials.nullable(),
      }),
    )
    .query(({ ctx, input }) => creatorJobStatus(ctx, input.jobId)),

  delete: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/creator/delete',
        tags,
        summary: "Delete a domain's WordPress site (a job)",
        description:
          "Stops the site, drops its database and user and removes its files on the hosting target; Blogfleet's site record stays, inactive and unlinked, and the domain is free again.",
      },
    })
    .input(creatorDomainInput)
    .output(started)
    .mutation(({ ctx, input }) => startSiteDeletion(ctx, input.domain)),

  health: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/creator/health',
        tags,
        summary: 'Whether the hosting target can create sites (admins)',
        description:
          'PHP with mysqli, MariaDB, WordPress core, the sites’ user and a free port, each checked.',
      },
    })
    .input(z.object({}))
    .output(health)
    .query(({ ctx }) => hostHealth(ctx)),

  status: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/creator/status',
        tags,
        summary: 'The hosting target and the sites it runs (admins)',
      },
    })
    .input(z.object({}))
    .output(
      health.extend({
        sites: z.array(
          z.object({
            id: z.number().int(),
            domain: z.string(),
            status: z.string(),
            port: z.number().int().nullable(),
            siteUrl: z.string().nullable(),
            running: z.boolean(),
          }),
        ),
        runningCount: z.number().int(),
      }),
    )
    .query(({ ctx }) => hostStatus(ctx)),

  generateContent: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/creator/generate-content',
        tags,
        summary: 'Starting content for a new site, from its domain',
        description:
          'Uses the AI text integration; without a model the offline generator writes it (generator: "offline").',
      },
    })
    .input(creatorDomainInput.extend({ language: z.enum(siteLanguages).default('en') }))
    .output(z.object({ generatedContent: generatedSiteContent, generator: z.string() }))
    .mutation(({ ctx, input }) => generateSiteContent(ctx, input.domain, input.language)),
});
