import { z } from 'zod';
import { MAX_ID, noNulBytes } from './common';

export const dnsRecordTypes = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV'] as const;
export type DnsRecordTypeName = (typeof dnsRecordTypes)[number];

export const sslModes = ['off', 'flexible', 'full', 'strict'] as const;
export const sslMode = z.enum(sslModes, { error: 'SSL mode must be one of off, flexible, full, strict' });

/** Cloudflare's limits: ttl 1 means Auto, otherwise 60 s to one day; TXT content up to 2048 characters. */
export const TTL_AUTO = 1;
export const MIN_TTL = 60;
export const MAX_TTL = 86_400;
export const MAX_TXT_LENGTH = 2048;
export const PROXIABLE_TYPES: readonly DnsRecordTypeName[] = ['A', 'AAAA', 'CNAME'];

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** Labels of letters, digits, hyphens and underscores (DKIM and SRV names use underscores), at most 253 long. */
function isHostLike(name: string, allowWildcard: boolean): boolean {
  if (name.length === 0 || name.length > 253) return false;
  return name
    .split('.')
    .every((label, i) => LABEL.test(label) || (allowWildcard && i === 0 && label === '*'));
}

/** A fully qualified host name a record points at: two labels or more, never an IP address. */
export function isTargetHostName(value: string): boolean {
  const host = value.replace(/\.$/, '');
  const labels = host.split('.');
  return labels.length >= 2 && isHostLike(host, false) && !/^\d+$/.test(labels[labels.length - 1]!);
}

const wholeNumber = (label: string, min: number, max: number, required: string) =>
  z
    .number({
      error: (iss) => (iss.input === undefined ? required : `${label} must be a whole number`),
    })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be from ${min} to ${max}`)
    .max(max, `${label} must be from ${min} to ${max}`);

const u16 = (label: string, type: string) =>
  wholeNumber(label, 0, 65_535, `${label} is required for ${type} records`);

const ttl = z
  .number({ error: 'TTL must be a whole number of seconds' })
  .int('TTL must be a whole number of seconds')
  .refine(
    (v) => v === TTL_AUTO || (v >= MIN_TTL && v <= MAX_TTL),
    `TTL must be 1 (Auto) or from ${MIN_TTL} to ${MAX_TTL} seconds`,
  )
  .default(TTL_AUTO)
  .describe(`Seconds; 1 means Auto, otherwise ${MIN_TTL}–${MAX_TTL}`);

const text = (what: string) =>
  z.string({ error: (iss) => (iss.input === undefined ? `${what} is required` : `${what} must be text`) });

/**
 * `@` (the domain itself), a name relative to the domain (`www`, `*.shop`), or a full name ending in
 * the domain; a trailing dot marks a full name. The zone decides what a relative name becomes
 * (recordNameInZone), since the zone is not known here.
 */
const recordName = text('Name')
  .trim()
  .toLowerCase()
  .min(1, 'Name is required')
  .refine(
    (v) => v === '@' || isHostLike(v.replace(/\.$/, ''), true),
    'Name must be @ or a host name of letters, digits, hyphens and underscores (such as www)',
  );

const srvName = recordName.refine((v) => {
  const labels = v.split('.');
  return labels.length >= 2 && labels[0]!.startsWith('_') && labels[1]!.startsWith('_');
}, 'SRV names look like _service._proto or _service._proto.name, such as _sip._tcp');

const hostContent = (what: string) =>
  text(what)
    .trim()
    .toLowerCase()
    .min(1, `${what} is required`)
    .refine(isTargetHostName, `${what} must be a host name such as target.example.com`)
    .transform((v) => v.replace(/\.$/, ''));

const proxiable = z.boolean({ error: 'Proxied must be true or false' }).default(false);
const notProxiable = z
  .boolean({ error: 'Proxied must be true or false' })
  .refine((v) => !v, 'Only A, AAAA and CNAME records can be proxied')
  .default(false);

const common = {
  id: z
    .number()
    .int()
    .positive()
    .max(MAX_ID)
    .optional()
    .describe('An existing record to edit (its id in the records list); without it a record is added'),
  name: recordName,
  ttl,
};

const aRecord = z.object({
  ...common,
  type: z.literal('A'),
  content: text('Content')
    .trim()
    .pipe(z.ipv4({ error: 'An A record needs an IPv4 address such as 203.0.113.10' })),
  proxied: proxiable,
});
const aaaaRecord = z.object({
  ...common,
  type: z.literal('AAAA'),
  content: text('Content')
    .trim()
    .pipe(z.ipv6({ error: 'An AAAA record needs an IPv6 address such as 2001:db8::1' })),
  proxied: proxiable,
});
const cnameRecord = z.object({
  ...common,
  type: z.literal('CNAME'),
  content: hostContent('Target'),
  proxied: proxiable,
});
const mxRecord = z.object({
  ...common,
  type: z.literal('MX'),
  content: hostContent('Mail server'),
  priority: u16('Priority', 'MX'),
  proxied: notProxiable,
});
const txtRecord = z.object({
  ...common,
  type: z.literal('TXT'),
  content: text('Content')
    .min(1, 'Content is required')
    .max(MAX_TXT_LENGTH, `TXT content must be at most ${MAX_TXT_LENGTH} characters`)
    .refine(noNulBytes, 'Must not contain NUL characters'),
  proxied: notProxiable,
});
const srvRecord = z.object({
  ...common,
  type: z.literal('SRV'),
  name: srvName,
  content: hostContent('Target'),
  priority: u16('Priority', 'SRV'),
  weight: u16('Weight', 'SRV'),
  port: u16('Port', 'SRV'),
  proxied: notProxiable,
});

/** One DNS record as the operator enters it, checked by its type. */
export const dnsRecordInput = z.discriminatedUnion(
  'type',
  [aRecord, aaaaRecord, cnameRecord, mxRecord, txtRecord, srvRecord],
  { error: `Type must be one of ${dnsRecordTypes.join(', ')}` },
);
export type DnsRecordInput = z.output<typeof dnsRecordInput>;

/**
 * The same record as a flat object, the shape REST bodies and the OpenAPI document show (a route's
 * input must be one object there); every check is the union's, applied by dnsRecordRequest.
 */
export const dnsRecordFields = z.object({
  id: z.number().optional().describe(common.id.description!),
  type: z
    .enum(dnsRecordTypes, { error: `Type must be one of ${dnsRecordTypes.join(', ')}` })
    .describe('A, AAAA, CNAME, MX, TXT or SRV'),
  name: text('Name').describe('@, a name under the domain (www) or the full name'),
  content: text('Content').describe(
    'A: IPv4 address; AAAA: IPv6 address; CNAME, MX, SRV: target host name; TXT: text',
  ),
  ttl: z.number().optional().describe(ttl.description!),
  proxied: z.boolean().optional().describe('Only A, AAAA and CNAME records can be proxied'),
  priority: z.number().optional().describe('MX and SRV: 0–65535'),
  weight: z.number().optional().describe('SRV: 0–65535'),
  port: z.number().optional().describe('SRV: 0–65535'),
});

/** dnsRecordFields plus the route's own fields (`extra`), answering those fields and the checked `record`. */
export function dnsRecordRequest<S extends z.ZodRawShape>(extra: S) {
  return dnsRecordFields.extend(extra).transform((input, ctx) => {
    const parsed = dnsRecordInput.safeParse(input);
    if (parsed.success) {
      const own = Object.fromEntries(
        Object.keys(extra).map((k) => [k, (input as Record<string, unknown>)[k]]),
      );
      return { ...(own as z.output<z.ZodObject<S>>), record: parsed.data };
    }
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });
}

export type RecordNameCheck = { ok: true; name: string } | { ok: false; reason: string };

/** The record's full name in the zone of `domain`: `@` is the domain, a relative name goes under it. */
export function recordNameInZone(name: string, domain: string): RecordNameCheck {
  const zone = domain.toLowerCase();
  const n = name.trim().toLowerCase();
  let full: string;
  if (n === '@') full = zone;
  else if (n.endsWith('.')) {
    full = n.slice(0, -1);
    if (full !== zone && !full.endsWith(`.${zone}`)) {
      return { ok: false, reason: `${full} is not in ${zone}; use @, ${zone} or a name under it` };
    }
  } else full = n === zone || n.endsWith(`.${zone}`) ? n : `${n}.${zone}`;
  if (full.length > 253) return { ok: false, reason: 'The full name must be at most 253 characters' };
  return { ok: true, name: full };
}
