import {
  startWordPressTestServer,
  type WordPressTestServer,
} from '@blogfleet/integrations/wordpress/testing';
import { JOB_SCHEDULES, publishDuePosts } from '@blogfleet/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, trpcClient, type RestOptions, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let wp: WordPressTestServer;
let admin: string;

let wp2: WordPressTestServer;

beforeAll(async () => {
  wp = await startWordPressTestServer();
  wp2 = await startWordPressTestServer();
  t = await startTestApp({ JOB_WORKERS: 'true', JOB_POLL_INTERVAL_SECONDS: '0.5' });
  admin = (await t.login()).accessToken;
});
afterAll(async () => {
  await t?.close();
  await wp?.close();
  await wp2?.close();
});

const waitForJob = (id: string) => t.waitForJob(id, admin);

const api = (method: string, path: string, opts: RestOptions = {}) =>
  t.rest(method, path, { token: admin, ...opts });
const external = () => ({
  wp_api_url: `${wp.url}/wp-json`,
  wp_username: wp.options.username,
  wp_app_password: wp.options.password,
});

describe('sites', () => {
  it('adds an existing WordPress only after its connection test passes; the password is never answered', async () => {
    const refused = await api('POST', 'sites', {
      body: {
        site_title: 'Wrong key',
        domain_name: 'wrong-key.com',
        ...external(),
        wp_app_password: 'nope nope nope',
      },
    });
    expect(refused.status).toBe(502);
    expect(refused.body.error.code).toBe('UNAUTHORIZED_INTEGRATION');
    expect(await t.db.selectFrom('sites').select('id').execute()).toEqual([]);

    const half = await api('POST', 'sites', {
      body: { site_title: 'Half', domain_name: 'half.com', wp_api_url: `${wp.url}/wp-json` },
    });
    expect(half.status).toBe(400);
    expect(JSON.stringify(half.body.error)).toContain('Required for an existing WordPress');

    const res = await api('POST', 'sites', {
      body: {
        site_title: 'Elsewhere Blog',
        domain_name: 'elsewhere-blog.com',
        targeted_language: 'tr',
        ...external(),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.site).toMatchObject({
      site_title: 'Elsewhere Blog',
      status: 'active',
      targeted_language: 'tr',
      wp_api_url: `${wp.url}/wp-json`,
      wp_configured: true,
      hosted_here: false,
      statistics: { total_posts: 0, published_posts: 0, draft_posts: 0 },
    });
    expect(JSON.stringify(res.body)).not.toContain(wp.options.password);

    const tested = await api('GET', `sites/${res.body.data.site.id}/test-connection`);
    expect(tested.body.data).toMatchObject({
      connected: true,
      reason: null,
      user: { name: expect.any(String) },
    });
    wp.revokePassword();
    const revoked = await api('POST', `sites/${res.body.data.site.id}/test-connection`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.connected).toBe(false);
    expect(revoked.body.data.reason).toMatch(/password|credentials|authori/i);
  });

  it('adds a site for a domain of the list, which becomes used; a used domain is refused', async () => {
    const { id: domainId } = (
      await api('POST', 'domains', { body: { domainName: 'for-a-site.com', targetWebsite: 'x.example' } })
    ).body.data.domain;
    const res = await api('POST', 'sites', {
      body: { site_title: 'For a site', domain_id: domainId, domain_name: 'for-a-site.com' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.site).toMatchObject({ status: 'setup', domain_id: domainId, wp_configured: false });
    const domain = await t.db
      .selectFrom('domains')
      .selectAll()
      .where('id', '=', domainId)
      .executeTakeFirstOrThrow();
    expect(domain.is_used).toBe(true);
    const again = await api('POST', 'sites', {
      body: { site_title: 'Again', domain_id: domainId, domain_name: 'for-a-site.com' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('for-a-site.com is already used by a site');
    const notConfigured = await api('GET', `sites/${res.body.data.site.id}/test-connection`);
    expect(notConfigured.body.data).toMatchObject({ connected: false });
  });

  it('lists with post statistics from the synced posts, filters and pages; answers data as the array', async () => {
    for (let i = 1; i <= 23; i++) {
      const row = await t.db
        .insertInto('sites')
        .values({
          site_title: `Seeded ${String(i).padStart(2, '0')}`,
          domain_name: `seeded-${i}.${i % 2 ? 'com' : 'net'}`,
          status: i % 5 === 0 ? 'inactive' : 'active',
          targeted_language: i % 3 === 0 ? 'tr' : 'en',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (i === 1) {
        await t.db
          .insertInto('site_posts')
          .values([
            { site_id: row.id, title: 'A', status: 'published' },
            { site_id: row.id, title: 'B', status: 'published' },
            { site_id: row.id, title: 'C', status: 'draft' },
            { site_id: row.id, title: 'D', status: 'trash' },
          ])
          .execute();
      }
    }
    const page = await api('GET', 'sites', { query: { sort: 'site_title', order: 'asc', domain: 'seeded' } });
    expect(page.status).toBe(200);
    expect(Array.isArray(page.body.data)).toBe(true);
    expect(page.body.data).toHaveLength(20);
    expect(page.body.meta.pagination).toMatchObject({ page: 1, limit: 20, total: 23 });
    expect(page.body.data[0]).toMatchObject({
      site_title: 'Seeded 01',
      statistics: { total_posts: 3, published_posts: 2, draft_posts: 1 },
    });
    const inactive = await api('GET', 'sites', { query: { status: 'inactive' } });
    expect(inactive.body.data.map((s: { site_title: string }) => s.site_title).sort()).toEqual([
      'Seeded 05',
      'Seeded 10',
      'Seeded 15',
      'Seeded 20',
    ]);
    const turkish = await api('GET', 'sites', {
      query: { targeted_language: 'tr', domain: 'seeded', limit: 100 },
    });
    expect(turkish.body.data).toHaveLength(7);
    const nets = await api('GET', 'sites', { query: { domain: '.net', limit: 100 } });
    expect(nets.body.data.every((s: { domain_name: string }) => s.domain_name.endsWith('.net'))).toBe(true);
    const client = await trpcClient(t.app, () => admin);
    const viaTrpc = await client.sites.list.query({ status: 'inactive' });
    expect(viaTrpc.data).toHaveLength(4);
  });

  it('pushes saved settings to the site’s WordPress first; a refusal saves nothing', async () => {
    const added = await api('POST', 'sites', {
      body: {
        site_title: 'Pushed',
        domain_name: 'pushed-settings.com',
        wp_api_url: `${wp2.url}/wp-json`,
        wp_username: wp2.options.username,
        wp_app_password: wp2.options.password,
      },
    });
    const id = added.body.data.site.id;
    const saved = await api('PUT', `sites/${id}/settings`, {
      body: {
        site_title: 'Pushed Title',
        site_slogan: 'Pushed tagline',
        targeted_language: 'tr',
        default_timezone: 'Europe/Istanbul',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.wordpress).toEqual({ pushed: true, warning: null });
    expect(wp2.state.settings).toMatchObject({
      title: 'Pushed Title',
      description: 'Pushed tagline',
      timezone: 'Europe/Istanbul',
      language: 'tr_TR',
    });
    wp2.revokePassword();
    const refused = await api('PUT', `sites/${id}/settings`, {
      body: { site_title: 'Never stored', targeted_language: 'tr', default_timezone: 'UTC' },
    });
    expect(refused.status).toBe(502);
    expect((await api('GET', `sites/${id}`)).body.data.site.site_title).toBe('Pushed Title');

    // Bulk connection test: a job with each site's result; the refused one is named with the reason.
    const ok = (await api('GET', 'sites', { query: { domain: 'for-a-site' } })).body.data[0].id;
    const started = await api('POST', 'sites/bulk-test-connection', { body: { siteIds: [id, ok] } });
    expect(started.status).toBe(200);
    const job = await waitForJob(started.body.data.job.id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(
      /^Could not connect to some sites: for-a-site\.com \(No WordPress address.*\); pushed-settings\.com \(.+\)\. Connected 0 of 2\.$/,
    );
  });

  it('pulls posts of every status, categories, tags and media from WordPress; a second pull reconciles', async () => {
    const wp3 = await startWordPressTestServer({ seedPosts: 3 });
    try {
      const { createWordPressClient } = await import('@blogfleet/integrations/wordpress');
      const client = createWordPressClient({
        siteUrl: wp3.url,
        username: wp3.options.username,
        appPassword: wp3.options.password,
      });
      const draft = await client.createPost({
        title: 'A draft',
        content: '<p>one two three four</p>',
        status: 'draft',
      });
      await client.createPost({
        title: 'Later',
        content: 'Scheduled words',
        status: 'future',
        date_gmt: '2031-05-01T10:00:00',
      });
      await client.createCategory({ name: 'Brewing' });
      await client.createTag({ name: 'espresso' });

      const id = (
        await api('POST', 'sites', {
          body: {
            site_title: 'Pulled',
            domain_name: 'pulled-site.com',
            wp_api_url: wp3.url,
            wp_username: wp3.options.username,
            wp_app_password: wp3.options.password,
          },
        })
      ).body.data.site.id;
      await t.db
        .insertInto('site_posts')
        .values({ site_id: id, title: 'Local only, not pushed yet' })
        .execute();

      const started = await api('POST', `sites/${id}/wp-pull`);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const again = await api('POST', `sites/${id}/wp-pull`);
      expect(again.body.data.job.id).toBe(started.body.data.job.id);
      const done = await waitForJob(started.body.data.job.id);
      expect(done.status, JSON.stringify(done)).toBe('completed');
      expect(done.result).toMatchObject({
        posts: 5,
        postsRemoved: 0,
        categories: expect.any(Number),
        tags: 1,
      });

      const posts = await t.db
        .selectFrom('site_posts')
        .select(['title', 'status', 'word_count', 'scheduled_date', 'wp_post_id'])
        .where('site_id', '=', id)
        .orderBy('id')
        .execute();
      expect(posts).toHaveLength(6);
      expect(posts.find((p) => p.title === 'A draft')).toMatchObject({ status: 'draft', word_count: 4 });
      expect(posts.find((p) => p.title === 'Later')!.scheduled_date!.toISOString()).toBe(
        '2031-05-01T10:00:00.000Z',
      );
      expect(posts.filter((p) => p.status === 'published')).toHaveLength(3);
      const tags = await t.db.selectFrom('wp_tags').select('name').where('site_id', '=', id).execute();
      expect(tags).toEqual([{ name: 'espresso' }]);
      const cats = (await api('GET', `sites/${id}/categories`)).body.data.categories;
      expect(cats.map((c: { name: string }) => c.name)).toContain('Brewing');
      expect((await api('GET', `sites/${id}/tags`)).body.data.tags).toEqual([
        expect.objectContaining({ name: 'espresso', slug: 'espresso' }),
      ]);
      expect((await api('GET', `sites/${id}/media`)).body.data.media).toEqual([]);
      const made = await api('POST', `sites/${id}/categories`, {
        body: { name: 'Teas', description: 'Leaves' },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(wp3.state.categories.some((c) => c.name === 'Teas')).toBe(true);
      const tag = await api('POST', `sites/${id}/tags`, { body: { name: 'matcha' } });
      expect(tag.body.data.tag).toMatchObject({ name: 'matcha' });
      expect(wp3.state.tags.some((x) => x.name === 'matcha')).toBe(true);
      expect((await api('POST', `sites/${id}/tags`, { body: { name: ' ' } })).status).toBe(400);
      // The dashboard's recent activity: this site's real changes and jobs, newest first.
      const activity = (await api('GET', `sites/${id}/activity`)).body.data.activity as {
        kind: string;
        what: string;
      }[];
      expect(activity[0]).toMatchObject({ kind: 'change', what: 'site.tag_create' });
      expect(activity.map((a) => a.what)).toEqual(
        expect.arrayContaining([
          'site.category_create',
          'site.wp_pull',
          'WordPress pull of pulled-site.com',
          'site.add',
        ]),
      );
      const listed = (await api('GET', `sites/${id}`)).body.data.site;
      expect(listed.statistics).toEqual({ total_posts: 6, published_posts: 3, draft_posts: 2 });
      expect(listed.last_synced_at).not.toBeNull();

      // Deleted on WordPress: gone here after the next pull; the local-only post stays.
      await client.deletePost(draft.id, { force: true });
      const second = await waitForJob((await api('POST', `sites/${id}/wp-pull`)).body.data.job.id);
      expect(second.result).toMatchObject({ posts: 4, postsRemoved: 1 });
      const titles = (
        await t.db.selectFrom('site_posts').select('title').where('site_id', '=', id).execute()
      ).map((p) => p.title);
      expect(titles).toContain('Local only, not pushed yet');
      expect(titles).not.toContain('A draft');

      const noCreds = (await api('GET', 'sites', { query: { domain: 'for-a-site' } })).body.data[0].id;
      const refused = await waitForJob((await api('POST', `sites/${noCreds}/wp-pull`)).body.data.job.id);
      expect(refused.status).toBe('failed');
      expect(refused.error).toBe('Set the WordPress address and application password of For a site first');
    } finally {
      await wp3.close();
    }
  });

  it('creates, searches, edits, schedules and deletes posts, each change on WordPress first', async () => {
    const wp4 = await startWordPressTestServer();
    try {
      const id = (
        await api('POST', 'sites', {
          body: {
            site_title: 'Posting',
            domain_name: 'posting-site.com',
            wp_api_url: wp4.url,
            wp_username: wp4.options.username,
            wp_app_password: wp4.options.password,
          },
        })
      ).body.data.site.id;
      const created = await api('POST', `sites/${id}/posts`, {
        body: {
          title: 'Espresso basics',
          content: '<p>Grind fine, tamp firm, pull short.</p>',
          status: 'published',
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const post = created.body.data.post;
      expect(post).toMatchObject({ status: 'published', word_count: 6, wp_post_id: expect.any(Number) });
      const onWp = () => wp4.state.posts.find((p) => p.id === post.wp_post_id)!;
      expect(onWp()).toMatchObject({ title: 'Espresso basics', status: 'publish' });

      const noDate = await api('POST', `sites/${id}/posts`, {
        body: { title: 'Later', status: 'scheduled' },
      });
      expect(noDate.status).toBe(400);
      expect(JSON.stringify(noDate.body.error)).toContain('A scheduled post needs its date');
      const past = await api('POST', `sites/${id}/posts`, {
        body: { title: 'Later', status: 'scheduled', scheduled_date: '2020-01-01T00:00:00Z' },
      });
      expect(past.status).toBe(400);
      expect(wp4.state.posts).toHaveLength(1);

      const found = await api('GET', `sites/${id}/posts`, { query: { search: 'tamp firm' } });
      expect(found.body.data.posts.map((p: { title: string }) => p.title)).toEqual(['Espresso basics']);
      expect(
        (await api('GET', `sites/${id}/posts`, { query: { search: 'nothing like it' } })).body.data.posts,
      ).toEqual([]);

      const edited = await api('PUT', `sites/${id}/posts/${post.id}`, {
        body: { title: 'Espresso, the basics', content: 'Short.', status: 'draft' },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(onWp()).toMatchObject({ title: 'Espresso, the basics', status: 'draft' });

      const when = new Date(Date.now() + 86_400_000);
      when.setUTCSeconds(0, 0);
      const scheduled = await api('POST', `sites/${id}/posts/schedule`, {
        body: { post_ids: [post.id], schedule_date: when.toISOString() },
      });
      expect(scheduled.body.data).toEqual({ scheduled: 1, failed: [], missing: [] });
      expect(onWp().status).toBe('future');
      const local = (await api('GET', `sites/${id}/posts`)).body.data.posts[0];
      expect(local).toMatchObject({ status: 'scheduled', scheduled_date: when.toISOString() });

      // Its time comes: published on WordPress by the queued round, whether or not anyone visits the site.
      expect(JOB_SCHEDULES.map((s) => s.kind)).toContain('sites.publish-due-posts');
      const round = await publishDuePosts(
        { ...t.deps, req: { ip: 'test', userAgent: null, accessToken: null } },
        new Date(when.getTime() + 1_000),
      );
      expect(round).toMatchObject({ published: 1, failed: [] });
      expect(onWp().status).toBe('publish');
      expect((await api('GET', `sites/${id}/posts`)).body.data.posts[0].status).toBe('published');

      const deleted = await api('DELETE', `sites/${id}/posts/${post.id}`);
      expect(deleted.body.data).toEqual({ id: post.id, deleted: true });
      expect(onWp().status).toBe('trash');
      expect((await api('GET', `sites/${id}/posts`)).body.data.posts).toEqual([]);
      expect((await api('DELETE', `sites/${id}/posts/${post.id}`)).status).toBe(404);

      // Trash is pulled: the deleted post comes back as trash and is deleted for good from there.
      // A pull asked for while one is under way joins it, and on a loaded machine the site's first pull
      // may still be running from before the delete: the pull after it is sure to see the trash.
      for (let i = 0; i < 2; i++) {
        const pulled = await waitForJob((await api('POST', `sites/${id}/wp-pull`)).body.data.job.id);
        expect(pulled.status, JSON.stringify(pulled)).toBe('completed');
      }
      const trashed = (await api('GET', `sites/${id}/posts`, { query: { status: 'trash' } })).body.data.posts;
      expect(trashed.map((p: { title: string }) => p.title)).toEqual(['Espresso, the basics']);
      const forGood = await api('DELETE', `sites/${id}/posts/${trashed[0].id}`);
      expect(forGood.status, JSON.stringify(forGood.body)).toBe(200);
      expect(wp4.state.posts.find((p) => p.id === post.wp_post_id)).toBeUndefined();
      // A post trashed in wp-admin since the last pull is deleted here without an error.
      const other = (await api('POST', `sites/${id}/posts`, { body: { title: 'Trashed elsewhere' } })).body
        .data.post;
      wp4.state.posts.find((p) => p.id === other.wp_post_id)!.status = 'trash';
      const deletedToo = await api('DELETE', `sites/${id}/posts/${other.id}`);
      expect(deletedToo.status, JSON.stringify(deletedToo.body)).toBe(200);
    } finally {
      await wp4.close();
    }
  });

  it('sets and clears a post’s categories, tags and featured image; featured_image is the image’s address', async () => {
    const wp5 = await startWordPressTestServer({ seedPosts: 0 });
    try {
      wp5.state.categories.push({ id: 40, name: 'News', slug: 'news', description: '', parent: 0 });
      wp5.state.tags.push({ id: 41, name: 'Deals', slug: 'deals' });
      wp5.state.media.push({
        id: 42,
        source_url: `${wp5.url}/wp-content/uploads/cover.png`,
        title: 'Cover',
        mime_type: 'image/png',
        bytes: 100,
      });
      const id = (
        await api('POST', 'sites', {
          body: {
            site_title: 'Terms',
            domain_name: 'terms-site.com',
            wp_api_url: wp5.url,
            wp_username: wp5.options.username,
            wp_app_password: wp5.options.password,
          },
        })
      ).body.data.site.id;
      expect((await waitForJob((await api('POST', `sites/${id}/wp-pull`)).body.data.job.id)).status).toBe(
        'completed',
      );

      const created = await api('POST', `sites/${id}/posts`, { body: { title: 'Plain' } });
      const post = created.body.data.post;
      const onWp = () => wp5.state.posts.find((p) => p.id === post.wp_post_id)!;
      // A new post without categories gets WordPress's default one.
      expect(onWp().categories).toEqual([1]);
      expect(post).toMatchObject({ category_ids: [1], featured_image: null });

      const set = await api('PUT', `sites/${id}/posts/${post.id}`, {
        body: { title: 'Plain', category_ids: [40], tag_ids: [41], featured_media_id: 42 },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(onWp()).toMatchObject({ categories: [40], tags: [41], featured_media: 42 });
      expect(set.body.data.post).toMatchObject({
        category_ids: [40],
        featured_image: `${wp5.url}/wp-content/uploads/cover.png`,
      });
      const listed = (await api('GET', `sites/${id}/posts`)).body.data.posts[0];
      expect(listed.featured_image).toBe(`${wp5.url}/wp-content/uploads/cover.png`);

      const cleared = await api('PUT', `sites/${id}/posts/${post.id}`, {
        body: { title: 'Plain', category_ids: [], tag_ids: [], featured_media_id: null },
      });
      expect(cleared.status).toBe(200);
      expect(onWp()).toMatchObject({ categories: [], tags: [], featured_media: 0 });
      expect(cleared.body.data.post).toMatchObject({ category_ids: [], tag_ids: [], featured_image: null });
    } finally {
      await wp5.close();
    }
  });
  it('saves settings, sets status in bulk and deletes records in bulk (domains freed), refusing a site hosted here', async () => {
    const list = (await api('GET', 'sites', { query: { domain: 'seeded', limit: 100 } })).body.data as {
      id: number;
    }[];
    const [first, second, third] = list.map((s) => s.id);
    const saved = await api('PUT', `sites/${first}/settings`, {
      body: {
        site_title: 'Renamed',
        site_slogan: 'New line',
        targeted_language: 'es',
        default_timezone: 'Europe/Istanbul',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.site).toMatchObject({
      site_title: 'Renamed',
      targeted_language: 'es',
      default_timezone: 'Europe/Istanbul',
    });
    const badTz = await api('PUT', `sites/${first}/settings`, {
      body: { site_title: 'x', targeted_language: 'en', default_timezone: 'Mars/Olympus' },
    });
    expect(badTz.status).toBe(400);

    const status = await api('POST', 'sites/bulk-status', {
      body: { siteIds: [first, second, 999_999], status: 'inactive' },
    });
    expect(status.body.data).toEqual({ changed: 2, missing: [999_999] });

    const hosted = await t.db
      .insertInto('sites')
      .values({ site_title: 'Hosted', domain_name: 'hosted-here.com', status: 'active', hosted_here: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await api('POST', 'sites/bulk-delete', { body: { siteIds: [third, hosted.id] } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('hosted-here.com');
    expect(await t.db.selectFrom('sites').select('id').where('id', '=', third!).execute()).toHaveLength(1);

    const deleted = await api('POST', 'sites/bulk-delete', { body: { siteIds: [first, third] } });
    expect(deleted.body.data).toEqual({ changed: 2, missing: [] });
    expect(await t.db.selectFrom('site_posts').select('id').where('site_id', '=', first!).execute()).toEqual(
      [],
    );
    expect((await api('GET', `sites/${first}`)).status).toBe(404);

    const user = await t.createUser({ role: 'user' });
    const userToken = (await t.login(user.email, user.password)).accessToken;
    expect((await t.rest('GET', 'sites', { token: userToken })).status).toBe(200);
  });
});
