import { IntegrationError } from '../errors';
import { displayUrl } from '../http-json';
import { createCloudflareClient, resolve } from './client';
import { toCloudflareError } from './errors';
import type { CloudflareConfig } from './types';

export interface CloudflareZone {
  id: string;
  name: string;
  /** Cloudflare's zone status: `pending` until the registrar points at `nameServers`, then `active`. */
  status: string;
  nameServers: string[];
}

export const dnsRecordTypes = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV'] as const;
export type DnsRecordType = (typeof dnsRecordTypes)[number];

export interface DnsRecordSpec {
  type: DnsRecordType;
  /** The full name (`example.com`, `www.example.com`, `_sip._tcp.example.com`). */
  name: string;
  /** The address, target host name (CNAME, MX, SRV) or text (TXT). */
  content: string;
  /** Seconds; 1 means Auto. */
  ttl: number;
  proxied?: boolean;
  /** MX and SRV. */
  priority?: number;
  /** SRV only. */
  weight?: number;
  port?: number;
}

export interface CloudflareDnsRecord extends DnsRecordSpec {
  id: string;
}

export type SslMode = 'off' | 'flexible' | 'full' | 'strict';

/** Runs one SDK call, turning its failures into IntegrationErrors with secrets removed. */
async function call<T>(
  config: CloudflareConfig,
  run: (client: ReturnType<typeof createCloudflareClient>) => Promise<T>,
) {
  const r = resolve(config);
  try {
    return await run(createCloudflareClient(config));
  } catch (err) {
    throw toCloudflareError(err, {
      url: displayUrl(r.baseUrl),
      timeoutMs: r.timeoutMs,
      secrets: [r.apiToken],
    });
  }
}

const toZone = (z: { id: string; name: string; status?: string | null; name_servers?: string[] | null }) => ({
  id: z.id,
  name: z.name,
  status: z.status ?? 'pending',
  nameServers: z.name_servers ?? [],
});

/** The zone of a domain in the configured account, or null. */
export async function findZone(config: CloudflareConfig, domain: string): Promise<CloudflareZone | null> {
  return call(config, async (client) => {
    const { accountId } = resolve(config);
    for await (const zone of client.zones.list({
      name: domain,
      ...(accountId ? { account: { id: accountId } } : {}),
    })) {
      if (zone.name === domain) return toZone(zone);
    }
    return null;
  });
}

/** The domain's zone, created in the configured account when it has none (safe to repeat). */
export async function ensureZone(config: CloudflareConfig, domain: string): Promise<CloudflareZone> {
  const existing = await findZone(config, domain);
  if (existing) return existing;
  const { accountId } = resolve(config);
  if (!accountId) {
    throw new IntegrationError(
      'cloudflare',
      'not_configured',
      'Creating a zone needs the Cloudflare account ID',
    );
  }
  return call(config, async (client) =>
    toZone(await client.zones.create({ account: { id: accountId }, name: domain, type: 'full' })),
  );
}

export async function getZone(config: CloudflareConfig, zoneId: string): Promise<CloudflareZone> {
  return call(config, async (client) => toZone(await client.zones.get({ zone_id: zoneId })));
}

/** Deletes the zone and every record in it; a zone already gone counts as deleted. */
export async function deleteZone(config: CloudflareConfig, zoneId: string): Promise<void> {
  try {
    await call(config, (client) => client.zones.delete({ zone_id: zoneId }));
  } catch (err) {
    if (err instanceof IntegrationError && err.kind === 'not_found') return;
    throw err;
  }
}

/** A record as Cloudflare answers it; SRV records carry their parts in `data`. */
interface RawDnsRecord {
  id: string;
  type: string;
  name: string;
  content?: string;
  ttl: number;
  proxied?: boolean;
  priority?: number;
  data?: { priority?: number; weight?: number; port?: number; target?: string };
}

function toRecord(rec: RawDnsRecord): CloudflareDnsRecord {
  const base = { id: rec.id, type: rec.type as DnsRecordType, name: rec.name, ttl: rec.ttl };
  if (rec.type === 'SRV') {
    // `data` is the documented source; `content` ("weight port target") only fills gaps.
    const [weight, port, ...target] = (rec.content ?? '').trim().split(/\s+/);
    const priority = rec.data?.priority ?? rec.priority;
    return {
      ...base,
      content: (rec.data?.target ?? target.join(' ')).replace(/\.$/, ''),
      proxied: false,
      ...(priority !== undefined ? { priority } : {}),
      weight: rec.data?.weight ?? Number(weight),
      port: rec.data?.port ?? Number(port),
    };
  }
  return {
    ...base,
    content: rec.content ?? '',
    proxied: rec.proxied ?? false,
    ...(rec.priority !== undefined ? { priority: rec.priority } : {}),
  };
}

/** The request body of a record: SRV in `data`, MX with its priority, the rest as content. */
function recordBody(spec: DnsRecordSpec) {
  const base = { type: spec.type, name: spec.name, ttl: spec.ttl };
  if (spec.type === 'SRV') {
    return {
      ...base,
      data: { priority: spec.priority, weight: spec.weight, port: spec.port, target: spec.content },
    };
  }
  return {
    ...base,
    content: spec.content,
    ...(spec.proxied !== undefined ? { proxied: spec.proxied } : {}),
    ...(spec.type === 'MX' && spec.priority !== undefined ? { priority: spec.priority } : {}),
  };
}

type Client = ReturnType<typeof createCloudflareClient>;
type CreateParams = Parameters<Client['dns']['records']['create']>[0];
type UpdateParams = Parameters<Client['dns']['records']['update']>[1];

export async function listDnsRecords(
  config: CloudflareConfig,
  zoneId: string,
): Promise<CloudflareDnsRecord[]> {
  return call(config, async (client) => {
    const out: CloudflareDnsRecord[] = [];
    for await (const r of client.dns.records.list({ zone_id: zoneId })) {
      out.push(toRecord(r as RawDnsRecord));
    }
    return out;
  });
}

export async function createDnsRecord(
  config: CloudflareConfig,
  zoneId: string,
  spec: DnsRecordSpec,
): Promise<CloudflareDnsRecord> {
  return call(config, async (client) =>
    toRecord(
      (await client.dns.records.create({
        zone_id: zoneId,
        ...recordBody(spec),
      } as CreateParams)) as RawDnsRecord,
    ),
  );
}

/** Overwrites the record (PUT): an edit may change its type, and nothing of the old one should stay. */
export async function updateDnsRecord(
  config: CloudflareConfig,
  zoneId: string,
  recordId: string,
  spec: DnsRecordSpec,
): Promise<CloudflareDnsRecord> {
  return call(config, async (client) =>
    toRecord(
      (await client.dns.records.update(recordId, {
        zone_id: zoneId,
        ...recordBody(spec),
      } as UpdateParams)) as RawDnsRecord,
    ),
  );
}

/** Deletes a record; one already gone counts as deleted. */
export async function deleteDnsRecord(config: CloudflareConfig, zoneId: string, recordId: string) {
  try {
    await call(config, (client) => client.dns.records.delete(recordId, { zone_id: zoneId }));
  } catch (err) {
    if (err instanceof IntegrationError && err.kind === 'not_found') return;
    throw err;
  }
}

/** Asks Cloudflare to check a pending zone's name servers now instead of at its next scheduled check. */
export async function triggerActivationCheck(config: CloudflareConfig, zoneId: string): Promise<void> {
  await call(config, (client) => client.zones.activationCheck.trigger({ zone_id: zoneId }));
}

/** Creates the records the zone lacks (same type, name and content); answers the zone's records after. */
export async function ensureDnsRecords(
  config: CloudflareConfig,
  zoneId: string,
  specs: DnsRecordSpec[],
): Promise<CloudflareDnsRecord[]> {
  const present = await listDnsRecords(config, zoneId);
  const key = (r: Pick<DnsRecordSpec, 'type' | 'name' | 'content'>) => `${r.type} ${r.name} ${r.content}`;
  const have = new Set(present.map(key));
  for (const spec of specs) {
    if (have.has(key(spec))) continue;
    await createDnsRecord(config, zoneId, spec);
  }
  return listDnsRecords(config, zoneId);
}

export async function setSslMode(config: CloudflareConfig, zoneId: string, mode: SslMode): Promise<void> {
  await call(config, (client) =>
    client.zones.settings.edit('ssl', { zone_id: zoneId, id: 'ssl', value: mode } as never),
  );
}

export async function getSslMode(config: CloudflareConfig, zoneId: string): Promise<SslMode> {
  return call(config, async (client) => {
    const setting = await client.zones.settings.get('ssl', { zone_id: zoneId });
    return (setting as { value: SslMode }).value;
  });
}
