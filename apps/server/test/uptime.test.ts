/**
 * Uptime checks of the sites: the periodic run (claimed on the rows, bounded concurrency), the state
 * (down after two failures in a row, back up), the notifications and the webhook, the list's figures,
 * a site's history, Check now, and Settings → Monitoring.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  jobKind,
  requestTimeoutFor,
  runInternalJob,
  runUptimeChecks,
  UPTIME_CONCURRENCY,
  uptimeClaimLimit,
} from '@blogfleet/api';
import {
  startWordPressTestServer,
  type WordPressTestServer,
} from '@blogfleet/integrations/wordpress/testing';
import { startTestApp, trpcClient, type RestOptions, type TestApp } from '@blogfleet/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let t: TestApp;
let admin: string;
let wp: WordPressTestServer;
let siteId: number;
let user: { id: number; token: string };
let inactiveUser: { id: number };
const servers: Server[] = [];

/** A local webhook receiver: records each body; answers `status`. */
const hook = { bodies: [] as unknown[], status: 200 };

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
  });

let hookUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.login()).accessToken;
  const u = await t.createUser();
  user = { id: u.id, token: (await t.login(u.email, u.password)).accessToken };
  inactiveUser = { id: (await t.createUser({ status: 'inactive' })).id };
  wp = await startWordPressTestServer();
  const res = await api('POST', 'sites', {
    body: {
      site_title: 'Uptime Blog',
      domain_name: 'uptime-blog.com',
      wp_api_url: `${wp.url}/wp-json`,
      wp_username: wp.options.username,
      wp_app_password: wp.options.password,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  siteId = res.body.data.site.id;
  hookUrl = await listen(
    createServer((req, res) => {
      void readBody(req).then((body) => {
        hook.bodies.push({ contentType: req.headers['content-type'], body: JSON.parse(body) });
        res.statusCode = hook.status;
        res.end('ok');
      });
    }),
  );
});
afterAll(async () => {
  await t?.close();
  await wp?.close();
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

const api = (method: string, path: string, opts: RestOptions = {}) =>
  t.rest(method, path, { token: admin, ...opts });

/** One delivery of the periodic job, as pg-boss's cron would run it. */
const periodicRun = async () =>
  (await runInternalJob(t.deps, jobKind('sites.uptime-check')!, {
    id: randomUUID(),
    retryCount: 0,
    retryLimit: 0,
    data: {},
  })) as {
    checked: number;
    claimed: number;
    wentDown: number;
    cameUp: number;
    webhookFailures: number;
    timeoutMs: number;
  };

/** Makes the site due again (its last check 10 minutes ago). */
const makeDue = (...ids: number[]) =>
  t.db
    .updateTable('sites')
    .set({ uptime_checked_at: new Date(Date.now() - 10 * 60_000) })
    .where('id', 'in', ids)
    .execute();

const listed = async (id: number) =>
  ((await api('GET', 'sites', { query: { limit: 100 } })).body.data as any[]).find((s) => s.id === id);

const notificationsOf = (userId: number) =>
  t.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();

const homeRequests = () => wp.requests.filter((r) => r.url === '/').length;

describe('uptime checks', () => {
  it('checks active sites with an address only; the list shows status, 7-day uptime, last check and time', async () => {
    const inactive = await api('POST', 'sites', {
      body: { site_title: 'Sleeping', domain_name: 'sleeping-blog.com' },
    });
    const noAddress = await api('POST', 'sites', {
      body: { site_title: 'Nowhere', domain_name: 'nowhere-blog.com' },
    });
    const inactiveId = inactive.body.data.site.id as number;
    await t.db
      .updateTable('sites')
      .set({ wp_api_url: `${wp.url}/sleeping/wp-json`, status: 'inactive' })
      .where('id', '=', inactiveId)
      .execute();

    const before = homeRequests();
    const run = await periodicRun();
    expect(run).toMatchObject({ claimed: 1, checked: 1, wentDown: 0, cameUp: 0, timeoutMs: 10_000 });
    expect(homeRequests() - before).toBe(1);
    expect(wp.requests.filter((r) => r.url.startsWith('/sleeping'))).toHaveLength(0);
    const checked = await t.db.selectFrom('uptime_checks').select('site_id').distinct().execute();
    expect(checked.map((c) => c.site_id)).toEqual([siteId]);

    const site = await listed(siteId);
    expect(site).toMatchObject({ uptime_status: 'up', uptime_7d: 100 });
    expect(Date.parse(site.last_checked_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(site.response_ms).toEqual(expect.any(Number));
    expect(await listed(inactiveId)).toMatchObject({
      uptime_status: null,
      uptime_7d: null,
      last_checked_at: null,
      response_ms: null,
    });
    expect((await listed(noAddress.body.data.site.id)).uptime_status).toBeNull();

    // Checked a moment ago: the next minute's run has nothing to do.
    expect(await periodicRun()).toMatchObject({ claimed: 0, checked: 0 });
  });

  it('goes down after two failures in a row (one notification per active user, the webhook), and back up', async () => {
    const saved = await api('PUT', 'settings/integrations/monitoring', {
      body: { uptimeIntervalMinutes: 5, notificationWebhookUrl: `${hookUrl}/services/T000/B000/secret-part` },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const adminId = (await api('GET', 'auth/me')).body.data.user.id as number;
    const count = async () => (await t.db.selectFrom('notifications').select('id').execute()).length;
    const start = await count();

    wp.inject({ status: 503, times: Infinity });
    await makeDue(siteId);
    expect(await periodicRun()).toMatchObject({ checked: 1, wentDown: 0 });
    // One failure alone: still up, nobody told.
    expect(await listed(siteId)).toMatchObject({ uptime_status: 'up', uptime_7d: 50 });
    expect(await count()).toBe(start);
    expect(hook.bodies).toHaveLength(0);

    await makeDue(siteId);
    expect(await periodicRun()).toMatchObject({ checked: 1, wentDown: 1 });
    expect((await listed(siteId)).uptime_status).toBe('down');
    for (const id of [adminId, user.id]) {
      const mine = (await notificationsOf(id)).filter((n) => n.kind === 'site.down');
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        title: 'uptime-blog.com is down',
        link: `/sites/${siteId}`,
        subject_type: 'site',
        subject_id: String(siteId),
        read_at: null,
      });
      expect(mine[0]!.body).toContain('Home page: HTTP 503');
      // What a client needs to say it in its own language.
      expect(mine[0]!.params).toEqual({
        domain: 'uptime-blog.com',
        failures: 2,
        error: 'Home page: HTTP 503',
      });
    }
    expect(await notificationsOf(inactiveUser.id)).toHaveLength(0);
    expect(hook.bodies).toEqual([
      {
        contentType: 'application/json',
        body: { text: ':red_circle: Uptime Blog (uptime-blog.com) is down: Home page: HTTP 503' },
      },
    ]);

    // Still down: no second notification.
    await makeDue(siteId);
    await periodicRun();
    expect(await count()).toBe(start + 2);

    // Back up; the webhook fails this time, which changes nothing for the check.
    wp.faults.length = 0;
    hook.status = 500;
    await makeDue(siteId);
    expect(await periodicRun()).toMatchObject({ checked: 1, cameUp: 1, webhookFailures: 1 });
    expect((await listed(siteId)).uptime_status).toBe('up');
    for (const id of [adminId, user.id]) {
      const ups = (await notificationsOf(id)).filter((n) => n.kind === 'site.up');
      expect(ups).toHaveLength(1);
      expect(ups[0]!.title).toBe('uptime-blog.com is back up');
      expect(ups[0]!.params).toEqual({
        domain: 'uptime-blog.com',
        status_code: 200,
        response_ms: expect.any(Number),
      });
    }
    expect(hook.bodies).toHaveLength(2);
    expect((hook.bodies[1] as any).body.text).toMatch(
      /^:large_green_circle: Uptime Blog \(uptime-blog.com\) is back up \(HTTP 200 in \d+ ms\)$/,
    );
    hook.status = 200;

    // A single failure between successes never notifies.
    wp.inject({ status: 500, times: 1 });
    await makeDue(siteId);
    await periodicRun();
    await makeDue(siteId);
    await periodicRun();
    expect(await count()).toBe(start + 4);
    expect((await listed(siteId)).uptime_status).toBe('up');
  });

  it('escapes a site title for the webhook as Slack asks (&, <, >), so it cannot make a link', async () => {
    const base = await listen(
      createServer((_req, res) => {
        res.statusCode = 503;
        res.end('down');
      }),
    );
    const evil = await t.db
      .insertInto('sites')
      .values({
        site_title: '<https://evil.example|Click> & co',
        domain_name: 'evil-co.com',
        status: 'active',
        wp_api_url: `${base}/wp-json`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = hook.bodies.length;
    expect(await periodicRun()).toMatchObject({ claimed: 1, wentDown: 0 });
    await makeDue(evil.id);
    expect(await periodicRun()).toMatchObject({ claimed: 1, wentDown: 1 });
    expect(hook.bodies.slice(before)).toEqual([
      {
        contentType: 'application/json',
        body: {
          text: ':red_circle: &lt;https://evil.example|Click&gt; &amp; co (evil-co.com) is down: Home page: HTTP 503',
        },
      },
    ]);
    await t.db.updateTable('sites').set({ status: 'inactive' }).where('id', '=', evil.id).execute();
  });

  it('a REST root that fails is a failed check too; Check now answers the check and records it', async () => {
    wp.inject({ route: '/', status: 500, times: 1 });
    const res = await api('POST', `sites/${siteId}/uptime/check`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      check: { up: false, status_code: 500, error: 'REST API: HTTP 500' },
      status: 'up',
      consecutive_failures: 1,
    });
    const trpc = await trpcClient(t.app, () => user.token);
    const again = await trpc.sites.checkUptime.mutate({ id: siteId });
    expect(again).toMatchObject({ check: { up: true, status_code: 200, error: null }, status: 'up' });
    expect(again.consecutive_failures).toBe(0);

    const none = await api('POST', 'sites', { body: { site_title: 'Bare', domain_name: 'bare-blog.com' } });
    const refused = await api('POST', `sites/${none.body.data.site.id}/uptime/check`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_ERROR');
    expect((await api('POST', 'sites/999999/uptime/check')).status).toBe(404);
  });

  it('Check now is a real check: it takes a failing site down and brings it back (the webhook told), without putting off the periodic one', async () => {
    const state = () =>
      t.db
        .selectFrom('sites')
        .select(['uptime_status', 'uptime_failures', 'uptime_checked_at'])
        .where('id', '=', siteId)
        .executeTakeFirstOrThrow();
    const notifications = async () => (await t.db.selectFrom('notifications').select('id').execute()).length;
    const before = await state();
    const told = await notifications();
    const hooked = hook.bodies.length;
    expect(before).toMatchObject({ uptime_status: 'up' });

    wp.inject({ status: 503, times: Infinity });
    const trpc = await trpcClient(t.app, () => user.token);
    const first = await trpc.sites.checkUptime.mutate({ id: siteId });
    expect(first).toMatchObject({
      check: { up: false, status_code: 503 },
      status: 'up',
      consecutive_failures: 1,
    });
    expect(await notifications()).toBe(told);
    const second = await trpc.sites.checkUptime.mutate({ id: siteId });
    expect(second).toMatchObject({ status: 'down', consecutive_failures: 2 });
    const afterDown = await notifications();
    expect(afterDown).toBeGreaterThan(told);
    expect((hook.bodies.slice(hooked) as any[]).map((b) => b.body.text)).toEqual([
      ':red_circle: Uptime Blog (uptime-blog.com) is down: Home page: HTTP 503',
    ]);
    // Still down: no second notice.
    await trpc.sites.checkUptime.mutate({ id: siteId });
    expect(await notifications()).toBe(afterDown);
    // The periodic check's time is the periodic run's.
    expect((await state()).uptime_checked_at).toEqual(before.uptime_checked_at);

    wp.faults.length = 0;
    const up = await trpc.sites.checkUptime.mutate({ id: siteId });
    expect(up).toMatchObject({ check: { up: true }, status: 'up', consecutive_failures: 0 });
    expect(await notifications()).toBeGreaterThan(afterDown);
    expect(hook.bodies.length - hooked).toBe(2);
  });

  it('probes the home page and the REST root in parallel: a check takes one slow answer, not two', async () => {
    const delay = 400;
    const paths: string[] = [];
    const base = await listen(
      createServer((req, res) => {
        paths.push(req.url!);
        setTimeout(() => res.end('ok'), delay);
      }),
    );
    const slow = await t.db
      .insertInto('sites')
      .values({
        site_title: 'Slow',
        domain_name: 'slow-blog.com',
        status: 'inactive',
        wp_api_url: `${base}/wp-json`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const started = performance.now();
    const res = await api('POST', `sites/${slow.id}/uptime/check`);
    const took = performance.now() - started;
    expect(res.body.data.check).toMatchObject({ up: true, status_code: 200 });
    expect(paths.sort()).toEqual(['/', '/wp-json/']);
    expect(took).toBeGreaterThanOrEqual(delay - 20);
    expect(took).toBeLessThan(delay * 1.75);
  });

  it('gives each request a timeout that lets 1,000 dead sites end within the interval', () => {
    for (const minutes of [1, 2, 3, 5, 10, 60, 1440]) {
      const claimed = Math.min(1_000, uptimeClaimLimit(minutes, UPTIME_CONCURRENCY));
      const timeoutMs = requestTimeoutFor(minutes, claimed, UPTIME_CONCURRENCY);
      expect(claimed, `${minutes} min`).toBe(1_000);
      expect(Math.ceil(claimed / UPTIME_CONCURRENCY) * timeoutMs).toBeLessThanOrEqual(minutes * 60_000 * 0.8);
    }
    // 5 min (the default): 20 rounds of 10 s; 1 min: 20 rounds of 2.4 s.
    expect(requestTimeoutFor(5, 1_000, 50)).toBe(10_000);
    expect(requestTimeoutFor(1, 1_000, 50)).toBe(2_400);
    expect(requestTimeoutFor(1, 10, 50)).toBe(10_000);
  });

  it('answers the 7-day uptime exactly from known checks, and the history by check or by hour', async () => {
    const res = await api('POST', 'sites', { body: { site_title: 'Known', domain_name: 'known-blog.com' } });
    const id = res.body.data.site.id as number;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const rows = [
      ...[10, 20, 30, 40, 50, 60, 70].map((m) => ({ m, up: true })),
      ...[80, 90, 100].map((m) => ({ m, up: false })),
      // Older than 7 days: not counted.
      ...[8 * 1440, 9 * 1440].map((m) => ({ m, up: false })),
    ];
    await t.db
      .insertInto('uptime_checks')
      .values(
        rows.map((r) => ({
          site_id: id,
          checked_at: at(r.m),
          up: r.up,
          status_code: r.up ? 200 : 502,
          response_ms: r.up ? 100 : null,
          error: r.up ? null : 'Home page: HTTP 502',
        })),
      )
      .execute();
    expect((await listed(id)).uptime_7d).toBe(70);

    const history = await api('GET', `sites/${id}/uptime`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.data).toMatchObject({ uptime_percent: 70, days: 7, bucket_minutes: null });
    expect(history.body.data.checks).toHaveLength(10);
    expect(Date.parse(history.body.data.checks[0].checked_at)).toBeCloseTo(at(100).getTime(), -4);
    expect(history.body.data.checks[0]).toEqual({
      checked_at: expect.any(String),
      up: false,
      status_code: 502,
      response_ms: null,
      error: 'Home page: HTTP 502',
      count: 1,
      up_count: 0,
    });
    const thirty = await api('GET', `sites/${id}/uptime`, { query: { days: 30 } });
    expect(thirty.body.data.uptime_percent).toBeCloseTo(58.33, 2);

    // 600 checks over 50 hours: hourly points with averages.
    const many = Array.from({ length: 600 }, (_, i) => ({
      site_id: id,
      checked_at: at(200 + i * 5),
      up: i % 10 !== 0,
      status_code: i % 10 !== 0 ? 200 : 503,
      response_ms: i % 10 !== 0 ? 200 : null,
      error: null,
    }));
    await t.db.insertInto('uptime_checks').values(many).execute();
    const hourly = (await api('GET', `sites/${id}/uptime`, { query: { days: 3 } })).body.data;
    expect(hourly.bucket_minutes).toBe(60);
    expect(hourly.checks.length).toBeGreaterThanOrEqual(50);
    // 50 hours of checks touch up to 51 hours, the ten recent ones up to 3 more.
    expect(hourly.checks.length).toBeLessThanOrEqual(54);
    expect(hourly.checks.reduce((n: number, c: any) => n + c.count, 0)).toBe(610);
    expect(hourly.checks.reduce((n: number, c: any) => n + c.up_count, 0)).toBe(540 + 7);
    const full = hourly.checks.find((c: any) => c.count === 12 && c.up_count < 12);
    expect(full).toMatchObject({ up: false, response_ms: 200, status_code: 503 });
    expect(full.error).toMatch(/^\d+ of 12 checks failed$/);

    const bad = await api('GET', `sites/${id}/uptime`, { query: { days: 31 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    expect((await api('GET', 'sites/999999/uptime')).status).toBe(404);
  });

  it('keeps to the concurrency bound over overlapping runs: never more sites at once, each checked once', async () => {
    let inFlight = 0;
    let most = 0;
    const homes = new Map<string, number>();
    const base = await listen(
      createServer((req, res) => {
        inFlight++;
        most = Math.max(most, inFlight);
        const site = req.url!.split('/')[1]!;
        if (!req.url!.includes('wp-json')) homes.set(site, (homes.get(site) ?? 0) + 1);
        setTimeout(() => {
          inFlight--;
          res.end(req.url!.includes('wp-json') ? '{}' : '<html></html>');
        }, 80);
      }),
    );
    const addFleet = (from: number) =>
      t.db
        .insertInto('sites')
        .values(
          Array.from({ length: 12 }, (_, i) => ({
            site_title: `Fleet ${from + i}`,
            domain_name: `fleet-${from + i}.com`,
            status: 'active' as const,
            wp_api_url: `${base}/f${from + i}/wp-json`,
          })),
        )
        .execute();
    await addFleet(0);
    const first = runUptimeChecks(t.deps, { concurrency: 5 });
    while (inFlight === 0) await new Promise((r) => setTimeout(r, 5));
    // The next minute's run starts while the first goes on: it claims only the new sites, and the two
    // together keep to the bound (5 sites, each with its two requests at once).
    await addFleet(12);
    const [a, b] = await Promise.all([first, runUptimeChecks(t.deps, { concurrency: 5 })]);
    expect(a.claimed).toBe(12);
    expect(b.claimed).toBe(12);
    expect(a.checked + b.checked).toBe(24);
    expect(homes.size).toBe(24);
    expect([...homes.values()].every((n) => n === 1)).toBe(true);
    expect(most).toBe(10);
  });

  it('takes the interval from Settings → Monitoring and prunes checks older than 30 days', async () => {
    await api('PUT', 'settings/integrations/monitoring', { body: { uptimeIntervalMinutes: 60 } });
    await makeDue(siteId); // 10 minutes ago: not due under an hour's interval
    expect((await periodicRun()).claimed).toBe(0);
    await t.db
      .updateTable('sites')
      .set({ uptime_checked_at: new Date(Date.now() - 61 * 60_000) })
      .where('id', '=', siteId)
      .execute();
    expect(await periodicRun()).toMatchObject({ claimed: 1, checked: 1 });

    await t.db
      .insertInto('uptime_checks')
      .values({ site_id: siteId, checked_at: new Date(Date.now() - 31 * 86_400_000), up: true })
      .execute();
    const pruned = await runInternalJob(t.deps, jobKind('maintenance.prune')!, {
      id: randomUUID(),
      retryCount: 0,
      retryLimit: 0,
      data: {},
    });
    expect(pruned).toMatchObject({ uptimeChecks: 1 });
  });
});

describe('Settings → Monitoring', () => {
  it('shows the defaults, masks the webhook, refuses bad values in the error envelope', async () => {
    const view = (await api('GET', 'settings/integrations/monitoring')).body.data.integration;
    expect(view).toMatchObject({
      section: 'monitoring',
      configured: true,
      source: 'settings',
      values: { uptimeIntervalMinutes: 60 },
      defaults: { uptimeIntervalMinutes: 5 },
      secrets: { notificationWebhookUrl: { set: true, masked: '••••part', source: 'settings' } },
    });
    expect(JSON.stringify(view)).not.toContain('secret-part');

    for (const [body, path, message] of [
      [{ uptimeIntervalMinutes: 0 }, 'uptimeIntervalMinutes', 'Between 1 and 1440 minutes'],
      [{ uptimeIntervalMinutes: 1441 }, 'uptimeIntervalMinutes', 'Between 1 and 1440 minutes'],
      [{ uptimeIntervalMinutes: 2.5 }, 'uptimeIntervalMinutes', 'Between 1 and 1440 minutes'],
      [
        { notificationWebhookUrl: 'ftp://hooks.example/x' },
        'notificationWebhookUrl',
        'Must be an http:// or https:// URL',
      ],
    ] as const) {
      const res = await api('PUT', 'settings/integrations/monitoring', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
      expect(JSON.stringify(res.body.error.details)).toContain(path);
      expect(JSON.stringify(res.body.error)).toContain(message);
    }
    const forbidden = await t.rest('PUT', 'settings/integrations/monitoring', {
      token: user.token,
      body: { uptimeIntervalMinutes: 10 },
    });
    expect(forbidden.status).toBe(403);

    // Test posts a test message to the webhook.
    const before = hook.bodies.length;
    const tested = await api('POST', 'settings/integrations/monitoring/test');
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(tested.body.data.result.message).toMatch(/^The webhook accepted a test message/);
    expect(hook.bodies.length).toBe(before + 1);

    // An empty webhook keeps it; null removes it; then Test says there is none.
    await api('PUT', 'settings/integrations/monitoring', {
      body: { uptimeIntervalMinutes: 5, notificationWebhookUrl: '' },
    });
    expect(
      (await api('GET', 'settings/integrations/monitoring')).body.data.integration.secrets
        .notificationWebhookUrl.set,
    ).toBe(true);
    const removed = await api('PUT', 'settings/integrations/monitoring', {
      body: { uptimeIntervalMinutes: 5, notificationWebhookUrl: null },
    });
    expect(removed.body.data.integration.secrets.notificationWebhookUrl).toEqual({
      set: false,
      masked: null,
      source: null,
    });
    const untestable = await api('POST', 'settings/integrations/monitoring/test');
    expect(untestable.status).toBe(409);
    expect(untestable.body.error.code).toBe('INTEGRATION_NOT_CONFIGURED');

    const cleared = await api('DELETE', 'settings/integrations/monitoring');
    expect(cleared.body.data.integration).toMatchObject({
      configured: false,
      source: 'defaults',
      values: {},
    });
  });
});
