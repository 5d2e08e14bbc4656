import {
  bulkDomainIdsInput,
  cloudflareStatus,
  dnsRecordRequest,
  idParam,
  sslMode,
  sslModes,
} from '@blogfleet/validators';
import { z } from 'zod';
import { bulkResetDnsJob, bulkSetupDnsJob } from '../jobs/dns';
import { domainView } from '../services/domain-view';
import { dnsStatus, resetDns, setupDns } from '../services/dns';
import { jobView } from '../services/job-view';
import { enqueueJob } from '../services/jobs';
import {
  activateSiteZone,
  deleteSiteDnsRecord,
  saveSiteDnsRecord,
  setSiteSslMode,
  siteDnsHistory,
  siteDnsRecords,
  siteDnsStatus,
} from '../services/site-dns';
import { protectedProcedure, router } from '../trpc';

const tags = ['cloudflare'];
const domainIdInput = z.object({ domainId: idParam });
// The spec's `{id}` of cloudflare/websites/{id}/…; named siteId so a record's `id` can sit in the body.
const siteIdInput = z.object({ siteId: idParam });

export const setupDnsResult = z.object({
  domain: domainView,
  zone: z.object({ id: z.string(), status: cloudflareStatus, nameservers: z.array(z.string()) }),
  records: z.number().int().describe('DNS records in the zone after the setup'),
  nameserversSet: z.boolean().describe("Whether the registrar's name servers now point at Cloudflare"),
});
export const resetDnsResult = z.object({ domain: domainView });

const dnsRecordView = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
  content: z.string().describe('The address, target host name (CNAME, MX, SRV) or text (TXT)'),
  ttl: z.number().int().describe('1 means Auto'),
  proxied: z.boolean(),
  priority: z.number().int().nullable().describe('MX and SRV'),
  weight: z.number().int().nullable().describe('SRV'),
  port: z.number().int().nullable().describe('SRV'),
});
const sslStatus = z.enum(sslModes);
const siteStatusView = z.object({
  site_id: z.number().int(),
  domain_id: z.number().int().nullable(),
  domain_name: z.string(),
  cloudflare_status: cloudflareStatus,
  zone_id: z.string().nullable(),
  nameservers: z.array(z.string()),
  ssl_status: sslStatus.nullable(),
});
const historyEntry = z.object({
  id: z.number().int(),
  action_type: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
const jobResult = z.object({ job: jobView });
const uniqueIds = (ids: number[]) => [...new Set(ids)];
const NO_ZONE =
  'A site without a domain, or whose domain has no zone yet, is `VALIDATION_ERROR` "Set up DNS for {domain} first".';
const websites = '/cloudflare/websites/{siteId}';

const SETUP =
  'Creates the zone when missing, points the registrar at its name servers when the domain is ours there, adds A records for @ and www to the hosting target (ttl 3600, proxied) and sets SSL to full. Only for purchased domains not used by a site. Safe to repeat.';
const RESET =
  "Deletes the domain's Cloudflare zone (and its records) and forgets it. Only for purchased domains not used by a site.";

export const cloudflareRouter = router({
  setupDns: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/cloudflare/setup-dns/{domainId}',
        tags,
        summary: 'Set up DNS/CDN for a domain',
        description: SETUP,
      },
    })
    .input(domainIdInput)
    .output(setupDnsResult)
    .mutation(({ ctx, input }) => setupDns(ctx, input.domainId)),

  resetDns: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/cloudflare/reset-dns/{domainId}',
        tags,
        summary: "Remove a domain's DNS/CDN setup",
        description: RESET,
      },
    })
    .input(domainIdInput)
    .output(resetDnsResult)
    .mutation(({ ctx, input }) => resetDns(ctx, input.domainId)),

  dnsStatus: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/cloudflare/dns-status/{domainId}',
        tags,
        summary: "A domain's DNS/CDN status, records and history",
        description: 'A zone still pending is checked with Cloudflare on each call.',
      },
    })
    .input(domainIdInput)
    .output(
      z.object({
        domain: domainView,
        cloudflare_status: cloudflareStatus,
        zone_id: z.string().nullable(),
        nameservers: z.array(z.string()),
        ssl_status: sslStatus.nullable(),
        records: z.array(dnsRecordView),
        history: z.array(z.object({ id: z.number().int(), action_type: z.string(), created_at: z.string() })),
      }),
    )
    .query(({ ctx, input }) => dnsStatus(ctx, input.domainId)),

  bulkSetupDns: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/cloudflare/bulk/setup-dns',
        tags,
        summary: 'Set up DNS/CDN for several domains (a job)',
        description:
          'Starts a job that sets each domain up as POST /cloudflare/setup-dns/{domainId} does; follow it with GET /jobs/{id}. It ends failed with "Failed to set up DNS for some domains: …" naming each failure and why.',
      },
    })
    .input(bulkDomainIdsInput)
    .output(jobResult)
    .mutation(async ({ ctx, input }) => ({
      job: await enqueueJob(ctx, bulkSetupDnsJob.kind, { domainIds: uniqueIds(input.domainIds) }),
    })),

  bulkResetDns: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/cloudflare/bulk/reset-dns',
        tags,
        summary: "Remove several domains' DNS/CDN setup (a job)",
        description:
          'Starts a job that resets each domain as POST /cloudflare/reset-dns/{domainId} does. It ends failed with "Failed to reset DNS for some domains: …" naming each failure and why.',
      },
    })
    .input(bulkDomainIdsInput)
    .output(jobResult)
    .mutation(async ({ ctx, input }) => ({
      job: await enqueueJob(ctx, bulkResetDnsJob.kind, { domainIds: uniqueIds(input.domainIds) }),
    })),

  websiteStatus: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: `${websites}/status`,
        tags,
        summary: "A site's CDN status",
        description:
          'Read from Cloudflare when it is set up. Any site answers; one without a domain or zone is `inactive`.',
      },
    })
    .input(siteIdInput)
    .output(siteStatusView)
    .query(({ ctx, input }) => siteDnsStatus(ctx, input.siteId)),

  websiteDnsRecords: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: `${websites}/dns-records`,
        tags,
        summary: "The DNS records of a site's zone",
        description: `Read from Cloudflare when it is set up (the stored copy is refreshed). ${NO_ZONE}`,
      },
    })
    .input(siteIdInput)
    .output(z.object({ records: z.array(dnsRecordView) }))
    .query(({ ctx, input }) => siteDnsRecords(ctx, input.siteId)),

  websiteHistory: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: `${websites}/history`,
        tags,
        summary: "The DNS/CDN settings history of a site's domain",
        description: `Newest first, at most 100. ${NO_ZONE}`,
      },
    })
    .input(siteIdInput)
    .output(z.object({ history: z.array(historyEntry) }))
    .query(({ ctx, input }) => siteDnsHistory(ctx, input.siteId)),

  activateWebsite: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: `${websites}/activate`,
        tags,
        summary: "Check a site's zone for activation now",
        description: `Asks Cloudflare to check a pending zone's name servers now, then answers the status. ${NO_ZONE}`,
      },
    })
    .input(siteIdInput)
    .output(siteStatusView)
    .mutation(({ ctx, input }) => activateSiteZone(ctx, input.siteId)),

  saveWebsiteDnsRecord: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: `${websites}/dns-records`,
        tags,
        summary: "Add or edit a DNS record of a site's zone",
        description: `With \`id\` (a record of GET dns-records) the record is overwritten, otherwise one is added. Checked by type: A an IPv4 address, AAAA an IPv6 address, CNAME a host name, MX a host name and \`priority\`, TXT text up to 2048 characters, SRV a target host name with \`priority\`, \`weight\` and \`port\` under a name like _service._proto. \`ttl\` is 1 (Auto) or 60–86400; only A, AAAA and CNAME can be proxied. The name is @, the domain or a name under it (\`www\` becomes www.{domain}). ${NO_ZONE}`,
      },
    })
    .input(dnsRecordRequest({ siteId: idParam }))
    .output(z.object({ record: dnsRecordView }))
    .mutation(({ ctx, input }) => saveSiteDnsRecord(ctx, input.siteId, input.record)),

  deleteWebsiteDnsRecord: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: `${websites}/dns-records/{recordId}`,
        tags,
        summary: "Delete a DNS record of a site's zone",
        description: `Deletes it at Cloudflare and here. ${NO_ZONE}`,
      },
    })
    .input(z.object({ siteId: idParam, recordId: idParam }))
    .output(z.object({ deleted: dnsRecordView }))
    .mutation(({ ctx, input }) => deleteSiteDnsRecord(ctx, input.siteId, input.recordId)),

  setWebsiteSsl: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: `${websites}/ssl`,
        tags,
        summary: "Set the SSL mode of a site's zone",
        description: `ssl_mode: off, flexible, full or strict. ${NO_ZONE}`,
      },
    })
    .input(z.object({ siteId: idParam, ssl_mode: sslMode }))
    .output(siteStatusView)
    .mutation(({ ctx, input }) => setSiteSslMode(ctx, input.siteId, input.ssl_mode)),
});
