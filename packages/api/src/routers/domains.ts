import {
  addDiscoveredInput,
  bulkDomainIdsInput,
  discoverInput,
  createDomainInput,
  idParam,
  MAX_ID,
  listDomainsInput,
  paginationShape,
  siteCredentials,
  updateDomainInput,
} from '@blogfleet/validators';
import { z } from 'zod';
import { domainView } from '../services/domain-view';
import { bulkPurchaseJob } from '../jobs/domains';
import { purchaseDomain } from '../services/domain-purchase';
import { bulkMoveDomains, moveDomainToSite } from '../services/domain-move';
import { revealDomainCredentials } from '../services/wordpress-hosting';
import { addDiscoveredDomains, discoverDomains } from '../services/discovery';
import { jobView } from '../services/job-view';
import { enqueueJob } from '../services/jobs';
import { resetDns, setupDns } from '../services/dns';
import { resetDnsResult, setupDnsResult } from './cloudflare';
import * as domains from '../services/domains';
import { adminProcedure, protectedProcedure, router } from '../trpc';

const domainResult = z.object({ domain: domainView });
const tags = ['domains'];

export const domainsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/domains',
        tags,
        summary: 'List domains',
        description:
          'Search matches the domain name and the target website. Answers `data` + `meta.pagination`.',
      },
      restShape: 'data-meta',
    })
    .input(listDomainsInput)
    .output(z.object({ data: z.array(domainView), meta: z.object({ pagination: paginationShape }) }))
    .query(({ ctx, input }) => domains.listDomains(ctx, input)),

  targets: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/domains/targets',
        tags,
        summary: 'Target websites in use',
        description: 'For the target website filter: each target with its number of domains.',
      },
    })
    .input(z.void())
    .output(
      z.object({ targets: z.array(z.object({ target_website: z.string(), domains: z.number().int() })) }),
    )
    .query(({ ctx }) => domains.domainTargets(ctx)),

  get: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/domains/{id}', tags, summary: 'One domain' } })
    .input(z.object({ id: idParam }))
    .output(domainResult)
    .query(async ({ ctx, input }) => ({ domain: await domains.getDomain(ctx, input.id) })),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/domains',
        tags,
        summary: 'Add a domain',
        description:
          'The name is normalised (lower case, IDN as punycode) and must be a registrable domain. A name already in the list is `DATABASE_ERROR` "Duplicate entry …".',
      },
    })
    .input(createDomainInput)
    .output(domainResult)
    .mutation(async ({ ctx, input }) => ({ domain: await domains.createDomain(ctx, input) })),

  update: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/domains/{id}',
        tags,
        summary: 'Edit a domain',
        description: 'A purchased or hosted domain keeps its name; its target website may change.',
      },
    })
    .input(updateDomainInput.extend({ id: idParam }))
    .output(domainResult)
    .mutation(async ({ ctx, input: { id, ...changes } }) => ({
      domain: await domains.updateDomain(ctx, id, changes),
    })),

  purchase: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/domains/{id}/purchase',
        tags,
        summary: 'Buy a domain from the registrar',
        description:
          'Checks availability, price and balance first. Too little credit is `PURCHASE_FAILED` with `details.type: "insufficient_balance"`; any other refusal is `PURCHASE_FAILED` with the registrar\'s message. Never bought twice: a domain the account already holds is recorded, and the purchase is idempotent. Once bought, the caller gets a `domain.purchased` notification.',
      },
    })
    .input(z.object({ id: idParam }))
    .output(domainResult)
    .mutation(async ({ ctx, input }) => ({
      domain: await purchaseDomain(ctx, input.id, { notifyBuyer: true }),
    })),

  bulkPurchase: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/domains/bulk-purchase',
        tags,
        summary: 'Buy several domains (a job)',
        description:
          'Starts a job that buys each domain as POST /domains/{id}/purchase does; follow it with GET /jobs/{id}. It ends failed with "Failed to buy some domains: …" naming each one not bought and why.',
      },
    })
    .input(bulkDomainIdsInput)
    .output(z.object({ job: jobView }))
    .mutation(async ({ ctx, input }) => ({
      job: await enqueueJob(ctx, bulkPurchaseJob.kind, { domainIds: [...new Set(input.domainIds)] }),
    })),

  setupDns: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/domains/{id}/setup-dns',
        tags,
        summary: 'Set up DNS/CDN (as POST /cloudflare/setup-dns/{domainId})',
      },
    })
    .input(z.object({ id: idParam }))
    .output(setupDnsResult)
    .mutation(({ ctx, input }) => setupDns(ctx, input.id)),

  resetDns: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/domains/{id}/reset-dns',
        tags,
        summary: 'Remove the DNS/CDN setup (as POST /cloudflare/reset-dns/{domainId})',
      },
    })
    .input(z.object({ id: idParam }))
    .output(resetDnsResult)
    .mutation(({ ctx, input }) => resetDns(ctx, input.id)),

  discover: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/domains/discover',
        tags,
        summary: 'Find domain ideas for a target website',
        description:
          'Ideas from the AI text integration (without a model: combinations of the target’s words with the prefix and suffix words under each TLD), each scored 0–10 with strengths and a recommendation; availability and price from the registrar, checked a few at a time within its rate limit (without a registrar: availability null and the list price, price_source "list"). cheapDomainsOnly keeps non-premium ideas at or under maxPrice. newOnly ("Find new ideas") leaves out every name suggested for this target before. The run and its ideas are stored.',
      },
    })
    .input(discoverInput)
    .output(
      z.object({
        runId: z.number().int(),
        allIdeas: z.array(
          z.object({
            domain: z.string(),
            domain_unicode: z.string(),
            score: z.number(),
            strengths: z.array(z.string()),
            recommendation: z.string(),
            price: z.number().nullable(),
            price_source: z.enum(['registrar', 'list']).nullable(),
            available: z.boolean().nullable(),
            premium: z.boolean(),
          }),
        ),
        stats: z.object({
          totalIdeas: z.number().int(),
          checkedDomains: z.number().int(),
          availableDomains: z.number().int(),
        }),
        generator: z.string(),
        registrar: z.string().nullable(),
      }),
    )
    .mutation(({ ctx, input }) => discoverDomains(ctx, input)),

  addDiscovered: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/domains/discover/add',
        tags,
        summary: 'Add selected discovery ideas to the domains list',
        description:
          'Each becomes a domain with status available, the idea’s score and its price as the estimate. Names already in the list are answered in `existing`, not added twice.',
      },
    })
    .input(addDiscoveredInput)
    .output(z.object({ added: z.array(domainView), existing: z.array(z.string()) }))
    .mutation(({ ctx, input }) => addDiscoveredDomains(ctx, input)),

  bulkMoveToSite: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/domains/bulk-move-to-site',
        tags,
        summary: 'Point several sites at domains',
        description:
          'Each move as POST /domains/{id}/move-to-site. The moves that work are made; `failed` names the others and why.',
      },
    })
    .input(
      z.object({
        moves: z
          .array(
            z.object({
              domainId: z.number().int().positive().max(MAX_ID),
              siteId: z.number().int().positive().max(MAX_ID),
            }),
          )
          .min(1, 'Select at least one domain')
          .max(100)
          .refine(
            (moves) => new Set(moves.map((m) => m.siteId)).size === moves.length,
            'A site can take only one domain',
          )
          .refine(
            (moves) => new Set(moves.map((m) => m.domainId)).size === moves.length,
            'A domain can go to only one site',
          ),
      }),
    )
    .output(
      z.object({
        moved: z.array(
          z.object({ domainId: z.number().int(), siteId: z.number().int(), domain: z.string() }),
        ),
        failed: z.array(
          z.object({ domainId: z.number().int(), siteId: z.number().int(), reason: z.string() }),
        ),
      }),
    )
    .mutation(({ ctx, input }) => bulkMoveDomains(ctx, input.moves)),

  revealCredentials: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/domains/{id}/credentials',
        tags,
        summary: "Reveal the credentials of the domain's WordPress site (admins; audited)",
        description: 'As POST /sites/{id}/credentials, for the site Blogfleet created for this domain.',
      },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ credentials: siteCredentials }))
    .mutation(async ({ ctx, input }) => ({ credentials: await revealDomainCredentials(ctx, input.id) })),

  moveToSite: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/domains/{id}/move-to-site',
        tags,
        summary: 'Point an existing site at this domain',
        description:
          "Not for a domain a site already uses. The site's previous domain is freed. A site Blogfleet hosts itself keeps its domain (delete and create its WordPress site instead).",
      },
    })
    .input(
      z.object({
        id: idParam,
        siteId: z.number().int().positive().max(MAX_ID),
        domainName: z.string().max(2048).optional().describe('Ignored; the spec sends it'),
      }),
    )
    .output(
      z.object({ domain: domainView, site: z.object({ id: z.number().int(), domain_name: z.string() }) }),
    )
    .mutation(({ ctx, input }) => moveDomainToSite(ctx, input.id, input.siteId)),

  delete: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/domains/{id}',
        tags,
        summary: 'Delete a domain',
        description: 'A hosted domain is refused until its WordPress site is deleted.',
      },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ id: z.number().int(), deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => domains.deleteDomain(ctx, input.id)),

  bulkDelete: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/domains/bulk-delete',
        tags,
        summary: 'Delete several domains',
        description: 'One transaction: if any of them is hosted, none is deleted and the error names it.',
      },
    })
    .input(bulkDomainIdsInput)
    .output(
      z.object({
        changed: z.number().int().describe('Domains deleted'),
        missing: z.array(z.number().int()).describe('Requested ids that matched no domain'),
      }),
    )
    .mutation(({ ctx, input }) => domains.bulkDeleteDomains(ctx, input.domainIds)),
});
