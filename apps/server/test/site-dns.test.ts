import {
  startCloudflareTestServer,
  type CloudflareTestServer,
} from '@blogfleet/integrations/cloudflare/testing';
import { startPorkbunTestServer, type PorkbunTestServer } from '@blogfleet/integrations/registrar/testing';
import type { AppRouter } from '@blogfleet/api';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, trpcClient, type RestOptions, type TestApp } from '@blogfleet/server/testing';

const CF_TOKEN = 'cf-site-dns-token-abcdefghijklmnop-1234';
let t: TestApp;
let cf: CloudflareTestServer;
let pb: PorkbunTestServer;
let admin: string;
let user: string;
/** While set, Cloudflare's answers to record listings come this late (what they list is read at once). */
let slowListingMs = 0;

beforeAll(async () => {
  cf = await startCloudflareTestServer({
    tokens: { [CF_TOKEN]: { owner: 'user' } },
    delayMs: (req) => (req.method === 'GET' && req.path.endsWith('/dns_records') ? slowListingMs : 0),
  });
  pb = await startPorkbunTestServer({ balanceCents: 100_000 });
  t = await startTestApp({
    CLOUDFLARE_API_URL: cf.baseUrl,
    PORKBUN_API_URL: pb.baseUrl,
    WP_PUBLIC_ADDRESS: '203.0.113.10',
    JOB_WORKERS: 'true',
    JOB_POLL_INTERVAL_SECONDS: '0.5',
  });
  admin = (await t.login()).accessToken;
  for (const [section, body] of [
    ['registrar', { provider: 'porkbun', apiKey: pb.apiKey, secretApiKey: pb.secretApiKey }],
    ['cloudflare', { apiToken: CF_TOKEN, accountId: cf.accountId }],
  ] as const) {
    const res = await api('PUT', `settings/integrations/${section}`, { body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const u = await t.createUser({ role: 'user' });
  user = (await t.login(u.email, u.password)).accessToken;
});
afterAll(async () => {
  await t?.close();
  await Promise.all([cf?.close(), pb?.close()]);
});

function api(method: string, path: string, opts: RestOptions = {}) {
  return t.rest(method, path, { token: admin, ...opts });
}

async function boughtDomain(domainName: string): Promise<number> {
  const { id } = (await api('POST', 'domains', { body: { domainName, targetWebsite: 'blog.example' } })).body
    .data.domain;
  const bought = await api('POST', `domains/${id}/purchase`);
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  return id;
}

async function insertSite(domainName: string, domainId: number | null): Promise<number> {
  const now = new Date();
  const row = await t.db
    .insertInto('sites')
    .values({
      site_title: `Site of ${domainName}`,
      domain_name: domainName,
      domain_id: domainId,
      status: 'active',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A site on a bought domain whose DNS is set up (a pending zone with the two default A records). */
async function siteWithZone(domainName: string) {
  const domainId = await boughtDomain(domainName);
  const setup = await api('POST', `cloudflare/setup-dns/${domainId}`);
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  await t.db.updateTable('domains').set({ is_used: true }).where('id', '=', domainId).execute();
  const siteId = await insertSite(domainName, domainId);
  const zoneId: string = setup.body.data.zone.id;
  return { siteId, domainId, zoneId, zone: () => cf.zones.get(zoneId)! };
}

const site = (siteId: number, rest = '') => `cloudflare/websites/${siteId}${rest}`;
const historyOf = async (siteId: number) =>
  (await api('GET', site(siteId, '/history'))).body.data.history as {
    action_type: string;
    details: Record<string, unknown>;
  }[];

describe('Cloudflare DNS/CDN of a website', () => {
  it('answers any site’s status; the other calls need the site’s zone first', async () => {
    const bare = await insertSite('no-domain.example', null);
    const status = await api('GET', site(bare, '/status'));
    expect(status.status).toBe(200);
    expect(status.body.data).toEqual({
      site_id: bare,
      domain_id: null,
      domain_name: 'no-domain.example',
      cloudflare_status: 'inactive',
      zone_id: null,
      nameservers: [],
      ssl_status: null,
    });

    const noZone = await insertSite('no-zone-yet.com', await boughtDomain('no-zone-yet.com'));
    expect((await api('GET', site(noZone, '/status'))).body.data).toMatchObject({
      cloudflare_status: 'inactive',
      domain_name: 'no-zone-yet.com',
    });
    const calls: [string, string, unknown?][] = [
      ['GET', '/dns-records'],
      ['GET', '/history'],
      ['POST', '/activate'],
      ['POST', '/dns-records', { type: 'A', name: 'www', content: '203.0.113.5' }],
      ['DELETE', '/dns-records/1'],
      ['PUT', '/ssl', { ssl_mode: 'strict' }],
    ];
    for (const [method, path, body] of calls) {
      for (const [id, name] of [
        [bare, 'no-domain.example'],
        [noZone, 'no-zone-yet.com'],
      ] as const) {
        const res = await api(method, site(id, path), { body });
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body.error).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: `Set up DNS for ${name} first`,
        });
      }
    }
    expect((await api('GET', site(999_999, '/status'))).status).toBe(404);
  });

  it('adds a record of each type, in Cloudflare’s shapes, and lists them', async () => {
    const { siteId, zone } = await siteWithZone('all-types.com');
    const bodies = [
      { type: 'A', name: 'app', content: '203.0.113.20', ttl: 1, proxied: true },
      { type: 'AAAA', name: 'v6.all-types.com', content: '2001:db8::20', ttl: 300 },
      { type: 'CNAME', name: 'shop', content: 'shops.example.net', proxied: true },
      { type: 'MX', name: '@', content: 'mail.example.net', priority: 10, ttl: 3600 },
      { type: 'TXT', name: '@', content: 'v=spf1 include:_spf.example.net ~all' },
      {
        type: 'SRV',
        name: '_sip._tcp',
        content: 'sip.example.net',
        priority: 5,
        weight: 20,
        port: 5060,
        ttl: 600,
      },
    ];
    for (const body of bodies) {
      const res = await api('POST', site(siteId, '/dns-records'), { body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.record).toMatchObject({ type: body.type, content: body.content });
    }

    const at = (type: string) => zone().records.find((r) => r.type === type)!;
    expect(at('AAAA')).toMatchObject({ name: 'v6.all-types.com', content: '2001:db8::20', ttl: 300 });
    expect(at('CNAME')).toMatchObject({ name: 'shop.all-types.com', proxied: true, ttl: 1 });
    expect(at('MX')).toMatchObject({ name: 'all-types.com', content: 'mail.example.net', priority: 10 });
    expect(at('TXT')).toMatchObject({ name: 'all-types.com', proxied: false });
    expect(at('SRV')).toMatchObject({
      name: '_sip._tcp.all-types.com',
      data: { priority: 5, weight: 20, port: 5060, target: 'sip.example.net' },
    });
    const srvRequest = cf.requests.find(
      (r) => r.method === 'POST' && r.path.endsWith('/dns_records') && r.body.includes('"SRV"'),
    )!;
    expect(JSON.parse(srvRequest.body).data).toEqual({
      priority: 5,
      weight: 20,
      port: 5060,
      target: 'sip.example.net',
    });

    const listed = (await api('GET', site(siteId, '/dns-records'))).body.data.records;
    expect(listed.map((r: { type: string; name: string }) => `${r.type} ${r.name}`)).toEqual([
      'A all-types.com',
      'A www.all-types.com',
      'A app.all-types.com',
      'AAAA v6.all-types.com',
      'CNAME shop.all-types.com',
      'MX all-types.com',
      'TXT all-types.com',
      'SRV _sip._tcp.all-types.com',
    ]);
    expect(listed.at(-1)).toMatchObject({
      content: 'sip.example.net',
      priority: 5,
      weight: 20,
      port: 5060,
      ttl: 600,
      proxied: false,
    });
    expect(listed.find((r: { type: string }) => r.type === 'MX')).toMatchObject({
      priority: 10,
      weight: null,
      port: null,
    });
  });

  it('refuses a bad record with VALIDATION_ERROR on the field, writing nothing anywhere', async () => {
    const { siteId, domainId, zone } = await siteWithZone('strict-records.com');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: 'A', name: 'www', content: '2001:db8::1' }, 'content', 'IPv4'],
      [{ type: 'AAAA', name: 'www', content: '203.0.113.1' }, 'content', 'IPv6'],
      [{ type: 'CNAME', name: 'www', content: '203.0.113.1' }, 'content', 'host name'],
      [{ type: 'CNAME', name: 'www', content: 'not a host' }, 'content', 'host name'],
      [{ type: 'MX', name: '@', content: 'mail.example.net' }, 'priority', 'Priority is required'],
      [{ type: 'MX', name: '@', content: 'mail.example.net', priority: 70_000 }, 'priority', '0 to 65535'],
      [{ type: 'A', name: 'www', content: '203.0.113.1', ttl: 30 }, 'ttl', 'TTL must be 1 (Auto)'],
      [{ type: 'A', name: 'www', content: '203.0.113.1', ttl: 90_000 }, 'ttl', 'TTL'],
      [{ type: 'TXT', name: '@', content: 'hello', proxied: true }, 'proxied', 'can be proxied'],
      [
        { type: 'MX', name: '@', content: 'mx.example.net', priority: 1, proxied: true },
        'proxied',
        'proxied',
      ],
      [{ type: 'TXT', name: '@', content: 'x'.repeat(2049) }, 'content', '2048'],
      [{ type: 'TXT', name: '@', content: 'a\u0000b' }, 'content', 'NUL'],
      [{ type: 'TXT', name: '@', content: '' }, 'content', 'required'],
      [
        { type: 'SRV', name: '_sip._tcp', content: 'sip.example.net', priority: 1, weight: 1 },
        'port',
        'Port is required',
      ],
      [
        { type: 'SRV', name: 'sip', content: 'sip.example.net', priority: 1, weight: 1, port: 5060 },
        'name',
        '_service._proto',
      ],
      [{ type: 'PTR', name: 'www', content: 'x.example.net' }, 'type', 'Type must be one of'],
      [{ type: 'A', name: 'bad name', content: '203.0.113.1' }, 'name', 'Name must be @'],
      [{ type: 'A', content: '203.0.113.1' }, 'name', 'Name is required'],
      [{ type: 'A', name: 'www.other.com.', content: '203.0.113.1' }, 'name', 'is not in strict-records.com'],
    ];
    const count = async (table: 'dns_records' | 'dns_settings_history') =>
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('domain_id', '=', domainId)
          .executeTakeFirstOrThrow()
      ).n;
    const before = {
      zone: JSON.stringify(zone().records),
      records: await count('dns_records'),
      history: await count('dns_settings_history'),
      requests: cf.requests.length,
    };
    for (const [body, path, message] of cases) {
      const res = await api('POST', site(siteId, '/dns-records'), { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      const issue = res.body.error.details.issues.find((i: { path: string }) => i.path === path);
      expect(issue, `${JSON.stringify(body)} → ${JSON.stringify(res.body.error)}`).toBeDefined();
      expect(issue.message).toContain(message);
      expect(res.body.error.message).toContain(`${path}: `);
    }
    expect(JSON.stringify(zone().records)).toBe(before.zone);
    expect(cf.requests.length).toBe(before.requests);
    expect(await count('dns_records')).toBe(before.records);
    expect(await count('dns_settings_history')).toBe(before.history);
  });

  it('edits a record in place and really deletes it, each change in the history, newest first', async () => {
    const { siteId, zone } = await siteWithZone('edit-delete.com');
    const created = await api('POST', site(siteId, '/dns-records'), {
      body: { type: 'A', name: 'api', content: '203.0.113.30', ttl: 3600 },
    });
    const { id } = created.body.data.record;
    const cfId = zone().records.find((r) => r.name === 'api.edit-delete.com')!.id;

    const edited = await api('POST', site(siteId, '/dns-records'), {
      body: { id, type: 'AAAA', name: 'api', content: '2001:db8::30', ttl: 120 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.record).toMatchObject({ id, type: 'AAAA', content: '2001:db8::30', ttl: 120 });
    expect(zone().records.filter((r) => r.name === 'api.edit-delete.com')).toEqual([
      expect.objectContaining({ id: cfId, type: 'AAAA', content: '2001:db8::30', ttl: 120 }),
    ]);
    const listed = (await api('GET', site(siteId, '/dns-records'))).body.data.records;
    expect(listed.find((r: { id: number }) => r.id === id)).toMatchObject({ content: '2001:db8::30' });

    const unknown = await api('POST', site(siteId, '/dns-records'), {
      body: { id: 999_999, type: 'A', name: 'x', content: '203.0.113.1' },
    });
    expect(unknown.status).toBe(404);

    const deleted = await api('DELETE', site(siteId, `/dns-records/${id}`));
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.data.deleted).toMatchObject({ id, type: 'AAAA' });
    expect(zone().records.some((r) => r.id === cfId)).toBe(false);
    const after = (await api('GET', site(siteId, '/dns-records'))).body.data.records;
    expect(after.some((r: { id: number }) => r.id === id)).toBe(false);
    expect((await api('DELETE', site(siteId, `/dns-records/${id}`))).status).toBe(404);

    const history = await historyOf(siteId);
    expect(history.map((h) => h.action_type)).toEqual([
      'dns_record_delete',
      'dns_record_update',
      'dns_record_create',
      'setup_dns',
    ]);
    expect(history[1]!.details).toMatchObject({
      siteId,
      before: { type: 'A', content: '203.0.113.30' },
      record: { type: 'AAAA', content: '2001:db8::30' },
    });
    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'site')
      .where('subject_id', '=', String(siteId))
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual([
      'site.dns_record_create',
      'site.dns_record_update',
      'site.dns_record_delete',
    ]);
  });

  it('keeps the stored records in step with Cloudflare, ids unchanged', async () => {
    const { siteId, zone } = await siteWithZone('in-step.com');
    const first = (await api('GET', site(siteId, '/dns-records'))).body.data.records;
    // Changed at Cloudflare by someone else: one record edited, one removed, one added.
    const [apex, www] = zone().records;
    apex!.content = '203.0.113.99';
    zone().records = [apex!, { ...www!, id: 'f'.repeat(32), name: 'new.in-step.com' }];
    const second = (await api('GET', site(siteId, '/dns-records'))).body.data.records;
    expect(second).toHaveLength(2);
    expect(second[0]).toMatchObject({ id: first[0].id, content: '203.0.113.99' });
    expect(second[1]).toMatchObject({ name: 'new.in-step.com' });
    expect(second[1].id).not.toBe(first[1].id);
  });

  it('keeps a record added, edited or deleted here while a refresh waited for Cloudflare’s list', async () => {
    const { siteId, zone } = await siteWithZone('mid-refresh.com');
    const listed = (await api('GET', site(siteId, '/dns-records'))).body.data.records as {
      id: number;
      name: string;
    }[];
    const apex = listed.find((r) => r.name === 'mid-refresh.com')!;
    const www = listed.find((r) => r.name === 'www.mid-refresh.com')!;
    const listings = () =>
      cf.requests.filter((r) => r.method === 'GET' && r.path === `/client/v4/zones/${zone().id}/dns_records`)
        .length;
    const before = listings();
    slowListingMs = 3000;
    try {
      let settled = false;
      const refresh = api('GET', site(siteId, '/dns-records')).finally(() => (settled = true));
      await expect.poll(listings, { timeout: 20_000 }).toBeGreaterThan(before);
      slowListingMs = 0;
      const added = await api('POST', site(siteId, '/dns-records'), {
        body: { type: 'CNAME', name: 'shop', content: 'mid-refresh.com' },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const edited = await api('POST', site(siteId, '/dns-records'), {
        body: { id: apex.id, type: 'A', name: '@', content: '203.0.113.77' },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect((await api('DELETE', site(siteId, `/dns-records/${www.id}`))).status).toBe(200);
      expect(settled, 'the refresh must still wait for its list').toBe(false);

      const refreshed = await refresh;
      expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
      const records = refreshed.body.data.records as { id: number; name: string; content: string }[];
      expect(records.map((r) => r.name).sort()).toEqual(['mid-refresh.com', 'shop.mid-refresh.com']);
      expect(records.find((r) => r.id === apex.id)?.content).toBe('203.0.113.77');
      expect(
        zone()
          .records.map((r) => r.name)
          .sort(),
      ).toEqual(['mid-refresh.com', 'shop.mid-refresh.com']);
    } finally {
      slowListingMs = 0;
    }
  });

  it('sets the SSL mode on the zone and reads it back', async () => {
    const { siteId, zone } = await siteWithZone('ssl-mode.com');
    expect(zone().ssl).toBe('full');
    const res = await api('PUT', site(siteId, '/ssl'), { body: { ssl_mode: 'strict' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ ssl_status: 'strict', cloudflare_status: 'pending' });
    expect(zone().ssl).toBe('strict');
    // Changed at Cloudflare: the status reads it from there.
    zone().ssl = 'flexible';
    expect((await api('GET', site(siteId, '/status'))).body.data.ssl_status).toBe('flexible');

    const bad = await api('PUT', site(siteId, '/ssl'), { body: { ssl_mode: 'maximum' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues[0]).toMatchObject({ path: 'ssl_mode' });
    expect(zone().ssl).toBe('flexible');
    const [latest] = await historyOf(siteId);
    expect(latest).toMatchObject({ action_type: 'ssl_update', details: { from: 'full', to: 'strict' } });
  });

  it('activate runs the zone activation check and stores the status it leads to', async () => {
    const { siteId, domainId, zoneId } = await siteWithZone('activate-me.com');
    const status = await api('GET', site(siteId, '/status'));
    expect(status.body.data).toMatchObject({
      cloudflare_status: 'pending',
      zone_id: zoneId,
      nameservers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
      ssl_status: 'full',
    });

    // Name servers not pointed yet: checked, still pending.
    const early = await api('POST', site(siteId, '/activate'));
    expect(early.status, JSON.stringify(early.body)).toBe(200);
    expect(early.body.data.cloudflare_status).toBe('pending');
    expect(cf.activationChecks).toEqual([zoneId]);

    cf.activateOnCheck(zoneId);
    const res = await api('POST', site(siteId, '/activate'));
    expect(res.body.data.cloudflare_status).toBe('active');
    expect(cf.activationChecks).toEqual([zoneId, zoneId]);
    const domain = await t.db
      .selectFrom('domains')
      .select('cloudflare_status')
      .where('id', '=', domainId)
      .executeTakeFirstOrThrow();
    expect(domain.cloudflare_status).toBe('active');

    // Cloudflare checks only pending zones; an active one is just read.
    await api('POST', site(siteId, '/activate'));
    expect(cf.activationChecks).toHaveLength(2);
    const history = await historyOf(siteId);
    expect(history.slice(0, 3).map((h) => [h.action_type, h.details.after])).toEqual([
      ['activate', 'active'],
      ['activate', 'active'],
      ['activate', 'pending'],
    ]);
  });

  it('is open to a normal user, over tRPC too', async () => {
    const { siteId, zone } = await siteWithZone('user-trpc.com');
    const rest = await t.rest('POST', site(siteId, '/dns-records'), {
      token: user,
      body: { type: 'TXT', name: '_verify', content: 'token-123' },
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);

    const client = await trpcClient(t.app, () => user);
    const { record } = await client.cloudflare.saveWebsiteDnsRecord.mutate({
      siteId,
      type: 'MX',
      name: '@',
      content: 'mx.example.net',
      priority: 20,
    });
    expect(zone().records.some((r) => r.type === 'MX' && r.priority === 20)).toBe(true);
    const { records } = await client.cloudflare.websiteDnsRecords.query({ siteId });
    expect(records.map((r) => r.type)).toEqual(['A', 'A', 'TXT', 'MX']);
    await client.cloudflare.saveWebsiteDnsRecord.mutate({
      siteId,
      id: record.id,
      type: 'MX',
      name: '@',
      content: 'mx2.example.net',
      priority: 30,
    });
    expect(zone().records.find((r) => r.type === 'MX')).toMatchObject({
      content: 'mx2.example.net',
      priority: 30,
    });
    await client.cloudflare.deleteWebsiteDnsRecord.mutate({ siteId, recordId: record.id });
    expect(zone().records.some((r) => r.type === 'MX')).toBe(false);
    expect((await client.cloudflare.setWebsiteSsl.mutate({ siteId, ssl_mode: 'off' })).ssl_status).toBe(
      'off',
    );
    expect((await client.cloudflare.activateWebsite.mutate({ siteId })).cloudflare_status).toBe('pending');
    expect((await client.cloudflare.websiteStatus.query({ siteId })).ssl_status).toBe('off');
    const { history } = await client.cloudflare.websiteHistory.query({ siteId });
    expect(history.map((h) => h.action_type).slice(0, 4)).toEqual([
      'activate',
      'ssl_update',
      'dns_record_delete',
      'dns_record_update',
    ]);

    const err = await client.cloudflare.saveWebsiteDnsRecord
      .mutate({ siteId, type: 'A', name: 'www', content: '2001:db8::1' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCClientError);
    const data = (err as TRPCClientError<AppRouter>).data;
    expect(data?.appCode).toBe('VALIDATION_ERROR');
    expect((data?.details as { issues: { path: string }[] }).issues[0]!.path).toBe('content');
  });
});

describe('POST cloudflare/bulk/setup-dns and bulk/reset-dns', () => {
  async function finished(id: string) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const job = (await api('GET', `jobs/${id}`)).body.data.job;
      if (job.status === 'completed' || job.status === 'failed') return job;
      if (Date.now() > deadline) throw new Error(`job did not finish: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const zoneNamed = (name: string) => [...cf.zones.values()].find((z) => z.name === name);

  it('sets up and resets each domain in a job', async () => {
    const a = await boughtDomain('bulk-dns-a.com');
    const b = await boughtDomain('bulk-dns-b.net');
    const res = await api('POST', 'cloudflare/bulk/setup-dns', { body: { domainIds: [a, b, a] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.job).toMatchObject({
      kind: 'cloudflare.bulk-setup-dns',
      title: 'Set up DNS for 2 domains',
      status: 'pending',
    });
    const job = await finished(res.body.data.job.id);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expect(job.result).toEqual({ done: ['bulk-dns-a.com', 'bulk-dns-b.net'], missing: 0 });
    expect(zoneNamed('bulk-dns-a.com')?.records).toHaveLength(2);
    expect(zoneNamed('bulk-dns-b.net')?.ssl).toBe('full');

    const reset = await api('POST', 'cloudflare/bulk/reset-dns', { body: { domainIds: [a, b] } });
    expect(reset.body.data.job).toMatchObject({ kind: 'cloudflare.bulk-reset-dns' });
    expect((await finished(reset.body.data.job.id)).status).toBe('completed');
    expect(zoneNamed('bulk-dns-a.com')).toBeUndefined();
    expect(zoneNamed('bulk-dns-b.net')).toBeUndefined();
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'ip'])
      .where('action', '=', 'domain.reset_dns')
      .where('subject_id', '=', String(a))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ ip: 'job' });
    expect(audit.user_id).not.toBeNull();
  });

  it('fails naming each domain it could not handle, and why, after doing the others', async () => {
    const good = await boughtDomain('bulk-dns-good.com');
    const { id: notBought } = (
      await api('POST', 'domains', {
        body: { domainName: 'bulk-dns-not-bought.com', targetWebsite: 'x.example' },
      })
    ).body.data.domain;
    const res = await t.rest('POST', 'cloudflare/bulk/setup-dns', {
      token: user,
      body: { domainIds: [good, notBought] },
    });
    expect(res.status).toBe(200);
    const job = await finished(res.body.data.job.id);
    expect(job.status).toBe('failed');
    expect(job.error).toBe(
      'Failed to set up DNS for some domains: bulk-dns-not-bought.com (Buy bulk-dns-not-bought.com before setting up its DNS). Done for 1 of 2.',
    );
    expect(zoneNamed('bulk-dns-good.com')).toBeDefined();

    const reset = await api('POST', 'cloudflare/bulk/reset-dns', { body: { domainIds: [notBought, good] } });
    const resetJob = await finished(reset.body.data.job.id);
    expect(resetJob.status).toBe('failed');
    expect(resetJob.error).toBe(
      'Failed to reset DNS for some domains: bulk-dns-not-bought.com (Buy bulk-dns-not-bought.com before resetting its DNS). Done for 1 of 2.',
    );
    expect(zoneNamed('bulk-dns-good.com')).toBeUndefined();

    const empty = await api('POST', 'cloudflare/bulk/reset-dns', { body: { domainIds: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('VALIDATION_ERROR');
  });
});
