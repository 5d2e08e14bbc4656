import {
  startCloudflareTestServer,
  type CloudflareTestServer,
} from '@blogfleet/integrations/cloudflare/testing';
import { startPorkbunTestServer, type PorkbunTestServer } from '@blogfleet/integrations/registrar/testing';
import { JOB_SCHEDULES, refreshPendingZones } from '@blogfleet/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, trpcClient, type RestOptions, type TestApp } from '@blogfleet/server/testing';

const CF_TOKEN = 'cf-dns-token-abcdefghijklmnop-1234';
let t: TestApp;
let cf: CloudflareTestServer;
let pb: PorkbunTestServer;
let admin: string;

beforeAll(async () => {
  cf = await startCloudflareTestServer({ tokens: { [CF_TOKEN]: { owner: 'user' } } });
  pb = await startPorkbunTestServer({ balanceCents: 50_000 });
  t = await startTestApp({
    CLOUDFLARE_API_URL: cf.baseUrl,
    PORKBUN_API_URL: pb.baseUrl,
    WP_PUBLIC_ADDRESS: '203.0.113.10',
  });
  admin = (await t.login()).accessToken;
  const registrar = await api('PUT', 'settings/integrations/registrar', {
    body: { provider: 'porkbun', apiKey: pb.apiKey, secretApiKey: pb.secretApiKey },
  });
  expect(registrar.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([cf?.close(), pb?.close()]);
});

function api(method: string, path: string, opts: RestOptions = {}) {
  return t.rest(method, path, { token: admin, ...opts });
}

/** The caller's "zone active" notifications about this domain, as GET notifications lists them. */
async function zoneNotifications(domain: string) {
  const res = await api('GET', 'notifications?limit=50');
  return (res.body.data.notifications as { kind: string; params: { domain?: string } }[]).filter(
    (n) => n.kind === 'dns.zone_active' && n.params.domain === domain,
  );
}

async function boughtDomain(domainName: string): Promise<number> {
  const { id } = (await api('POST', 'domains', { body: { domainName, targetWebsite: 'blog.example' } })).body
    .data.domain;
  const bought = await api('POST', `domains/${id}/purchase`);
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  return id;
}

describe('Cloudflare DNS/CDN for a domain', () => {
  it('needs the Cloudflare integration, and refuses a domain not bought yet', async () => {
    const id = await boughtDomain('needs-cloudflare.com');
    const missing = await api('POST', `cloudflare/setup-dns/${id}`);
    expect(missing.status).toBe(409);
    expect(missing.body.error.details).toMatchObject({ integration: 'cloudflare' });
    const saved = await api('PUT', 'settings/integrations/cloudflare', {
      body: { apiToken: CF_TOKEN, accountId: cf.accountId },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const { id: notBought } = (
      await api('POST', 'domains', { body: { domainName: 'not-bought.com', targetWebsite: 'blog.example' } })
    ).body.data.domain;
    const refused = await api('POST', `cloudflare/setup-dns/${notBought}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Buy not-bought.com before setting up its DNS');
    expect(cf.zones.size).toBe(0);
  });

  it('sets up the zone, the default records, SSL full and the registrar’s name servers; repeating changes nothing', async () => {
    const id = await boughtDomain('fresh-dns.com');
    const res = await api('POST', `cloudflare/setup-dns/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      zone: { status: 'pending', nameservers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'] },
      records: 2,
      nameserversSet: true,
      domain: { cloudflare_status: 'pending' },
    });
    const zone = cf.zones.get(res.body.data.zone.id)!;
    expect(zone.records.map((r) => [r.type, r.name, r.content, r.ttl, r.proxied])).toEqual([
      ['A', 'fresh-dns.com', '203.0.113.10', 3600, true],
      ['A', 'www.fresh-dns.com', '203.0.113.10', 3600, true],
    ]);
    expect(zone.ssl).toBe('full');
    expect(pb.owned.get('fresh-dns.com')!.nameservers).toEqual([
      'ada.ns.cloudflare.com',
      'bob.ns.cloudflare.com',
    ]);

    const again = await api('POST', `domains/${id}/setup-dns`);
    expect(again.status).toBe(200);
    expect(again.body.data.zone.id).toBe(zone.id);
    expect(cf.zones.size).toBe(1);
    expect(zone.records).toHaveLength(2);

    const status = await api('GET', `cloudflare/dns-status/${id}`);
    expect(status.body.data).toMatchObject({
      cloudflare_status: 'pending',
      zone_id: zone.id,
      nameservers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
      ssl_status: 'full',
    });
    expect(status.body.data.records.map((r: { name: string }) => r.name)).toEqual([
      'fresh-dns.com',
      'www.fresh-dns.com',
    ]);
    expect(status.body.data.history.map((h: { action_type: string }) => h.action_type)).toEqual([
      'setup_dns',
      'setup_dns',
    ]);

    // Cloudflare activates the zone once the name servers point at it; the status call notices.
    cf.activate(zone.id);
    const active = await api('GET', `cloudflare/dns-status/${id}`);
    expect(active.body.data.cloudflare_status).toBe('active');
    expect((await api('GET', `domains/${id}`)).body.data.domain.cloudflare_status).toBe('active');
    // Whoever set the DNS up is told, once.
    await api('GET', `cloudflare/dns-status/${id}`);
    expect(await zoneNotifications('fresh-dns.com')).toEqual([
      expect.objectContaining({
        title: 'fresh-dns.com: Cloudflare zone active',
        body: 'Cloudflare now serves the DNS of fresh-dns.com.',
        params: { domain: 'fresh-dns.com' },
        link: '/domains',
        subject_type: 'domain',
        subject_id: String(id),
        read_at: null,
      }),
    ]);
  });

  it('resets: the zone is deleted at Cloudflare and forgotten here, with a history entry', async () => {
    const id = await boughtDomain('reset-me.com');
    const { zone } = (await api('POST', `cloudflare/setup-dns/${id}`)).body.data;
    const res = await api('POST', `cloudflare/reset-dns/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.domain).toMatchObject({ cloudflare_status: 'inactive', cloudflare_zone_id: null });
    expect(cf.zones.has(zone.id)).toBe(false);
    const status = (await api('GET', `cloudflare/dns-status/${id}`)).body.data;
    expect(status).toMatchObject({
      cloudflare_status: 'inactive',
      zone_id: null,
      records: [],
      nameservers: [],
    });
    expect(status.history.map((h: { action_type: string }) => h.action_type)).toEqual([
      'reset_dns',
      'setup_dns',
    ]);
  });

  it('notices zones that turned active in the periodic refresh (every ten minutes)', async () => {
    const id = await boughtDomain('periodic-check.com');
    const { zone } = (await api('POST', `cloudflare/setup-dns/${id}`)).body.data;
    expect(await refreshPendingZones(t.deps)).toMatchObject({ changed: 0 });
    cf.activate(zone.id);
    const result = await refreshPendingZones(t.deps);
    expect(result.changed).toBe(1);
    expect((await api('GET', `domains/${id}`)).body.data.domain.cloudflare_status).toBe('active');
    const history = (await api('GET', `cloudflare/dns-status/${id}`)).body.data.history;
    expect(history[0].action_type).toBe('zone_active');
    expect(await refreshPendingZones(t.deps)).toMatchObject({ changed: 0 });
    expect(await zoneNotifications('periodic-check.com')).toHaveLength(1);
    expect(JOB_SCHEDULES).toContainEqual({ kind: 'cloudflare.refresh-zones', cron: '*/10 * * * *' });
  });

  it('keeps a domain used by a site out of it, and works over tRPC', async () => {
    const id = await boughtDomain('used-by-site.com');
    await t.db.updateTable('domains').set({ is_used: true }).where('id', '=', id).execute();
    const refused = await api('POST', `cloudflare/setup-dns/${id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      'used-by-site.com is used by a site; manage its DNS from the site',
    );

    const typedId = await boughtDomain('typed-dns.net');
    const client = await trpcClient(t.app, () => admin);
    const { zone } = await client.cloudflare.setupDns.mutate({ domainId: typedId });
    expect((await client.cloudflare.dnsStatus.query({ domainId: typedId })).zone_id).toBe(zone.id);
  });
});
