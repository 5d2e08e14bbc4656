/**
 * Content pool posts: an approved idea promoted by the post generator (offline and through the
 * chat-completions test server), its HTML cleaned, edited, and published to its site's WordPress (the
 * protocol test server).
 */
import {
  startChatCompletionsTestServer,
  type ChatCompletionsTestServer,
} from '@blogfleet/integrations/ai/testing';
import {
  startWordPressTestServer,
  type WordPressTestServer,
} from '@blogfleet/integrations/wordpress/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, trpcClient, type RestOptions, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let admin: string;
let ai: ChatCompletionsTestServer;
let wp: WordPressTestServer;
let siteId: number;

const api = (method: string, path: string, opts: RestOptions = {}) =>
  t.rest(method, path, { token: admin, ...opts });

beforeAll(async () => {
  ai = await startChatCompletionsTestServer();
  wp = await startWordPressTestServer();
  t = await startTestApp({ JOB_WORKERS: 'true', JOB_POLL_INTERVAL_SECONDS: '0.5' });
  admin = (await t.login()).accessToken;
  const site = await api('POST', 'sites', {
    body: {
      site_title: 'Brew Lab',
      domain_name: 'brew-lab.com',
      wp_api_url: `${wp.url}/wp-json`,
      wp_username: wp.options.username,
      wp_app_password: wp.options.password,
    },
  });
  expect(site.status, JSON.stringify(site.body)).toBe(200);
  siteId = site.body.data.site.id;
});
afterAll(async () => {
  await t?.close();
  await ai?.close();
  await wp?.close();
});

async function done(jobId: string) {
  const job = await t.waitForJob(jobId, admin);
  expect(job.status, job.error).toBe('completed');
  return job.result as Record<string, unknown>;
}

/** An approved idea of the site, written offline. */
async function approvedIdea(keywords: string[]) {
  const res = await api('POST', 'ai-content-pool/ideas/generate', {
    body: { website_id: siteId, keywords, count: 1 },
  });
  const { ideaIds } = (await done(res.body.data.job.id)) as { ideaIds: number[] };
  const id = ideaIds[0]!;
  const approved = await api('PUT', `ai-content-pool/ideas/${id}/status`, { body: { status: 'approved' } });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return id;
}

async function promote(ideaId: number) {
  const res = await api('POST', `ai-content-pool/ideas/${ideaId}/promote`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.job.kind).toBe('ai.promote-idea');
  const { postId } = (await done(res.body.data.job.id)) as { postId: number };
  return (await api('GET', `ai-content-pool/posts/${postId}`)).body.data.post;
}

describe('promotion', () => {
  it('writes a draft post from an approved idea offline, scored on the 10 scale', async () => {
    const ideaId = await approvedIdea(['pour over coffee']);
    const idea = (await api('GET', `ai-content-pool/ideas/${ideaId}`)).body.data.idea;
    const post = await promote(ideaId);
    expect(post).toMatchObject({
      idea_id: ideaId,
      status: 'draft',
      website: { id: siteId, domain_name: 'brew-lab.com' },
      target_keywords: idea.source_keywords,
      generated_offline: true,
    });
    expect(post.title.length).toBeGreaterThan(0);
    expect(post.content).toMatch(/<(p|h2)>/);
    expect(post.content).not.toMatch(/<script|<h1/);
    for (const s of [post.quality_score, post.seo_score, post.readability_score]) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(10);
    }
    expect(post.quality_score).toBeCloseTo(idea.quality_score * 2, 1);
    expect((await api('GET', `ai-content-pool/ideas/${ideaId}`)).body.data.idea.status).toBe('promoted');
    const [decision] = (await api('GET', 'ai-content-pool/decisions?limit=1')).body.data.decisions;
    expect(decision).toMatchObject({
      action_type: 'generate_post',
      related_idea_id: ideaId,
      related_post_id: post.id,
      model: 'offline',
    });

    const again = await api('POST', `ai-content-pool/ideas/${ideaId}/promote`);
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('Only an approved idea can be promoted; this one is promoted');
  });

  it('promotes once when asked twice at the same time', async () => {
    const ideaId = await approvedIdea(['siphon coffee']);
    const [a, b] = await Promise.all([
      api('POST', `ai-content-pool/ideas/${ideaId}/promote`),
      api('POST', `ai-content-pool/ideas/${ideaId}/promote`),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.job.id).toBe(b.body.data.job.id);
    await done(a.body.data.job.id);
    expect(
      await t.db.selectFrom('ai_posts').select('id').where('idea_id', '=', ideaId).execute(),
    ).toHaveLength(1);
  });

  it('refuses an idea that is not approved, before any job starts', async () => {
    const res = await api('POST', 'ai-content-pool/ideas/generate', {
      body: { website_id: siteId, keywords: ['cold brew'], count: 1 },
    });
    const { ideaIds } = (await done(res.body.data.job.id)) as { ideaIds: number[] };
    const refused = await api('POST', `ai-content-pool/ideas/${ideaIds[0]}/promote`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      'Only an approved idea can be promoted; this one is pending review',
    );
    expect((await api('POST', 'ai-content-pool/ideas/999999/promote')).status).toBe(404);
  });

  it('cleans what the model wrote: no scripts, handlers, frames, h1 or shortcodes', async () => {
    const ideaId = await approvedIdea(['aeropress']);
    await api('PUT', 'settings/integrations/ai', {
      body: { baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: 'gpt-test' },
    });
    try {
      ai.enqueue({
        content: JSON.stringify({
          title: 'AeroPress <b>recipes</b>',
          seo_title: 'AeroPress recipes that work',
          meta_description:
            'Three AeroPress recipes for a clean, sweet cup at home, with grind size and timing for each.',
          content:
            '<h1>AeroPress</h1><p onclick="steal()">Brew it [embed]https://x.test[/embed] well.</p><script>alert(1)</script><iframe src="https://x.test"></iframe><p><a href="javascript:alert(1)">bad</a> <a href="https://aeropress.com">good</a> <a href="//evil.test/x">relative</a></p>',
          tags: ['aeropress', 'recipes', 'aeropress'],
        }),
      });
      const post = await promote(ideaId);
      expect(post.title).toBe('AeroPress brecipes/b');
      expect(post.content).toBe(
        '<h2>AeroPress</h2><p>Brew it &#91;embed&#93;https://x.test&#91;/embed&#93; well.</p><p><a rel="nofollow noopener">bad</a> <a href="https://aeropress.com" rel="nofollow noopener">good</a> <a rel="nofollow noopener">relative</a></p>',
      );
      expect(post).toMatchObject({ tags: ['aeropress', 'recipes'], generated_offline: false });
    } finally {
      await api('DELETE', 'settings/integrations/ai');
    }
  });
});

describe('posts', () => {
  it('saves the whole post: comma-separated keywords and tags, HTML cleaned, scores again', async () => {
    const post = await promote(await approvedIdea(['french press']));
    const res = await api('PUT', `ai-content-pool/posts/${post.id}`, {
      body: {
        title: 'French press guide',
        seo_title: 'French press guide',
        meta_description: 'How to brew with a french press.',
        content: '<h2>French press basics</h2><p>Coarse grind. Four minutes.</p><iframe src="x"></iframe>',
        target_keywords: 'french press, coarse grind ,, ',
        tags: 'brewing,guides',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.post).toMatchObject({
      title: 'French press guide',
      content: '<h2>French press basics</h2><p>Coarse grind. Four minutes.</p>',
      target_keywords: ['french press', 'coarse grind'],
      tags: ['brewing', 'guides'],
    });
    expect(res.body.data.post.seo_score).not.toBe(post.seo_score);
    const empty = await api('PUT', `ai-content-pool/posts/${post.id}`, {
      body: { title: ' ', content: 'x' },
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body.error)).toContain('Title is required');
  });

  it('publishes to the site’s WordPress once, archives, and lists by status, dates and title', async () => {
    const post = await promote(await approvedIdea(['moka pot']));
    const ready = await api('PUT', `ai-content-pool/posts/${post.id}/status`, { body: { status: 'ready' } });
    expect(ready.body.data.post.status).toBe('ready');
    const published = await api('PUT', `ai-content-pool/posts/${post.id}/status`, {
      body: { status: 'published' },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data).toMatchObject({ pending_push: false, post: { status: 'published' } });
    const sitePost = await t.db
      .selectFrom('site_posts')
      .select(['wp_post_id', 'status'])
      .where('id', '=', published.body.data.post.site_post_id)
      .executeTakeFirstOrThrow();
    expect(sitePost.status).toBe('published');
    expect(wp.state.posts.find((p) => p.id === sitePost.wp_post_id)).toMatchObject({
      status: 'publish',
      title: post.title,
    });
    const twice = await api('PUT', `ai-content-pool/posts/${post.id}/status`, {
      body: { status: 'published' },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe('This post is already published');
    // An edit of the published post reaches WordPress.
    const edited = await api('PUT', `ai-content-pool/posts/${post.id}`, {
      body: { title: 'Moka pot, revised', content: '<p>Revised.</p>', target_keywords: ['moka pot'] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(wp.state.posts.find((p) => p.id === sitePost.wp_post_id)).toMatchObject({
      status: 'publish',
      title: 'Moka pot, revised',
    });
    const archived = await api('PUT', `ai-content-pool/posts/${post.id}/status`, {
      body: { status: 'archived' },
    });
    expect(archived.body.data.post.status).toBe('archived');

    const today = new Date().toISOString().slice(0, 10);
    const listed = await api(
      'GET',
      `ai-content-pool/posts?status=archived&start_date=${today}&end_date=${today}`,
    );
    expect(listed.body.data.posts.map((p: { id: number }) => p.id)).toEqual([post.id]);
    expect(listed.body.data.pagination).toMatchObject({ limit: 10 });
    const old = await api('GET', 'ai-content-pool/posts?end_date=2020-01-01');
    expect(old.body.data.posts).toEqual([]);
    const found = await api('GET', `ai-content-pool/posts?search=${encodeURIComponent('Moka pot, rev')}`);
    expect(found.body.data.posts.map((p: { id: number }) => p.id)).toContain(post.id);
    expect((await api('GET', 'ai-content-pool/posts?status=gone')).status).toBe(400);
  });

  it('will not publish a post whose site has no WordPress connection, and says what to do', async () => {
    const bare = await t.db
      .insertInto('sites')
      .values({ site_title: 'Bare', domain_name: 'bare-pool.com' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const post = await promote(await approvedIdea(['chemex']));
    await t.db.updateTable('ai_posts').set({ website_id: bare.id }).where('id', '=', post.id).execute();
    const res = await api('PUT', `ai-content-pool/posts/${post.id}/status`, {
      body: { status: 'published' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(
      'Set the WordPress address and application password of Bare first',
    );
    expect((await api('GET', `ai-content-pool/posts/${post.id}`)).body.data.post.status).toBe('draft');
    await t.db.updateTable('ai_posts').set({ website_id: null }).where('id', '=', post.id).execute();
    const unassigned = await api('PUT', `ai-content-pool/posts/${post.id}/status`, {
      body: { status: 'assigned' },
    });
    expect(unassigned.body.error.message).toBe('Assign the post to a site first');
  });

  it('answers the typed tRPC client the same, and no signed-out caller', async () => {
    const client = await trpcClient(t.app, () => admin);
    const { posts, pagination } = await client.aiPool.posts.list.query({ limit: 2 });
    expect(posts).toHaveLength(2);
    expect(pagination.limit).toBe(2);
    await expect(client.aiPool.posts.get.query({ id: 999_999 })).rejects.toThrow('Post not found');
    expect((await t.rest('GET', 'ai-content-pool/posts')).status).toBe(401);
  });
});
