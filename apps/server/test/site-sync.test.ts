import {
  startWordPressTestServer,
  type WordPressTestServer,
} from '@blogfleet/integrations/wordpress/testing';
import { withSiteLease } from '@blogfleet/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type RestOptions, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let admin: string;
const servers: WordPressTestServer[] = [];

beforeAll(async () => {
  t = await startTestApp({ JOB_WORKERS: 'true', JOB_POLL_INTERVAL_SECONDS: '0.5' });
  admin = (await t.login()).accessToken;
});
afterAll(async () => {
  await t?.close();
  await Promise.all(servers.map((s) => s.close()));
});

const api = (method: string, path: string, opts: RestOptions = {}) =>
  t.rest(method, path, { token: admin, ...opts });

const waitForJob = (id: string) => t.waitForJob(id, admin);

/** A WordPress (test server) with some posts, added as an existing site. */
async function addSite(domain: string, seedPosts = 3) {
  const wp = await startWordPressTestServer({ seedPosts });
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
  const id = res.body.data.site.id as number;
  // Adding a site with credentials queues its first pull.
  const queued = await t.db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', 'sites.pull')
    .where('subject', '=', 'site')
    .where('subject_id', '=', id)
    .executeTakeFirstOrThrow();
  const firstPull = await waitForJob(queued.id);
  return { wp, id, firstPull };
}

async function runJob(path: string, body?: unknown) {
  const res = await api('POST', path, body === undefined ? {} : { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return waitForJob(res.body.data.job.id);
}

/** Whether the pull asked for page 2 of a collection since `since` requests. */
const pageTwoAsked = (wp: WordPressTestServer, since: number, route: string) =>
  wp.requests
    .slice(since)
    .some((r) => r.method === 'GET' && r.route === route && /[?&]page=2(&|$)/.test(r.url));

const localPosts = (siteId: number) =>
  t.db.selectFrom('site_posts').selectAll().where('site_id', '=', siteId).orderBy('wp_post_id').execute();

describe('WordPress sync engine', () => {
  it('pulls only what changed after the first pull, and removes what WordPress deleted', async () => {
    const { wp, id, firstPull: first } = await addSite('incremental.com', 120);
    expect(first.status).toBe('completed');
    expect(first.result).toMatchObject({ posts: 120, postsFetched: 120, postsRemoved: 0 });
    expect(await localPosts(id)).toHaveLength(120);

    const bodiesBefore = wp.requests.filter(
      (r) => r.route === '/wp/v2/posts' && !r.url.includes('_fields'),
    ).length;
    const second = await runJob(`sites/${id}/wp-pull`);
    expect(second.result).toMatchObject({ posts: 120, postsFetched: 0 });
    const bodiesAfter = wp.requests.filter(
      (r) => r.route === '/wp/v2/posts' && !r.url.includes('_fields'),
    ).length;
    expect(bodiesAfter).toBe(bodiesBefore);

    const edited = wp.state.posts[5]!;
    wp.editPost(edited.id, { title: 'Edited in wp-admin' });
    wp.state.posts = wp.state.posts.filter((p) => p.id !== wp.state.posts[7]!.id);
    const third = await runJob(`sites/${id}/wp-pull`);
    expect(third.result).toMatchObject({ posts: 119, postsFetched: 1, postsRemoved: 1 });
    const rows = await localPosts(id);
    expect(rows).toHaveLength(119);
    expect(rows.find((r) => r.wp_post_id === edited.id)?.title).toBe('Edited in wp-admin');
  });

  it('pushes local posts with their categories, tags and featured image, and updates changed ones', async () => {
    const { wp, id } = await addSite('push.com', 1);
    wp.state.tags.push({ id: 900, name: 'Deals', slug: 'deals' });
    // A post written here only (the content pool does this) and an edit not yet sent.
    await t.db
      .insertInto('site_posts')
      .values({
        site_id: id,
        title: 'Written here',
        content: 'Local body',
        status: 'draft',
        category_ids: [1],
        tag_ids: [900],
        featured_media_id: 77,
        needs_push: true,
      })
      .execute();
    await t.db
      .updateTable('site_posts')
      .set({ title: 'Retitled here', needs_push: true })
      .where('site_id', '=', id)
      .where('wp_post_id', 'is not', null)
      .execute();
    const job = await runJob(`sites/${id}/wp-push`);
    expect(job.status).toBe('completed');
    expect(job.result).toMatchObject({ created: 1, updated: 1, conflicts: [], failed: [] });
    const created = wp.state.posts.find((p) => p.title === 'Written here')!;
    expect(created).toMatchObject({ status: 'draft', categories: [1], tags: [900], featured_media: 77 });
    expect(wp.state.posts.find((p) => p.title === 'Retitled here')).toBeDefined();
    const rows = await localPosts(id);
    expect(rows.every((r) => !r.needs_push && r.wp_post_id !== null && r.wp_modified_gmt !== null)).toBe(
      true,
    );

    const again = await runJob(`sites/${id}/wp-push`);
    expect(again.result).toMatchObject({ created: 0, updated: 0 });
  });

  it("keeps WordPress's version on a conflict and the local one as a revision that can be restored", async () => {
    const { wp, id } = await addSite('conflict.com', 2);
    const [a, b] = await localPosts(id);

    // An edit in the console after WordPress changed the post: 409, WordPress kept, the edit saved aside.
    wp.editPost(a!.wp_post_id!, { title: 'Changed on WordPress' });
    const edit = await api('PUT', `sites/${id}/posts/${a!.id}`, {
      body: { title: 'Changed in the console', content: 'Console body', status: 'draft' },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe('SYNC_CONFLICT');
    expect(edit.body.error.message).toContain("WordPress's version is kept");
    const revisionId = edit.body.error.details.revisionId as number;
    const wpA = wp.state.posts.find((p) => p.id === a!.wp_post_id)!;
    expect(wpA.title).toBe('Changed on WordPress');
    const rowA = (await localPosts(id)).find((r) => r.id === a!.id)!;
    expect(rowA.title).toBe('Changed on WordPress');

    // The same through a push of a pending local change.
    await t.db
      .updateTable('site_posts')
      .set({ title: 'Local pending', needs_push: true })
      .where('id', '=', b!.id)
      .execute();
    wp.editPost(b!.wp_post_id!, { title: 'Also changed there' });
    const push = await runJob(`sites/${id}/wp-push`);
    expect(push.result.conflicts).toEqual([
      { postId: b!.id, title: 'Local pending', revisionId: expect.any(Number) },
    ]);
    expect(wp.state.posts.find((p) => p.id === b!.wp_post_id)!.title).toBe('Also changed there');

    // And through a pull: the pending local change meets a newer WordPress version.
    await t.db
      .updateTable('site_posts')
      .set({ content: 'Pending body', needs_push: true })
      .where('id', '=', b!.id)
      .execute();
    wp.editPost(b!.wp_post_id!, { content: 'Newer on WordPress' });
    const pull = await runJob(`sites/${id}/wp-pull`);
    expect(pull.result).toMatchObject({ conflicts: 1, postsFetched: 1 });
    const rowB = (await localPosts(id)).find((r) => r.id === b!.id)!;
    expect(rowB).toMatchObject({ content: 'Newer on WordPress', needs_push: false });
    const bRevisions = await api('GET', `sites/${id}/posts/${b!.id}/revisions`);
    expect(bRevisions.body.data.revisions.map((r: { content: string }) => r.content)).toContain(
      'Pending body',
    );

    const list = await api('GET', `sites/${id}/posts/${a!.id}/revisions`);
    expect(list.status).toBe(200);
    expect(list.body.data.revisions).toEqual([
      expect.objectContaining({
        id: revisionId,
        reason: 'conflict',
        title: 'Changed in the console',
        restored_at: null,
      }),
    ]);

    const restored = await api('POST', `sites/${id}/posts/${a!.id}/revisions/${revisionId}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(wpA.title).toBe('Changed in the console');
    expect(wpA.content).toBe('Console body');
    const after = await api('GET', `sites/${id}/posts/${a!.id}/revisions`);
    expect(
      after.body.data.revisions.map((r: { reason: string; title: string }) => [r.reason, r.title]),
    ).toEqual([
      ['restored_over', 'Changed on WordPress'],
      ['conflict', 'Changed in the console'],
    ]);
    expect(after.body.data.revisions[1].restored_at).not.toBeNull();

    // Another site's post, or a revision of another post, is not found.
    const other = await addSite('conflict-other.com', 1);
    const [foreign] = await localPosts(other.id);
    expect((await api('GET', `sites/${id}/posts/${foreign!.id}/revisions`)).status).toBe(404);
    expect(
      (await api('POST', `sites/${other.id}/posts/${foreign!.id}/revisions/${revisionId}/restore`)).status,
    ).toBe(404);
    expect((await api('POST', `sites/${id}/posts/${b!.id}/revisions/${revisionId}/restore`)).status).toBe(
      404,
    );
  });

  it('keeps an edit here when WordPress does not answer, and the next push sends it', async () => {
    const { wp, id } = await addSite('down-edit.com', 1);
    const [post] = await localPosts(id);
    wp.inject({ route: '/wp/v2/posts', drop: true, times: Infinity });
    const edit = await api('PUT', `sites/${id}/posts/${post!.id}`, {
      body: { title: 'Written while down', content: 'x', status: 'draft' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data.post).toMatchObject({ title: 'Written while down', needs_push: true });
    wp.faults.length = 0;
    const push = await runJob(`sites/${id}/wp-push`);
    expect(push.result).toMatchObject({ updated: 1, conflicts: [] });
    expect(wp.state.posts[0]!.title).toBe('Written while down');
  });

  it('keeps a pending edit of a post deleted on WordPress and creates it again; trash is pulled, not lost', async () => {
    const { wp, id } = await addSite('deleted-there.com', 3);
    const [a, b] = await localPosts(id);
    await t.db
      .updateTable('site_posts')
      .set({ title: 'Edited here, deleted there', needs_push: true })
      .where('id', '=', a!.id)
      .execute();
    wp.state.posts = wp.state.posts.filter((p) => p.id !== a!.wp_post_id);
    wp.editPost(b!.wp_post_id!, { status: 'trash' });
    const sync = await runJob(`sites/${id}/sync`);
    expect(sync.status, sync.error).toBe('completed');
    expect(sync.result.pushed).toMatchObject({ created: 1, failed: [] });
    const recreated = wp.state.posts.filter((p) => p.title === 'Edited here, deleted there');
    expect(recreated).toHaveLength(1);
    const rows = await localPosts(id);
    expect(rows.find((r) => r.id === a!.id)).toMatchObject({
      wp_post_id: recreated[0]!.id,
      needs_push: false,
    });
    // A trashed post stays, as trash; an edit takes it out of the trash instead of making a second one.
    expect(rows.find((r) => r.id === b!.id)?.status).toBe('trash');
    const posts = wp.state.posts.length;
    const edit = await api('PUT', `sites/${id}/posts/${b!.id}`, {
      body: { title: 'Back from the trash', content: 'x', status: 'draft' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(wp.state.posts).toHaveLength(posts);
    expect(wp.state.posts.find((p) => p.id === b!.wp_post_id)).toMatchObject({
      status: 'draft',
      title: 'Back from the trash',
    });
  });

  it('runs one sync of selected sites per user at a time', async () => {
    const { wp, id } = await addSite('selected-busy.com', 1);
    // WordPress stops answering: the first sync stays running.
    wp.inject({ route: '/wp/v2', hang: true, times: Infinity });
    const first = await api('POST', 'sites/sync-all', { body: { siteIds: [id, id] } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await api('POST', 'sites/sync-all', { body: { siteIds: [id] } });
    expect(second.status).toBe(400);
    expect(second.body.error.message).toBe(
      'Your sync of selected sites is still running; wait for it to end',
    );
    await api('POST', `jobs/${first.body.data.job.id}/cancel`);
    wp.faults.length = 0;
    expect((await waitForJob(first.body.data.job.id)).status).toBe('cancelled');
    const third = await api('POST', 'sites/sync-all', { body: { siteIds: [id] } });
    expect(third.status, JSON.stringify(third.body)).toBe(200);
  }, 90_000);

  it('keeps a site’s lease while a long sync runs; another waits for its end', async () => {
    const site = await t.db
      .insertInto('sites')
      .values({ site_title: 'Long one', domain_name: 'long-lease.com' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order: string[] = [];
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // A lease of 300 ms: without renewal the second would take it while the first still runs.
    const first = withSiteLease(
      { db: t.db },
      site.id,
      async () => {
        order.push('first started');
        await sleep(1_500);
        order.push('first ended');
      },
      300,
    );
    await sleep(100);
    const second = withSiteLease({ db: t.db }, site.id, async () => void order.push('second ran'), 300);
    await Promise.all([first, second]);
    expect(order).toEqual(['first started', 'first ended', 'second ran']);
  });

  it('runs one pull, push or sync of a site at a time: two at once create a new post once', async () => {
    const { wp, id } = await addSite('one-at-a-time.com', 1);
    await t.db
      .insertInto('site_posts')
      .values({ site_id: id, title: 'Only once', needs_push: true })
      .execute();
    const [push, sync] = await Promise.all([
      api('POST', `sites/${id}/wp-push`),
      api('POST', `sites/${id}/sync`),
    ]);
    const jobs = await Promise.all([waitForJob(push.body.data.job.id), waitForJob(sync.body.data.job.id)]);
    expect(jobs.map((j) => j.status)).toEqual(['completed', 'completed']);
    expect(wp.state.posts.filter((p) => p.title === 'Only once')).toHaveLength(1);
  });

  it('keeps a tag added while a pull reads WordPress, and removes the one WordPress deleted', async () => {
    const { wp, id } = await addSite('tag-during-pull.com', 1);
    expect((await api('POST', `sites/${id}/tags`, { body: { name: 'sencha' } })).status).toBe(200);
    wp.state.tags = wp.state.tags.filter((x) => x.name !== 'sencha');
    // The pull reads the tags at once and the list of posts late: the tag below is made in between.
    wp.inject({ method: 'GET', route: /^\/wp\/v2\/posts$/, delayMs: 4000 });
    const readTags = () => wp.requests.filter((r) => r.method === 'GET' && r.route === '/wp/v2/tags').length;
    const tagReadsBefore = readTags();
    const started = await api('POST', `sites/${id}/wp-pull`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const jobId = started.body.data.job.id as string;
    await expect.poll(readTags, { timeout: 20_000 }).toBeGreaterThan(tagReadsBefore);
    const added = await api('POST', `sites/${id}/tags`, { body: { name: 'oolong' } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    // Still waiting for the list of posts: the pull has not saved anything yet.
    const job = await t.db
      .selectFrom('jobs')
      .select(['status', 'progress'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(job, 'the pull must still be reading').toEqual({ status: 'running', progress: 5 });

    const pulled = await waitForJob(jobId);
    expect(pulled.status, JSON.stringify(pulled)).toBe('completed');
    const tags = (await api('GET', `sites/${id}/tags`)).body.data.tags.map((x: { name: string }) => x.name);
    expect(tags).toContain('oolong');
    expect(tags).not.toContain('sencha');
  });

  it('keeps a tag that a deletion in wp-admin moved onto a page the pull had read; the next pull removes the deleted one', async () => {
    const { wp, id } = await addSite('tags-over-pages.com', 1);
    for (let i = 0; i < 150; i++)
      wp.state.tags.push({ id: 50_000 + i, name: `leaf ${i}`, slug: `leaf-${i}` });
    const first = await runJob(`sites/${id}/wp-pull`);
    expect(first.status, JSON.stringify(first)).toBe('completed');
    const localTags = async () =>
      (await t.db.selectFrom('wp_tags').select('name').where('site_id', '=', id).execute()).map(
        (r) => r.name,
      );
    expect(await localTags()).toHaveLength(wp.state.tags.length);
    // 100 a page: the first of page 2 moves onto page 1 once a tag of page 1 is deleted.
    const deleted = wp.state.tags[0]!;
    const moved = wp.state.tags[100]!;
    const tagsRoute = /^\/wp\/v2\/tags$/;
    wp.inject(
      { method: 'GET', route: tagsRoute, delayMs: 0 },
      { method: 'GET', route: tagsRoute, delayMs: 8000 },
    );
    const asked = wp.requests.length;
    const started = await api('POST', `sites/${id}/wp-pull`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await expect.poll(() => pageTwoAsked(wp, asked, '/wp/v2/tags'), { timeout: 20_000 }).toBe(true);
    wp.state.tags = wp.state.tags.filter((x) => x.id !== deleted.id);

    const pulled = await waitForJob(started.body.data.job.id);
    expect(pulled.status, JSON.stringify(pulled)).toBe('completed');
    expect(await localTags()).toContain(moved.name);
    // Page 1 listed the deleted tag before it went: the next pull finds it gone.
    expect((await runJob(`sites/${id}/wp-pull`)).status).toBe('completed');
    const after = await localTags();
    expect(after).toContain(moved.name);
    expect(after).not.toContain(deleted.name);
    expect(after).toHaveLength(wp.state.tags.length);
  });

  it('finishes a pull on its first attempt when a deletion in wp-admin leaves the posts a page shorter', async () => {
    const { wp, id, firstPull } = await addSite('page-shorter.com', 101);
    expect(firstPull.status).toBe('completed');
    const postsRoute = /^\/wp\/v2\/posts$/;
    wp.inject(
      { method: 'GET', route: postsRoute, delayMs: 0 },
      { method: 'GET', route: postsRoute, delayMs: 8000 },
    );
    const asked = wp.requests.length;
    const started = await api('POST', `sites/${id}/wp-pull`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await expect.poll(() => pageTwoAsked(wp, asked, '/wp/v2/posts'), { timeout: 20_000 }).toBe(true);
    // 100 posts are one page: WordPress refuses the page 2 the pull is waiting for.
    wp.state.posts = wp.state.posts.slice(1);

    const pulled = await waitForJob(started.body.data.job.id);
    expect(pulled, JSON.stringify(pulled)).toMatchObject({ status: 'completed', attempts: 1 });
    const kept = new Set((await localPosts(id)).map((p) => p.wp_post_id));
    for (const p of wp.state.posts) expect(kept.has(p.id), `post ${p.id}`).toBe(true);
    expect((await runJob(`sites/${id}/wp-pull`)).status).toBe('completed');
    expect(await localPosts(id)).toHaveLength(100);
  });

  it('syncs all sites a few at a time; a site that fails is reported and the others go on', async () => {
    const good1 = await addSite('all-one.com', 4);
    const good2 = await addSite('all-two.com', 6);
    const bad = await addSite('all-broken.com', 2);
    bad.wp.revokePassword();
    const job = await runJob('sites/sync-all', { siteIds: [good1.id, good2.id, bad.id] });
    expect(job.status).toBe('completed');
    expect(job.result).toMatchObject({ total: 3, synced: 2, failed: 1 });
    const byDomain = Object.fromEntries(
      (job.result.results as { domain: string; error: string | null }[]).map((r) => [r.domain, r]),
    );
    expect(byDomain['all-one.com']).toMatchObject({ ok: true, posts: 4 });
    expect(byDomain['all-two.com']).toMatchObject({ ok: true, posts: 6 });
    expect(byDomain['all-broken.com']).toMatchObject({ ok: false, posts: null });
    expect(byDomain['all-broken.com']!.error).toMatch(/password|credentials|authori/i);
    expect(await localPosts(good2.id)).toHaveLength(6);

    // The posts list with the sync flag answers what is stored and starts a pull.
    good2.wp.editPost(good2.wp.state.posts[0]!.id, { title: 'Seen after the sync flag' });
    const listed = await api('GET', `sites/${good2.id}/posts`, { query: { sync: 'true' } });
    expect(listed.status).toBe(200);
    expect(listed.body.data.posts).toHaveLength(6);
    expect(listed.body.data.sync_job).toMatchObject({ kind: 'sites.pull' });
    expect((await waitForJob(listed.body.data.sync_job.id)).result).toMatchObject({ postsFetched: 1 });
    expect((await localPosts(good2.id)).some((p) => p.title === 'Seen after the sync flag')).toBe(true);

    const one = await runJob(`sites/${good1.id}/sync`);
    expect(one.status).toBe('completed');
    expect(one.result.pulled).toMatchObject({ posts: 4, postsFetched: 0 });
  });
});
