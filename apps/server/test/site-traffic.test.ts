import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, trpcClient, type RestOptions, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let admin: string;
let siteId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.login()).accessToken;
  const res = await api('POST', 'sites', {
    body: { site_title: 'Kahve Notları', domain_name: 'kahve-notlari.com' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  siteId = res.body.data.site.id;
});
afterAll(async () => {
  await t?.close();
});

const api = (method: string, path: string, opts: RestOptions = {}) =>
  t.rest(method, path, { token: admin, ...opts });

describe('traffic requests', () => {
  it('stores a request with the defaults, active for its window, and lists the newest first', async () => {
    const first = await api('POST', `sites/${siteId}/traffic-requests`, { body: {} });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.request).toMatchObject({
      unique_users: 1000,
      duration_days: 7,
      target_pages: ['/'],
      status: 'active',
      results: { delivered_visits: 0, completion_rate: 0 },
    });
    const { starts_at, ends_at } = first.body.data.request;
    expect(Date.parse(ends_at) - Date.parse(starts_at)).toBe(7 * 86_400_000);

    const second = await api('POST', `sites/${siteId}/traffic-requests`, {
      body: {
        unique_users: 250,
        duration_days: 3,
        target_pages: [
          '/best-beans',
          'https://kahve-notlari.com/grinders?x=1',
          'www.kahve-notlari.com/best-beans',
        ],
      },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.request.target_pages).toEqual(['/best-beans', '/grinders']);
    const list = await api('GET', `sites/${siteId}/traffic-requests`);
    expect(list.body.data.requests.map((r: { id: number }) => r.id)).toEqual([
      second.body.data.request.id,
      first.body.data.request.id,
    ]);
    const audited = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'site.traffic_request')
      .execute();
    expect(audited).toHaveLength(2);
  });

  it('refuses bad numbers and pages of another site in the error envelope; nothing is stored', async () => {
    const before = (await api('GET', `sites/${siteId}/traffic-requests`)).body.data.requests.length;
    for (const [body, message] of [
      [{ unique_users: 0 }, 'At least 1 unique user'],
      [{ duration_days: 400 }, 'At most 365 days'],
      [{ unique_users: 1.5 }, 'whole number'],
      [{ target_pages: ['https://other-site.com/page'] }, 'is not a page of this site (kahve-notlari.com)'],
    ] as const) {
      const res = await api('POST', `sites/${siteId}/traffic-requests`, { body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(res.body.error)).toContain(message);
    }
    expect((await api('GET', `sites/${siteId}/traffic-requests`)).body.data.requests).toHaveLength(before);
    expect((await api('POST', 'sites/999999/traffic-requests', { body: {} })).status).toBe(404);
  });

  it('cancels a running request once, through tRPC too; an ended window counts as completed', async () => {
    const trpc = await trpcClient(t.app, () => admin);
    const { request } = await trpc.sites.createTrafficRequest.mutate({ id: siteId, duration_days: 2 });
    const cancelled = await api('POST', `sites/${siteId}/traffic-requests/${request.id}/cancel`);
    expect(cancelled.body.data.request.status).toBe('cancelled');
    const again = await api('POST', `sites/${siteId}/traffic-requests/${request.id}/cancel`);
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(
      'This traffic request is cancelled; only a running one can be cancelled',
    );

    const old = await trpc.sites.createTrafficRequest.mutate({ id: siteId, duration_days: 1 });
    await t.db
      .updateTable('traffic_requests')
      .set({ created_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('id', '=', old.request.id)
      .execute();
    const listed = await trpc.sites.trafficRequests.query({ id: siteId });
    expect(listed.requests.find((r) => r.id === old.request.id)!.status).toBe('completed');
    const late = await api('POST', `sites/${siteId}/traffic-requests/${old.request.id}/cancel`);
    expect(late.status).toBe(400);
  });
});
