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
  /** The full name (`example.com`, `www.example.com`). */
  name: string;
  content: string;
  /** Seconds; 1 means Auto. */
  ttl: number;
  proxied?: boolean;
  priority?: number;
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

export async function listDnsRecords(
  config: CloudflareConfig,
  zoneId: string,
): Promise<CloudflareDnsRecord[]> {
  return call(config, async (client) => {
    const out: CloudflareDnsRecord[] = [];
    for await (const r of client.dns.records.list({ zone_id: zoneId })) {
      const rec = r as {
        id: string;
        type: string;
        name: string;
        content?: string;
        ttl: number;
        proxied?: boolean;
        priority?: number;
      };
      out.push({
        id: rec.id,
        type: rec.type as DnsRecordType,
        name: rec.name,
        content: rec.content ?? '',
        ttl: rec.ttl,
        proxied: rec.proxied ?? false,
        ...(rec.priority !== undefined ? { priority: rec.priority } : {}),
      });
    }
    return out;
  });
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
    await call(config, (client) =>
      client.dns.records.create({
        zone_id: zoneId,
        type: spec.type,
        name: spec.name,
        content: spec.content,
        ttl: spec.ttl,
        ...(spec.proxied !== undefined ? { proxied: spec.proxied } : {}),
        ...(spec.priority !== undefined ? { priority: spec.priority } : {}),
      } as Parameters<typeof client.dns.records.create>[0]),
    );
  }
  return listDnsRecords(config, zoneId);
}

export async function setSslMode(config: CloudflareConfig, zoneId: string, mode: SslMode): Promise<void> {
  await call(config, (client) =>
    client.zones.settings.edit('ssl', { zone_id: zoneId, id: 'ssl', value: mode } as never),
  );
}
