/**
 * WordPress creation from a domain (core §4/§7 creator calls) against the real local hosting target
 * (Debian's wordpress, PHP CLI, MariaDB). Skipped with a warning when this machine cannot host WordPress,
 * unless BLOGFLEET_TEST_ALL is set.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  deprovisionSite,
  hostFromEnv,
  provisionSite,
  wordpressHostAvailable,
} from '@blogfleet/integrations/wordpress';
import { startPorkbunTestServer, type PorkbunTestServer } from '@blogfleet/integrations/registrar/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, trpcClient, type RestOptions, type TestApp } from '@blogfleet/server/testing';

const root = await mkdtemp(path.join(tmpdir(), 'blogfleet-creator-'));
const firstPort = 41_000 + Math.floor(Math.random() * 8_000);
const wpEnv = { WP_HOST_ROOT: root, WP_FIRST_PORT: String(firstPort) };
const unavailable = await wordpressHostAvailable({ ...hostFromEnv({ ...process.env, ...wpEnv }) });
if (unavailable) {
  await rm(root, { recursive: true, force: true });
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`Real WordPress tests required but: ${unavailable}`);
  console.warn(`Skipping creator.test.ts: ${unavailable}`);
}

let t: TestApp;
let pb: PorkbunTestServer;
let admin: string;

beforeAll(async () => {
  if (unavailable) return;
  pb = await startPorkbunTestServer({ balanceCents: 50_000 });
  t = await startTestApp({
    ...wpEnv,
    PORKBUN_API_URL: pb.baseUrl,
    JOB_WORKERS: 'true',
    JOB_POLL_INTERVAL_SECONDS: '0.5',
  });
  admin = (await t.login()).accessToken;
  const saved = await api('PUT', 'settings/integrations/registrar', {
    body: { provider: 'porkbun', apiKey: pb.apiKey, secretApiKey: pb.secretApiKey },
  });
  expect(saved.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await pb?.close();
  // A failed run must not leave databases behind that the next run would refuse as not ours.
  const host = { ...hostFromEnv({ ...process.env, ...wpEnv }) };
  for (const entry of await readdir(root).catch(() => [] as string[])) {
    await deprovisionSite(host, entry).catch(() => {});
  }
  await rm(root, { recursive: true, force: true });
}, 60_000);

function api(method: string, p: string, opts: RestOptions = {}) {
  return t.rest(method, p, { token: admin, ...opts });
}
async function domain(domainName: string, buy = true): Promise<number> {
  const res = await api('POST', 'domains', { body: { domainName, targetWebsite: 'coffee.example' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = res.body.data.domain.id as number;
  if (buy) expect((await api('POST', `domains/${id}/purchase`)).status).toBe(200);
  return id;
}
const payload = (domainId: number, domainName: string) => ({
  domainId,
  domain: domainName,
  title: 'Brew Notes',
  slogan: 'Coffee, carefully',
  use_cloudflare: false,
  postTitle: 'Welcome to Brew Notes',
  postContent: 'Our first post about coffee.',
  pageTitle: 'Home',
  pageContent: 'Everything about brewing coffee at home.',
});
async function waitForJob(jobId: string, token = admin) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const res = await t.rest('GET', `creator/job-status/${jobId}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (['completed', 'failed', 'cancelled'].includes(res.body.data.status)) return res.body.data;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${res.body.data.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe.skipIf(!!unavailable)('creator: WordPress from a domain', () => {
  it('refuses bad input, unknown domains and domains not bought, before any job', async () => {
    const missing = await api('POST', 'creator/create', {
      body: { ...payload(1, 'nothing-here.com'), title: '  ' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(missing.body.error)).toContain('Please fill in all required fields');

    const unknown = await api('POST', 'creator/create', { body: payload(999_999, 'nothing-here.com') });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Domain not found');

    const id = await domain('not-bought-yet.com', false);
    const refused = await api('POST', 'creator/create', { body: payload(id, 'not-bought-yet.com') });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Buy not-bought-yet.com before creating its WordPress site');
    expect(
      await t.db.selectFrom('jobs').select('id').where('kind', '=', 'creator.create-site').execute(),
    ).toEqual([]);
  });

  it('reports the hosting target: every check, and the sites it runs', async () => {
    const health = await api('GET', 'creator/health');
    expect(health.status).toBe(200);
    expect(health.body.data.ready).toBe(true);
    expect(health.body.data.checks.map((c: { name: string; ok: boolean }) => [c.name, c.ok])).toEqual([
      ['sites_user', true],
      ['php', true],
      ['core', true],
      ['database', true],
      ['ports', true],
    ]);
    expect(health.body.data.host.root).toBe(root);
    const status = await api('GET', 'creator/status');
    expect(status.body.data).toMatchObject({ ready: true, runningCount: 0, sites: [] });
    // The host's paths and accounts are for admins.
    const user = await t.createUser({ role: 'user' });
    const userToken = (await t.login(user.email, user.password)).accessToken;
    expect((await t.rest('GET', 'creator/health', { token: userToken })).status).toBe(403);
    expect((await t.rest('GET', 'creator/status', { token: userToken })).status).toBe(403);
  });

  it('one creation per domain: parallel clicks share a job, another user is refused, the domain is not moved or deleted under it', async () => {
    const id = await domain('busy-domain.com');
    const starts = await Promise.all(
      [1, 2, 3].map(() => api('POST', 'creator/create', { body: payload(id, 'busy-domain.com') })),
    );
    expect(starts.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(starts.map((r) => r.body.data.jobId)).size).toBe(1);
    const jobId = starts[0]!.body.data.jobId;

    const user = await t.createUser({ role: 'user' });
    const userToken = (await t.login(user.email, user.password)).accessToken;
    const other = await t.rest('POST', 'creator/create', {
      token: userToken,
      body: payload(id, 'busy-domain.com'),
    });
    expect(other.status).toBe(400);
    expect(other.body.error.message).toBe(
      'Another user is already creating the WordPress site of busy-domain.com',
    );

    const external = await t.db
      .insertInto('sites')
      .values({ site_title: 'Outside', domain_name: 'outside.example', status: 'active' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const move = await api('POST', `domains/${id}/move-to-site`, { body: { siteId: external.id } });
    expect(move.status).toBe(400);
    expect(move.body.error.message).toBe(
      'A WordPress site is being created for busy-domain.com; move it when that job has ended',
    );
    const del = await api('DELETE', `domains/${id}`);
    expect(del.status).toBe(400);
    expect(del.body.error.message).toContain('is being created or deleted');

    const done = await waitForJob(jobId);
    expect(done.status).toBe('completed');
    const removing = await api('POST', 'creator/delete', { body: { domain: 'busy-domain.com' } });
    expect((await waitForJob(removing.body.data.jobId)).status).toBe('completed');
  }, 180_000);

  it('a site moved onto the domain while it is created is never overwritten; the new WordPress is removed again', async () => {
    const id = await domain('moved-meanwhile.com');
    const started = await api('POST', 'creator/create', { body: payload(id, 'moved-meanwhile.com') });
    expect(started.status).toBe(200);
    // As if another process moved a site here between the checks (the database is the last word).
    const external = await t.db
      .insertInto('sites')
      .values({
        site_title: 'Elsewhere Blog',
        domain_id: id,
        domain_name: 'moved-meanwhile.com',
        status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const failed = await waitForJob(started.body.data.jobId);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(
      'moved-meanwhile.com was moved to Elsewhere Blog while its WordPress site was being created; the new site was removed',
    );
    const site = await t.db
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', external.id)
      .executeTakeFirstOrThrow();
    expect(site).toMatchObject({ site_title: 'Elsewhere Blog', hosted_here: false, wp_api_url: null });
    expect(existsSync(path.join(root, 'moved-meanwhile.com'))).toBe(false);
  }, 180_000);

  it('a site left on the host without a record can be deleted from the console', async () => {
    const id = await domain('left-behind.com');
    const host = hostFromEnv({ ...process.env, ...wpEnv });
    await provisionSite(host, {
      domain: 'left-behind.com',
      title: 'Left',
      slogan: 'Behind',
      adminEmail: 'admin@left-behind.com',
      postTitle: 'P',
      postContent: 'C',
      pageTitle: 'Home',
      pageContent: 'C',
      language: 'en',
      timezone: 'UTC',
    });
    const removing = await api('POST', 'creator/delete', { body: { domain: 'left-behind.com' } });
    expect(removing.status, JSON.stringify(removing.body)).toBe(200);
    expect((await waitForJob(removing.body.data.jobId)).status).toBe('completed');
    expect(existsSync(path.join(root, 'left-behind.com'))).toBe(false);
    const d = await t.db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([d.is_hosted, d.is_used]).toEqual([false, false]);
  }, 120_000);

  it('generates the dialog’s six fields from the domain (offline without a model)', async () => {
    await domain('brew-notes.com', false);
    const res = await api('POST', 'creator/generate-content', { body: { domain: 'brew-notes.com' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.generator).toBe('offline');
    const c = res.body.data.generatedContent;
    for (const key of [
      'site_title',
      'site_slogan',
      'post_title',
      'post_content',
      'page_title',
      'page_content',
    ]) {
      expect(typeof c[key]).toBe('string');
      expect(c[key].length).toBeGreaterThan(0);
    }
    const bad = await api('POST', 'creator/generate-content', { body: { domain: 'not a domain' } });
    expect(bad.status).toBe(400);
    const unknown = await api('POST', 'creator/generate-content', {
      body: { domain: 'not-in-the-list.com' },
    });
    expect(unknown.status).toBe(404);
  });

  it('creates the site as a job: progress, a served WordPress with its title, credentials once, records linked', async () => {
    const id = (
      await t.db
        .selectFrom('domains')
        .select('id')
        .where('domain_name', '=', 'brew-notes.com')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await api('POST', `domains/${id}/purchase`)).status).toBe(200);
    const started = await api('POST', 'creator/create', { body: payload(id, 'brew-notes.com') });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { jobId } = started.body.data;
    // A second click while it runs answers the same job.
    const again = await api('POST', 'creator/create', { body: payload(id, 'brew-notes.com') });
    expect(again.body.data.jobId).toBe(jobId);

    const done = await waitForJob(jobId);
    expect(done, JSON.stringify(done)).toMatchObject({
      status: 'completed',
      progress: 100,
      domain: 'brew-notes.com',
    });
    const creds = done.credentials;
    expect(creds).toMatchObject({
      adminUser: 'admin',
      dbName: expect.any(String),
      infoFilePath: expect.any(String),
    });
    expect(creds.siteUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // Shown once.
    expect(
      (await t.rest('GET', `creator/job-status/${jobId}`, { token: admin })).body.data.credentials,
    ).toBeNull();

    const home = await fetch(creds.siteUrl);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Brew Notes');

    const site = await t.db
      .selectFrom('sites')
      .selectAll()
      .where('domain_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(site).toMatchObject({
      status: 'active',
      hosted_here: true,
      domain_name: 'brew-notes.com',
      site_title: 'Brew Notes',
      wp_api_url: `${creds.siteUrl}/wp-json`,
      wp_username: 'admin',
    });
    // Stored encrypted: no secret in clear anywhere in the row.
    const rowText = JSON.stringify(site);
    for (const secret of [creds.adminPassword, creds.appPassword, creds.dbPassword]) {
      expect(rowText).not.toContain(secret);
    }
    const d = await t.db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([d.is_hosted, d.is_used]).toEqual([true, true]);
    // Its first pull was queued by the creation: the welcome post is in the console without a click.
    const pull = await t.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'sites.pull')
      .where('subject_id', '=', site.id)
      .executeTakeFirstOrThrow();
    await expect
      .poll(async () => (await t.rest('GET', `jobs/${pull.id}`, { token: admin })).body.data.job.status, {
        timeout: 60_000,
      })
      .toBe('completed');
    const posts = await t.db
      .selectFrom('site_posts')
      .select('title')
      .where('site_id', '=', site.id)
      .execute();
    expect(posts.map((p) => p.title)).toContain('Welcome to Brew Notes');

    // A theme installed on the site is activated from the settings (WordPress's API cannot: the host can).
    const themeDir = path.join(root, 'brew-notes.com', 'public', 'wp-content', 'themes', 'brew-plain');
    await mkdir(themeDir, { recursive: true });
    await writeFile(path.join(themeDir, 'style.css'), '/*\nTheme Name: Brew Plain\nVersion: 0.1\n*/\n');
    await writeFile(path.join(themeDir, 'index.php'), '<?php echo "<p>brew-plain theme</p>";\n');
    const themesBefore = (await t.rest('GET', `sites/${site.id}/wordpress-info`, { token: admin })).body.data
      .info;
    expect(themesBefore.themes.map((x: { stylesheet: string }) => x.stylesheet)).toContain('brew-plain');
    expect(themesBefore.theme.stylesheet).not.toBe('brew-plain');
    const settings = { site_title: 'Brew Notes', targeted_language: 'en', default_timezone: 'UTC' };
    const missing = await t.rest('PUT', `sites/${site.id}/settings`, {
      token: admin,
      body: { ...settings, theme: 'not-installed' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('The theme not-installed is not installed on brew-notes.com');
    const switched = await t.rest('PUT', `sites/${site.id}/settings`, {
      token: admin,
      body: { ...settings, theme: 'brew-plain' },
    });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body.data.site.theme).toBe('brew-plain');
    const themesAfter = (await t.rest('GET', `sites/${site.id}/wordpress-info`, { token: admin })).body.data
      .info;
    expect(themesAfter.theme).toMatchObject({ stylesheet: 'brew-plain', name: 'Brew Plain' });
    expect(await (await fetch(creds.siteUrl)).text()).toContain('brew-plain theme');

    // The application password works against the site's REST API.
    const me = await fetch(`${creds.siteUrl}/wp-json/wp/v2/users/me`, {
      headers: { authorization: `Basic ${Buffer.from(`admin:${creds.appPassword}`).toString('base64')}` },
    });
    expect(me.status).toBe(200);

    const status = await api('GET', 'creator/status');
    expect(status.body.data.sites).toEqual([
      expect.objectContaining({ domain: 'brew-notes.com', running: true, siteUrl: creds.siteUrl }),
    ]);

    // The state rules hold on the server.
    const twice = await api('POST', 'creator/create', { body: payload(id, 'brew-notes.com') });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe('brew-notes.com already has a WordPress site');
    const del = await api('DELETE', `domains/${id}`);
    expect(del.status).toBe(400);

    // An admin reveals them again, audited; a user may not; tRPC answers the same.
    const user = await t.createUser({ role: 'user' });
    const userToken = (await t.login(user.email, user.password)).accessToken;
    const forbidden = await t.rest('POST', `sites/${site.id}/credentials`, { token: userToken });
    expect(forbidden.status).toBe(403);
    const revealed = await api('POST', `sites/${site.id}/credentials`);
    expect(revealed.status).toBe(200);
    expect(revealed.body.data.credentials).toEqual(creds);
    const byDomain = await api('POST', `domains/${id}/credentials`);
    expect(byDomain.body.data.credentials).toEqual(creds);
    expect((await t.rest('POST', `domains/${id}/credentials`, { token: userToken })).status).toBe(403);
    const viaTrpc = await (
      await trpcClient(t.app, () => admin)
    ).sites.revealCredentials.mutate({ id: site.id });
    expect(viaTrpc.credentials.appPassword).toBe(creds.appPassword);
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'site.credentials_reveal')
      .execute();
    expect(audits).toHaveLength(3);
    expect(JSON.stringify(audits)).not.toContain(creds.adminPassword);
    // Someone else's job is not theirs to read.
    expect((await t.rest('GET', `creator/job-status/${jobId}`, { token: userToken })).status).toBe(404);

    // Delete WP: a job; the site is gone from the host, the record stays inactive and unlinked.
    const removing = await api('POST', 'creator/delete', { body: { domain: 'brew-notes.com' } });
    expect(removing.status, JSON.stringify(removing.body)).toBe(200);
    const removed = await waitForJob(removing.body.data.jobId);
    expect(removed, JSON.stringify(removed)).toMatchObject({
      status: 'completed',
      kind: 'delete',
      credentials: null,
    });
    expect(existsSync(path.join(root, 'brew-notes.com'))).toBe(false);
    await expect(fetch(creds.siteUrl)).rejects.toThrow();
    const after = await t.db
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      status: 'inactive',
      domain_id: null,
      hosted_here: false,
      credentials_ciphertext: null,
    });
    const freed = await t.db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([freed.is_hosted, freed.is_used]).toEqual([false, false]);
    expect((await api('DELETE', `domains/${id}`)).status).toBe(200);
  }, 240_000);

  it('a provisioning the host refuses fails the job with the reason and leaves no site row', async () => {
    const id = await domain('occupied-folder.com');
    // A folder Blogfleet did not make: the provisioner refuses to touch it.
    await mkdir(path.join(root, 'occupied-folder.com'), { recursive: true });
    await writeFile(path.join(root, 'occupied-folder.com', 'index.html'), 'somebody else’s');
    const started = await api('POST', 'creator/create', { body: payload(id, 'occupied-folder.com') });
    expect(started.status).toBe(200);
    const failed = await waitForJob(started.body.data.jobId);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/occupied-folder\.com/);
    expect(failed.credentials).toBeNull();
    expect(
      await t.db.selectFrom('sites').select('id').where('domain_name', '=', 'occupied-folder.com').execute(),
    ).toEqual([]);
    const d = await t.db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([d.is_hosted, d.is_used]).toEqual([false, false]);
    expect(existsSync(path.join(root, 'occupied-folder.com', 'index.html'))).toBe(true);
  }, 120_000);

  it('Delete WP refuses a domain without a site; Move to Site points an external site at a free domain', async () => {
    const id = await domain('no-site-here.com');
    const refused = await api('POST', 'creator/delete', { body: { domain: 'no-site-here.com' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('no-site-here.com has no WordPress site to delete');

    const old = await domain('old-address.com');
    const site = await t.db
      .insertInto('sites')
      .values({ site_title: 'Elsewhere', domain_id: old, domain_name: 'old-address.com', status: 'active' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('domains').set({ is_used: true }).where('id', '=', old).execute();
    const moved = await api('POST', `domains/${id}/move-to-site`, { body: { siteId: site.id } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.site).toEqual({ id: site.id, domain_name: 'no-site-here.com' });
    const rows = await t.db
      .selectFrom('domains')
      .select(['domain_name', 'is_used'])
      .where('id', 'in', [id, old])
      .orderBy('domain_name')
      .execute();
    expect(rows).toEqual([
      { domain_name: 'no-site-here.com', is_used: true },
      { domain_name: 'old-address.com', is_used: false },
    ]);
    // A used domain is not moved again.
    const other = await t.db
      .insertInto('sites')
      .values({ site_title: 'Another', domain_name: 'x.example', status: 'active' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const usedRefused = await api('POST', `domains/${id}/move-to-site`, { body: { siteId: other.id } });
    expect(usedRefused.status).toBe(400);
    expect(usedRefused.body.error.message).toBe('no-site-here.com is already used by a site');
    const options = await api('GET', 'sites/options', { query: { search: 'no-site-here' } });
    expect(options.body.data.sites.map((s: { id: number }) => s.id)).toEqual([site.id]);

    // Bulk move: the free domain goes to its site, the used one is named with the reason.
    const free = await domain('free-for-bulk.com', false);
    const bulk = await api('POST', 'domains/bulk-move-to-site', {
      body: {
        moves: [
          { domainId: free, siteId: other.id },
          { domainId: id, siteId: site.id + 1_000_000 },
        ],
      },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.data.moved).toEqual([{ domainId: free, siteId: other.id, domain: 'free-for-bulk.com' }]);
    expect(bulk.body.data.failed).toEqual([
      { domainId: id, siteId: site.id + 1_000_000, reason: 'Site not found' },
    ]);
    const twice = await api('POST', 'domains/bulk-move-to-site', {
      body: {
        moves: [
          { domainId: free, siteId: other.id },
          { domainId: id, siteId: other.id },
        ],
      },
    });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body.error)).toContain('A site can take only one domain');
  });
});
