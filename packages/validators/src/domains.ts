import { parse } from 'tldts';
import { z } from 'zod';
import { MAX_ID, noNulBytes } from './common';
import { DOMAINS_PAGE_SIZE, domainStatuses } from './constants';
import { listInput } from './list';

export const domainStatus = z.enum(domainStatuses);

export const cloudflareStatuses = ['active', 'pending', 'failed', 'inactive'] as const;
export const cloudflareStatus = z.enum(cloudflareStatuses);

export type DomainNameCheck = { ok: true; domain: string } | { ok: false; reason: string };

/**
 * A domain name as the registrars sell it: lower case, IDN as punycode (`bücher.de` → `xn--bcher-kva.de`),
 * the registrable part only (a name under a public suffix, not a subdomain nor a bare suffix). A pasted
 * address (`https://Example.com/path`) is reduced to its host first.
 */
export function checkDomainName(input: string): DomainNameCheck {
  let host = input.trim().toLowerCase();
  if (!host) return { ok: false, reason: 'Domain name is required' };
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(host)) {
    try {
      host = new URL(host).hostname;
    } catch {
      return { ok: false, reason: 'Enter a domain name such as example.com' };
    }
  }
  host = host.replace(/\.$/, '');
  if (/[\s/\\?#@:]/.test(host) || host.length > 253) {
    return { ok: false, reason: 'Enter a domain name such as example.com' };
  }
  let ascii: string;
  try {
    // The URL parser applies IDNA (UTS #46), in Node and in browsers alike.
    ascii = new URL(`http://${host}`).hostname;
  } catch {
    return { ok: false, reason: 'Enter a domain name such as example.com' };
  }
  const parsed = parse(ascii, { allowPrivateDomains: false });
  if (parsed.isIp) return { ok: false, reason: 'An IP address is not a domain name' };
  if (!parsed.domain || !parsed.isIcann || !parsed.publicSuffix) {
    return { ok: false, reason: 'Enter a domain name under a public suffix, such as example.com' };
  }
  if (parsed.domain !== ascii) {
    return { ok: false, reason: `Enter the registrable domain (${parsed.domain}), not a subdomain` };
  }
  if (ascii.split('.').some((label) => label.length > 63 || label.startsWith('-') || label.endsWith('-'))) {
    return { ok: false, reason: 'Enter a domain name such as example.com' };
  }
  return { ok: true, domain: ascii };
}

export const domainNameField = z
  .string()
  .max(2048)
  .transform((value, ctx) => {
    const checked = checkDomainName(value);
    if (checked.ok) return checked.domain;
    ctx.addIssue({ code: 'custom', message: checked.reason });
    return z.NEVER;
  });

/** The site a domain's traffic is meant for: a host name or an address, as the operator writes it. */
export const targetWebsiteField = z
  .string()
  .trim()
  .min(1, 'Target website is required')
  .max(255)
  .refine(noNulBytes, 'Must not contain NUL characters')
  .refine((v) => !/[\r\n]/.test(v), 'Must be a single line');

export const domainSorts = ['created_at', 'domain_name', 'target_website', 'status'] as const;

export const listDomainsInput = listInput({
  sorts: domainSorts,
  defaultSort: 'created_at',
  defaultLimit: DOMAINS_PAGE_SIZE,
}).extend({
  status: domainStatus.optional(),
  /** Exact target website (the list's filter menu offers the ones in use). */
  target_website: targetWebsiteField.optional(),
});
export type ListDomainsInput = z.infer<typeof listDomainsInput>;
export type ListDomainsQuery = z.input<typeof listDomainsInput>;

export const createDomainInput = z.object({
  domainName: domainNameField,
  targetWebsite: targetWebsiteField,
  /**
   * Domains added by hand or from discovery start as available; purchased is reached only through a
   * purchase (or the registrar's list of owned domains), never set by a caller.
   */
  status: z.enum(['available', 'pending', 'approved']).default('available'),
});
export type CreateDomainInput = z.infer<typeof createDomainInput>;

export const updateDomainInput = z.object({
  domainName: domainNameField,
  targetWebsite: targetWebsiteField,
});
export type UpdateDomainInput = z.infer<typeof updateDomainInput>;

/** Bulk actions act on at most one page of the list (its largest page size). */
export const MAX_BULK_DOMAINS = 500;
export const bulkDomainIdsInput = z.object({
  domainIds: z
    .array(z.number().int().positive().max(MAX_ID))
    .min(1, 'Select at least one domain')
    .max(MAX_BULK_DOMAINS, `At most ${MAX_BULK_DOMAINS} domains at a time`),
});
export type BulkDomainIdsInput = z.infer<typeof bulkDomainIdsInput>;

/** The parts of a name by the public-suffix list: `best-coffee.co.uk` → label `best-coffee`, suffix `co.uk`. */
export function domainParts(name: string): {
  label: string | null;
  suffix: string | null;
  hostname: string | null;
} {
  const parsed = parse(name.trim().toLowerCase());
  return { label: parsed.domainWithoutSuffix, suffix: parsed.publicSuffix, hostname: parsed.hostname };
}
