/**
 * The analytics plugin service: the download, and installing it on sites by where they are hosted. The
 * hosted site is a site directory on a real WordPress host (skipped with a warning without one, unless
 * BLOGFLEET_TEST_ALL is set); the plugin itself is exercised in integrations' analytics-plugin.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type DbHandle } from '@blogfleet/db';
import { createTestDb } from '@blogfleet/db/testing';
import { hostFromEnv, wordpressHostAvailable } from '@blogfleet/integrations/wordpress';
import { AppError } from '../src/errors';
import { analyticsPluginDownload, installAnalyticsPlugin } from '../src/services/analytics-plugin';

const root = await mkdtemp(path.join(tmpdir(), 'blogfleet-api-analytics-'));
const env = {
  ...process.env,
  WP_HOST_ROOT: root,
  WP_FIRST_PORT: String(41_000 + Math.floor(Math.random() * 8_000)),
};
const unavailable = await wordpressHostAvailable(hostFromEnv(env));
if (unavailable) {
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`A WordPress host is required but: ${unavailable}`);
  console.warn(`Skipping the hosted-site part of analytics-plugin.test.ts: ${unavailable}`);
}

let handle: DbHandle;
let userId: number;
const ctx = () => ({
  db: handle.db,
  req: { ip: '127.0.0.1', userAgent: null, accessToken: null },
  secrets: { key: randomBytes(32), keyId: 'k1' },
  integrations: { wordpressHostEnv: env, dataDir: 'memory://' },
  user: { id: userId },
});
const addSite = async (domain: string, hostedHere: boolean) =>
  (
    await handle.db
      .insertInto('sites')
      .values({ site_title: `Site ${domain}`, domain_name: domain, hosted_here: hostedHere })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  handle = await createTestDb();
  await migrateToLatest(handle.db);
  userId = (
    await handle.db
      .insertInto('users')
      .values({
        username: 'operator',
        email: 'operator@example.com',
        password_hash: 'x',
        role: 'admin',
        status: 'active',
        preferred_language: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await handle?.close();
  await rm(root, { recursive: true, force: true });
});

describe('the analytics plugin service', () => {
  it('hands out the plugin to download', () => {
    const file = analyticsPluginDownload();
    expect(file.filename).toBe('blogfleet-analytics.php');
    expect(file.content).toMatch(/^<\?php\n/);
    expect(file.content).toContain("register_rest_route('blogfleet/v1', '/hit'");
  });

  it('refuses a site hosted elsewhere, saying what to do instead', async () => {
    const id = await addSite('elsewhere.example.com', false);
    const error = await installAnalyticsPlugin(ctx(), id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ appCode: 'VALIDATION_ERROR' });
    expect((error as Error).message).toBe(
      'elsewhere.example.com is not hosted by Blogfleet; download the plugin and upload it to wp-content/mu-plugins',
    );
    await expect(installAnalyticsPlugin(ctx(), 999_999)).rejects.toMatchObject({ appCode: 'NOT_FOUND' });
  });

  it.skipIf(unavailable !== null)('installs it on a site this host runs, and records who did', async () => {
    const domain = 'hosted-analytics.example.com';
    // A provisioned site as the provisioner leaves it (its info file says complete).
    const siteDir = path.join(root, domain);
    await mkdir(path.join(siteDir, 'public', 'wp-content'), { recursive: true });
    await writeFile(
      path.join(siteDir, 'site-info.json'),
      JSON.stringify({ version: 1, status: 'complete', domain, port: 1, siteUrl: 'http://127.0.0.1:1' }),
    );
    const id = await addSite(domain, true);
    expect(await installAnalyticsPlugin(ctx(), id)).toEqual({
      siteId: id,
      domain,
      filename: 'blogfleet-analytics.php',
    });
    const file = path.join(siteDir, 'public', 'wp-content', 'mu-plugins', 'blogfleet-analytics.php');
    expect(await readFile(file, 'utf8')).toBe(analyticsPluginDownload().content);
    expect((await stat(file)).mode & 0o777).toBe(0o640);
    const logged = await handle.db
      .selectFrom('audit_log')
      .select(['action', 'subject_id', 'user_id'])
      .where('action', '=', 'site.analytics_plugin_install')
      .execute();
    expect(logged).toEqual([
      { action: 'site.analytics_plugin_install', subject_id: String(id), user_id: userId },
    ]);

    // A hosted site whose files are gone is the provisioner's not-found, not a silent success.
    const gone = await addSite('gone-analytics.example.com', true);
    await expect(installAnalyticsPlugin(ctx(), gone)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
