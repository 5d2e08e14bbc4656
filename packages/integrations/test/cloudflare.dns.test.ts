import { afterEach, describe, expect, it } from 'vitest';
import {
  createDnsRecord,
  deleteDnsRecord,
  deleteZone,
  ensureDnsRecords,
  ensureZone,
  findZone,
  getSslMode,
  getZone,
  listDnsRecords,
  setSslMode,
  triggerActivationCheck,
  updateDnsRecord,
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

  it('creates, overwrites and deletes single records, SRV through its data and MX with its priority', async () => {
    const { cf, config } = await setup();
    const zone = await ensureZone(config, 'single.com');
    const srv = await createDnsRecord(config, zone.id, {
      type: 'SRV',
      name: '_sip._tcp.single.com',
      content: 'sip.example.net',
      ttl: 600,
      priority: 10,
      weight: 60,
      port: 5060,
    });
    expect(srv).toMatchObject({
      type: 'SRV',
      content: 'sip.example.net',
      priority: 10,
      weight: 60,
      port: 5060,
    });
    const sent = cf.requests.find((r) => r.method === 'POST' && r.path.endsWith('/dns_records'))!;
    expect(JSON.parse(sent.body)).toEqual({
      type: 'SRV',
      name: '_sip._tcp.single.com',
      ttl: 600,
      data: { priority: 10, weight: 60, port: 5060, target: 'sip.example.net' },
    });
    expect(cf.zones.get(zone.id)!.records[0]).toMatchObject({
      content: '60 5060 sip.example.net',
      priority: 10,
    });

    const mx = await createDnsRecord(config, zone.id, {
      type: 'MX',
      name: 'single.com',
      content: 'mx.example.net',
      ttl: 1,
      proxied: false,
      priority: 5,
    });
    const moved = await updateDnsRecord(config, zone.id, mx.id, {
      ...mx,
      content: 'mx2.example.net',
      priority: 7,
    });
    expect(moved).toMatchObject({ id: mx.id, content: 'mx2.example.net', priority: 7 });
    expect(cf.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/client/v4/zones/${zone.id}/dns_records/${mx.id}`,
    });
    expect((await listDnsRecords(config, zone.id)).map((r) => [r.type, r.content, r.priority])).toEqual([
      ['SRV', 'sip.example.net', 10],
      ['MX', 'mx2.example.net', 7],
    ]);

    await deleteDnsRecord(config, zone.id, srv.id);
    expect(cf.zones.get(zone.id)!.records.map((r) => r.id)).toEqual([mx.id]);
    await deleteDnsRecord(config, zone.id, srv.id);
    const gone = await updateDnsRecord(config, zone.id, srv.id, { ...mx, content: 'x.example.net' }).catch(
      (e: unknown) => e,
    );
    expect((gone as IntegrationError).kind).toBe('not_found');
  });

  it('answers Cloudflare’s refusal of a record as its message', async () => {
    const { config } = await setup();
    const zone = await ensureZone(config, 'refused.com');
    const err = await createDnsRecord(config, zone.id, {
      type: 'TXT',
      name: 'refused.com',
      content: 'hello',
      ttl: 1,
      proxied: true,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'upstream', message: 'This record type cannot be proxied.' });
  });

  it('triggers an activation check and reads the SSL mode', async () => {
    const { cf, config } = await setup();
    const zone = await ensureZone(config, 'check-me.com');
    await triggerActivationCheck(config, zone.id);
    expect(cf.activationChecks).toEqual([zone.id]);
    expect((await getZone(config, zone.id)).status).toBe('pending');
    cf.activateOnCheck(zone.id);
    await triggerActivationCheck(config, zone.id);
    expect((await getZone(config, zone.id)).status).toBe('active');
    expect(cf.requests.filter((r) => r.path.endsWith('/activation_check')).map((r) => r.method)).toEqual([
      'PUT',
      'PUT',
    ]);

    expect(await getSslMode(config, zone.id)).toBe('flexible');
    await setSslMode(config, zone.id, 'strict');
    expect(await getSslMode(config, zone.id)).toBe('strict');
  });
});
