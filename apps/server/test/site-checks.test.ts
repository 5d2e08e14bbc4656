/**
 * Screenshots and performance tests of a site's home page through the system Chromium (jobs), the
 * files served to the console, the history and the periodic refresh. The "site" is the WordPress
 * protocol test server, whose home page is a small HTML page.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { filesRoot, jobKind } from '@blogfleet/api';
import { chromiumPath, closeBrowser } from '@blogfleet/integrations/chromium';
import {
  startWordPressTestServer,
  type WordPressTestServer,
} from '@blogfleet/integrations/wordpress/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer } from '@blogfleet/integrations/object-store/testing';
import { loadConfig, startTestApp, type RestOptions, type TestApp } from '@blogfleet/server/testing';

const missing = existsSync(chromiumPath()) ? null : `no Chromium at ${chromiumPath()}`;
if (missing) {
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`Chromium tests required but: ${missing}`);
  console.warn(`Skipping site-checks.test.ts: ${missing}`);
}

let t: TestApp;
let admin: string;
const servers: WordPressTestServer[] = [];

beforeAll(async () => {
  if (missing) return;
  t = await startTestApp({ JOB_WORKERS: 'true', JOB_POLL_INTERVAL_SECONDS: '0.5' });
  admin = (await t.login()).accessToken;
});
afterAll(async () => {
  await closeBrowser();
  await t?.close();
  await Promise.all(servers.map((s) => s.close()));
});

const api = (method: string, p: string, opts: RestOptions = {}) =>
  t.rest(method, p, { token: admin, ...opts });

const waitForJob = (id: string) => t.waitForJob(id, admin);

async function addSite(domain: string) {
  const wp = await startWordPressTestServer();
  servers.push(wp);
  const res = await api('POST', 'sites', {
    body: {
      site_title: domain,
      domain_name: domain,
      wp_api_url: `${wp.url}/wp-json`,
      wp_username: wp.options.username,
      wp_app_password: wp.options.password,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { wp, id: res.body.data.site.id as number };
}

async function runJob(p: string) {
  const res = await api('POST', p);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return waitForJob(res.body.data.job.id);
}

const file = (url: string) => t.app.inject({ method: 'GET', url });

describe.skipIf(missing !== null)('site screenshots and performance tests', { timeout: 90_000 }, () => {
  it('takes a screenshot as a job and serves it with long caching; the list shows the latest', async () => {
    const { wp, id } = await addSite('shots.com');
    const job = await runJob(`sites/${id}/screenshot`);
    expect(job.status, job.error).toBe('completed');
    const list = (await api('GET', `sites/${id}/screenshots`)).body.data.screenshots;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      page_url: `${wp.url}/`,
      width: 1366,
      image_url: expect.stringMatching(new RegExp(`^/files/screenshots/${id}/[0-9a-f]{32}\\.png$`)),
      thumbnail_url: expect.stringMatching(new RegExp(`^/files/screenshots/${id}/[0-9a-f]{32}-thumb\\.jpg$`)),
    });

    const full = await file(list[0].image_url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(full.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(full.rawPayload.length).toBe(list[0].bytes);
    const again = await t.app.inject({
      method: 'GET',
      url: list[0].image_url,
      headers: { 'if-none-match': String(full.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const thumb = await file(list[0].thumbnail_url);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');

    const site = (await api('GET', `sites/${id}`)).body.data.site;
    expect(site.latest_screenshot.image_url).toBe(list[0].image_url);
    const sites = (await api('GET', 'sites')).body.data;
    expect(sites.find((s: { id: number }) => s.id === id).latest_screenshot.image_url).toBe(
      list[0].image_url,
    );
  });

  it('serves nothing outside a site’s screenshots: other names, traversal and missing files are 404', async () => {
    const { id } = await addSite('traversal.com');
    await runJob(`sites/${id}/screenshot`);
    const [shot] = (await api('GET', `sites/${id}/screenshots`)).body.data.screenshots;
    const name = shot.image_url.split('/').pop();
    for (const url of [
      `/files/screenshots/${id}/..%2f..%2f..%2fetc%2fpasswd`,
      `/files/screenshots/${id}/../../../../etc/passwd`,
      `/files/screenshots/..%2f${id}/${name}`,
      `/files/screenshots/${id}/${name.replace('.png', '.txt')}`,
      `/files/screenshots/${id}/${'0'.repeat(32)}.png`,
      `/files/screenshots/${id + 1000}/${name}`,
    ]) {
      const res = await file(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.rawPayload.subarray(0, 4).toString('hex')).not.toBe('89504e47');
    }
  });

  it('keeps the last 30 screenshots and removes the files of older ones; deleting the site removes them all', async () => {
    const { id } = await addSite('history.com');
    await runJob(`sites/${id}/screenshot`);
    const [first] = (await api('GET', `sites/${id}/screenshots`)).body.data.screenshots;
    const root = filesRoot(t.deps);
    const onDisk = (url: string) => existsSync(path.join(root, 'screenshots', ...url.split('/').slice(-2)));
    expect(onDisk(first.image_url)).toBe(true);
    // 29 more, older than the first, as earlier runs would have left them.
    await t.db
      .insertInto('site_screenshots')
      .values(
        Array.from({ length: 29 }, (_, i) => ({
          site_id: id,
          image_url: `/files/screenshots/${id}/${String(i).padStart(32, 'a')}.png`,
          created_at: new Date(Date.parse(first.created_at) - (i + 1) * 60_000),
        })),
      )
      .execute();
    // The first one becomes the 30th newest: then the 31st, and with it the oldest, goes.
    await t.db
      .updateTable('site_screenshots')
      .set({ created_at: new Date(Date.parse(first.created_at) - 3_600_000) })
      .where('id', '=', first.id)
      .execute();
    await runJob(`sites/${id}/screenshot`);
    const after = (await api('GET', `sites/${id}/screenshots`)).body.data.screenshots;
    expect(after).toHaveLength(30);
    expect(after.map((s: { id: number }) => s.id)).not.toContain(first.id);
    expect(onDisk(first.image_url)).toBe(false);
    expect(onDisk(after[0].image_url)).toBe(true);

    const deleted = await api('POST', 'sites/bulk-delete', { body: { siteIds: [id] } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(existsSync(path.join(root, 'screenshots', String(id)))).toBe(false);
    expect((await file(after[0].image_url)).statusCode).toBe(404);
  });

  it('measures the home page; a site that is down ends the job with the reason', async () => {
    const { id } = await addSite('speed.com');
    const job = await runJob(`sites/${id}/performance-test`);
    expect(job.status, job.error).toBe('completed');
    const [test] = (await api('GET', `sites/${id}/performance-tests`)).body.data.tests;
    expect(test.ttfb_ms).toBeGreaterThanOrEqual(0);
    expect(test.load_ms).toBeGreaterThanOrEqual(test.ttfb_ms);
    // The test server's home page is a bare title: nothing contentful is painted, and it says so.
    expect(test.fcp_ms).toBeNull();
    expect(test.page_weight_bytes).toBeGreaterThan(50);
    expect(test.request_count).toBeGreaterThanOrEqual(1);

    const down = await addSite('down-shot.com');
    await down.wp.close();
    const failed = await runJob(`sites/${down.id}/screenshot`);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(`${down.wp.url}/ did not answer (the site is down or unreachable)`);
    const slow = await runJob(`sites/${down.id}/performance-test`);
    expect(slow.status).toBe('failed');
    expect((await api('GET', `sites/${down.id}/screenshots`)).body.data.screenshots).toEqual([]);
  });

  it('refreshes the screenshots of active sites older than the interval of the settings, 0 turning it off', async () => {
    const refresh = jobKind('sites.refresh-screenshots')!;
    const run = () =>
      refresh.run({
        id: 'test',
        attempt: 1,
        payload: {},
        createdBy: null,
        deps: t.deps,
        signal: new AbortController().signal,
        progress: async () => {},
      }) as Promise<{ taken: number }>;
    // Only the sites of this test: the others are made inactive or removed from the picture.
    await t.db.updateTable('sites').set({ status: 'inactive' }).execute();
    const fresh = await addSite('fresh-shot.com');
    const stale = await addSite('stale-shot.com');
    await runJob(`sites/${fresh.id}/screenshot`);
    const off = await api('PUT', 'settings/integrations/wordpress_host', {
      body: { screenshotIntervalHours: 0 },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await run()).taken).toBe(0);
    await api('PUT', 'settings/integrations/wordpress_host', { body: { screenshotIntervalHours: 1 } });
    expect((await run()).taken).toBe(1);
    expect((await api('GET', `sites/${stale.id}/screenshots`)).body.data.screenshots).toHaveLength(1);
    expect((await api('GET', `sites/${fresh.id}/screenshots`)).body.data.screenshots).toHaveLength(1);
    expect((await run()).taken).toBe(0);
  });
});

describe.skipIf(missing !== null)('screenshots in an S3-compatible store', { timeout: 90_000 }, () => {
  it('stores, serves and removes the images in the bucket when FILES_S3_* is set', async () => {
    const s3 = await startS3TestServer();
    const app = await startTestApp({
      JOB_WORKERS: 'true',
      JOB_POLL_INTERVAL_SECONDS: '0.5',
      FILES_S3_ENDPOINT: s3.url,
      FILES_S3_BUCKET: s3.bucket,
      FILES_S3_REGION: s3.region,
      FILES_S3_ACCESS_KEY_ID: s3.accessKeyId,
      FILES_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      FILES_S3_PREFIX: 'blogfleet/',
    });
    try {
      const token = (await app.login()).accessToken;
      const wp = await startWordPressTestServer();
      servers.push(wp);
      const added = await app.rest('POST', 'sites', {
        token,
        body: {
          site_title: 'Bucket',
          domain_name: 'bucket-shots.com',
          wp_api_url: `${wp.url}/wp-json`,
          wp_username: wp.options.username,
          wp_app_password: wp.options.password,
        },
      });
      const id = added.body.data.site.id as number;
      const started = await app.rest('POST', `sites/${id}/screenshot`, { token });
      const job = await app.waitForJob(started.body.data.job.id, token);
      expect(job.status, job.error).toBe('completed');
      const [shot] = (await app.rest('GET', `sites/${id}/screenshots`, { token })).body.data.screenshots;
      const key = `blogfleet/${shot.image_url.replace('/files/', '')}`;
      expect(s3.objects.get(key)?.contentType).toBe('image/png');
      expect([...s3.objects.keys()].filter((k) => k.startsWith(`blogfleet/screenshots/${id}/`))).toHaveLength(
        2,
      );
      const served = await app.app.inject({ method: 'GET', url: shot.image_url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(s3.objects.get(key)!.body)).toBe(true);
      // Nothing of it on this machine.
      expect(
        existsSync(path.join(filesRoot(app.deps), ...shot.image_url.replace('/files/', '').split('/'))),
      ).toBe(false);

      await app.rest('POST', 'sites/bulk-delete', { token, body: { siteIds: [id] } });
      expect([...s3.objects.keys()].filter((k) => k.startsWith(`blogfleet/screenshots/${id}/`))).toEqual([]);
    } finally {
      await app.close();
      await s3.close();
    }
  });

  it('refuses half an S3 configuration at start', () => {
    expect(() =>
      loadConfig({ FILES_S3_ENDPOINT: 'http://127.0.0.1:9000', FILES_S3_BUCKET: 'blogfleet' }),
    ).toThrow(
      'set FILES_S3_ENDPOINT, FILES_S3_BUCKET, FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY together',
    );
  });
});
