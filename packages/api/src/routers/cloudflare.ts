import { cloudflareStatus, idParam } from '@blogfleet/validators';
import { z } from 'zod';
import { domainView } from '../services/domain-view';
import { dnsStatus, resetDns, setupDns } from '../services/dns';
import { protectedProcedure, router } from '../trpc';

const tags = ['cloudflare'];
const domainIdInput = z.object({ domainId: idParam });

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
  content: z.string(),
  ttl: z.number().int().describe('1 means Auto'),
  proxied: z.boolean(),
  priority: z.number().int().nullable(),
});

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
        ssl_status: z.enum(['off', 'flexible', 'full', 'strict']).nullable(),
        records: z.array(dnsRecordView),
        history: z.array(z.object({ id: z.number().int(), action_type: z.string(), created_at: z.string() })),
      }),
    )
    .query(({ ctx, input }) => dnsStatus(ctx, input.domainId)),
});
