import { domainToUnicode } from 'node:url';
import type { DomainsTable, Selectable } from '@blogfleet/db';
import { cloudflareStatus, domainStatus } from '@blogfleet/validators';
import { z } from 'zod';

/** What callers see of a domain. Prices in US dollars (registrars price in USD). */
export const domainView = z.object({
  id: z.number().int(),
  /** As registered: lower case, IDN as punycode. */
  domain_name: z.string(),
  /** The same name for people to read (IDN in Unicode). */
  domain_name_unicode: z.string(),
  target_website: z.string(),
  status: domainStatus,
  score: z.number().nullable(),
  /** Paid, once purchased. */
  price: z.number().nullable(),
  /** Known before purchase (registrar quote, or the list price when no registrar is set up). */
  estimated_price: z.number().nullable(),
  is_used: z.boolean(),
  is_hosted: z.boolean(),
  registrar: z.string().nullable(),
  purchased_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  cloudflare_zone_id: z.string().nullable(),
  cloudflare_status: cloudflareStatus,
  created_at: z.string(),
  updated_at: z.string(),
});
export type DomainView = z.infer<typeof domainView>;

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toDomainView(row: Selectable<DomainsTable>): DomainView {
  return {
    id: row.id,
    domain_name: row.domain_name,
    domain_name_unicode: domainToUnicode(row.domain_name) || row.domain_name,
    target_website: row.target_website,
    status: row.status,
    score: row.score === null ? null : Number(row.score),
    price: dollars(row.price_cents),
    estimated_price: dollars(row.estimated_price_cents),
    is_used: row.is_used,
    is_hosted: row.is_hosted,
    registrar: row.registrar,
    purchased_at: iso(row.purchased_at),
    expires_at: iso(row.expires_at),
    cloudflare_zone_id: row.cloudflare_zone_id,
    cloudflare_status: row.cloudflare_status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
