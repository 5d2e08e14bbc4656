import { afterEach, describe, expect, it } from 'vitest';
import {
  deleteZone,
  ensureDnsRecords,
  ensureZone,
  findZone,
  getZone,
  listDnsRecords,
  setSslMode,
  type CloudflareConfig,
} from '@blogfleet/integrations/cloudflare';
import { IntegrationError } from '@blogfleet/integrations/errors';
import {
  startCloudflareTestServer,
  type CloudflareTestServer,
} from '@blogfleet/integrations/cloudflare/testing';

const servers: CloudflareTestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setup(): Promise<{ cf: CloudflareTestServer; config: CloudflareConfig }> {
  const cf = await startCloudflareTestServer();
  servers.push(cf);
  return { cf, config: { apiToken: 'cf-test-token-0000', accountId: cf.accountId, baseUrl: cf.baseUrl } };
}

describe('Cloudflare zones and DNS records through the official SDK', () => {
  it('creates a zone once in the account and finds it again (safe to repeat)', async () => {
    const { cf, config } = await setup();
    expect(await findZone(config, 'new-site.com')).toBeNull();
    const zone = await ensureZone(config, 'new-site.com');
    expect(zone).toMatchObject({ name: 'new-site.com', status: 'pending' });
    expect(zone.nameServers).toEqual(['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com']);
    expect((await ensureZone(config, 'new-site.com')).id).toBe(zone.id);
    expect(cf.zones.size).toBe(1);
    const created = cf.requests.find((r) => r.method === 'POST' && r.path === '/client/v4/zones')!;
    expect(JSON.parse(created.body)).toMatchObject({ name: 'new-site.com', account: { id: cf.accountId } });
    const lookup = cf.requests.find((r) => r.method === 'GET' && r.path === '/client/v4/zones')!;
    expect(new URLSearchParams(lookup.query).get('account.id')).toBe(cf.accountId);
    cf.activate(zone.id);
    expect((await getZone(config, zone.id)).status).toBe('active');
  });

  it('adds only the records a zone lacks, sets SSL, and deletes the zone (twice is fine)', async () => {
    const { cf, config } = await setup();
    const zone = await ensureZone(config, 'records.com');
    const specs = [
      { type: 'A' as const, name: 'records.com', content: '203.0.113.10', ttl: 3600, proxied: true },
      { type: 'A' as const, name: 'www.records.com', content: '203.0.113.10', ttl: 3600, proxied: true },
    ];
    const first = await ensureDnsRecords(config, zone.id, specs);
    expect(first.map((r) => [r.type, r.name, r.content, r.ttl, r.proxied])).toEqual([
      ['A', 'records.com', '203.0.113.10', 3600, true],
      ['A', 'www.records.com', '203.0.113.10', 3600, true],
    ]);
    await ensureDnsRecords(config, zone.id, specs);
    expect(await listDnsRecords(config, zone.id)).toHaveLength(2);

    await setSslMode(config, zone.id, 'full');
    expect(cf.zones.get(zone.id)!.ssl).toBe('full');

    await deleteZone(config, zone.id);
    expect(cf.zones.size).toBe(0);
    await deleteZone(config, zone.id);
  });

  it('reports a refused token without leaking it, and a zone without the account id as not configured', async () => {
    const { config } = await setup();
    const err = await findZone({ ...config, apiToken: 'not-a-known-token' }, 'x.com').catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(IntegrationError);
    expect((err as IntegrationError).kind).toBe('unauthorized');
    expect(JSON.stringify(err)).not.toContain('not-a-known-token');
    const noAccount = await ensureZone({ ...config, accountId: undefined }, 'y.com').catch((e: unknown) => e);
    expect((noAccount as IntegrationError).kind).toBe('not_configured');
  });
});
