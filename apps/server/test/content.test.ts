/**
 * Content management (doc2 §2 /content): a piece generated from a keyword group as a job, kept as a
 * draft on the site's WordPress (the protocol test server here; the browser test uses a real one),
 * edited, published and deleted there with it; its word count and SEO score from the shared checker.
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
let wp: WordPressTestServer;
let ai: ChatCompletionsTestServer;
let siteId: number;
let groupId: number;
let keywordIds: number[];

const api = (method: string, path: string, opts: RestOptions = {}) =>
  t.rest(method, path, { token: admin, ...opts });

beforeAll(async () => {
  wp = await startWordPressTestServer();
  ai = await startChatCompletionsTestServer();
  t = await startTestApp({ JOB_WORKERS: 'true', JOB_POLL_INTERVAL_SECONDS: '0.5' });
  admin = (await t.login()).accessToken;
  const site = await api('POST', 'sites', {
    body: {
      site_title: 'Espresso Corner',
      domain_name: 'espresso-corner.com',
      targeted_language: 'en',
      wp_api_url: `${wp.url}/wp-json`,
      wp_username: wp.options.username,
      wp_app_password: wp.options.password,
    },
  });
  expect(site.status, JSON.stringify(site.body)).toBe(200);
  siteId = site.body.data.site.id;
  keywordIds = [];
  for (const keyword of ['espresso grinder', 'burr grinder for espresso', 'best espresso grinder']) {
    const res = await api('POST', 'keywords', { body: { keyword, targetWebsite: 'espresso-corner.com' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    keywordIds.push(res.body.data.keyword.id);
  }
  const group = await api('POST', 'keyword-groups', {
    body: { name: 'Grinders', primary_keyword_id: keywordIds[0], secondary_keyword_ids: keywordIds.slice(1) },
  });
  expect(group.status, JSON.stringify(group.body)).toBe(200);
  groupId = group.body.data.group.id;
});
afterAll(async () => {
  await t?.close();
  await wp?.close();
  await ai?.close();
});

async function generate(body: Record<string, unknown>) {
  const res = await api('POST', 'content/generate', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.job).toMatchObject({ kind: 'content.generate', status: 'pending' });
  const job = await t.waitForJob(res.body.data.job.id, admin);
  expect(job.status, job.error).toBe('completed');
  return job.result as {
    contentId: number;
    sitePostId: number | null;
    wpPageId: number | null;
    draftError: string | null;
  };
}

async function piece(id: number) {
  const res = await api('GET', `content/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.content;
}

describe('POST content/generate', () => {
  it('refuses what it cannot do with the spec’s messages, before any job starts', async () => {
    const none = await api('POST', 'content/generate', { body: { contentType: 'article' } });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body.error)).toContain('Please select a site');
    expect(JSON.stringify(none.body.error)).toContain('Please select a keyword group');
    const badType = await api('POST', 'content/generate', {
      body: { siteId, keywordGroupId: groupId, contentType: 'essay' },
    });
    expect(badType.status).toBe(400);

    const empty = await api('POST', 'keyword-groups', { body: { name: 'Empty group' } });
    const noKeywords = await api('POST', 'content/generate', {
      body: { siteId, keywordGroupId: empty.body.data.group.id },
    });
    expect(noKeywords.status).toBe(400);
    expect(noKeywords.body.error.message).toBe('The keyword group Empty group has no keywords yet');

    const bare = await api('POST', 'sites', {
      body: { site_title: 'No WordPress', domain_name: 'bare-site.com' },
    });
    const noWordPress = await api('POST', 'content/generate', {
      body: { siteId: bare.body.data.site.id, keywordGroupId: groupId },
    });
    expect(noWordPress.status).toBe(400);
    expect(noWordPress.body.error.message).toContain(
      'Set the WordPress address and application password of No WordPress first',
    );

    const missing = await api('POST', 'content/generate', { body: { siteId, keywordGroupId: 999_999 } });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Keyword group not found');
    expect(
      await t.db.selectFrom('jobs').select('id').where('kind', '=', 'content.generate').execute(),
    ).toEqual([]);
  });

  it('writes an article offline, keeps it as a draft post on WordPress, scores it and marks the keywords used', async () => {
    const before = (await api('GET', 'dashboard/stats')).body.data;
    const result = await generate({ siteId, keywordGroupId: groupId });
    const item = await piece(result.contentId);
    expect(item).toMatchObject({
      type: 'article',
      status: 'draft',
      focus_keyword: 'espresso grinder',
      keywords: ['espresso grinder', 'burr grinder for espresso', 'best espresso grinder'],
      site: { id: siteId, site_title: 'Espresso Corner', domain_name: 'espresso-corner.com' },
      keyword_group: { id: groupId, name: 'Grinders' },
      generator: 'offline',
      link: null,
      published_at: null,
    });
    expect(item.content).toMatch(/^<p>[\s\S]+<\/p>$/);
    expect(item.content).toContain('<h2>');
    expect(item.word_count).toBeGreaterThan(300);
    expect(item.seo_score).toBeGreaterThan(0);
    expect(item.seo_score).toBeLessThanOrEqual(10);
    expect(item.seo_checks.map((c: { id: string }) => c.id)).toEqual([
      'keyword_in_title',
      'keyword_in_headings',
      'keyword_density',
      'length',
      'meta_description',
      'readability',
    ]);
    const sum = item.seo_checks.reduce((s: number, c: { points: number }) => s + c.points, 0);
    expect(item.seo_score).toBeCloseTo(sum, 5);

    // The draft is on WordPress and in the site's posts.
    const onWordPress = wp.state.posts.find((p) => p.id === item.wp_post_id)!;
    expect(onWordPress).toMatchObject({ status: 'draft', title: item.title, excerpt: item.meta_description });
    const posts = await api('GET', `sites/${siteId}/posts`);
    expect(posts.body.data.posts.map((p: { id: number }) => p.id)).toContain(item.site_post_id);

    const keywords = await api('GET', 'keywords?targetWebsite=espresso-corner.com&limit=50');
    expect(keywords.body.data.data.every((k: { is_used: boolean }) => k.is_used)).toBe(true);

    const after = (await api('GET', 'dashboard/stats')).body.data;
    expect(after.total_content).toBe(before.total_content + 1);
    expect(after.used_keywords).toBeGreaterThanOrEqual(before.used_keywords + 3);
    expect(after.avg_content_score).toBeGreaterThan(0);
  });

  it('writes with the configured model in the site’s language, escaping what the model wrote', async () => {
    const tr = await api('POST', 'sites', {
      body: {
        site_title: 'Kahve Köşesi',
        domain_name: 'kahve-kosesi.com',
        targeted_language: 'tr',
        wp_api_url: `${wp.url}/wp-json`,
        wp_username: wp.options.username,
        wp_app_password: wp.options.password,
      },
    });
    const saved = await api('PUT', 'settings/integrations/ai', {
      body: { baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: 'gpt-test' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    ai.enqueue({
      content: JSON.stringify({
        title: 'Espresso grinder <img src=x onerror=alert(1)>seçimi',
        meta_description:
          'Evde espresso grinder seçerken nelere bakmalı? [embed]x[/embed] Çelik bıçaklar, ayar adımları ve fiyatlar bu rehberde.',
        intro: 'Espresso grinder <script>alert(1)</script> seçmek kolay değil.',
        sections: [
          { heading: 'Espresso grinder nedir?', paragraphs: ['Kısa bir tanım.', 'Bir paragraf daha.'] },
          { heading: 'Fiyatlar & modeller', paragraphs: ['Fiyatlar değişir.'] },
        ],
        conclusion: 'Afiyet olsun.',
      }),
    });
    const result = await generate({
      siteId: tr.body.data.site.id,
      keywordGroupId: groupId,
      contentType: 'post',
    });
    const item = await piece(result.contentId);
    // No tag or shortcode from the model reaches the title or the meta description.
    expect(item).toMatchObject({
      type: 'post',
      title: 'Espresso grinder img src=x onerror=alert(1)seçimi',
      meta_description:
        'Evde espresso grinder seçerken nelere bakmalı? embedx/embed Çelik bıçaklar, ayar adımları ve fiyatlar bu rehberde.',
      generator: 'gpt-test',
    });
    expect(item.content).toBe(
      [
        '<p>Espresso grinder &lt;script&gt;alert(1)&lt;/script&gt; seçmek kolay değil.</p>',
        '<h2>Espresso grinder nedir?</h2>',
        '<p>Kısa bir tanım.</p>',
        '<p>Bir paragraf daha.</p>',
        '<h2>Fiyatlar &amp; modeller</h2>',
        '<p>Fiyatlar değişir.</p>',
        '<p>Afiyet olsun.</p>',
      ].join('\n'),
    );
    const byId = Object.fromEntries(
      item.seo_checks.map((c: { id: string; points: number }) => [c.id, c.points]),
    );
    expect(byId).toMatchObject({
      keyword_in_title: 2,
      keyword_in_headings: 1.5,
      length: 0,
      meta_description: 1.5,
    });
    const sent = JSON.stringify(ai.completions().at(-1)!.body.messages);
    expect(sent).toContain('espresso grinder');
    expect(sent).toContain('kahve-kosesi.com');
    expect(sent).toMatch(/Turkish/);
    await api('DELETE', 'settings/integrations/ai');
  });
});

describe('content list, edit, publish and delete', () => {
  it('lists with filters by site, status, type and title', async () => {
    const page = await generate({ siteId, keywordGroupId: groupId, contentType: 'page' });
    const all = await api('GET', `content?siteId=${siteId}`);
    expect(all.status).toBe(200);
    expect(all.body.data.pagination).toMatchObject({ page: 1, limit: 20 });
    const rows = all.body.data.content as { id: number; type: string; content?: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.content === undefined)).toBe(true);
    expect(rows[0]!.id).toBe(page.contentId);
    const pages = await api('GET', `content?siteId=${siteId}&type=page`);
    expect(pages.body.data.content.map((r: { id: number }) => r.id)).toEqual([page.contentId]);
    const item = await piece(page.contentId);
    const found = await api('GET', `content?search=${encodeURIComponent(item.title.slice(0, 12))}&type=page`);
    expect(found.body.data.content.map((r: { id: number }) => r.id)).toContain(page.contentId);
    const published = await api('GET', 'content?status=published');
    expect(published.body.data.content).toEqual([]);
    const bad = await api('GET', 'content?status=live');
    expect(bad.status).toBe(400);
  });

  it('edits the words here and on WordPress, scores again, and refuses a bad edit whole', async () => {
    const { contentId } = await generate({ siteId, keywordGroupId: groupId, contentType: 'article' });
    const before = await piece(contentId);
    const res = await api('PUT', `content/${contentId}`, {
      body: {
        title: 'Espresso grinder guide',
        content: '<h2>Why an espresso grinder</h2><p>Fresh coffee. Short sentences help.</p>',
        meta_description: 'A short guide.',
        status: 'pending',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.content).toMatchObject({
      title: 'Espresso grinder guide',
      status: 'pending',
      word_count: 9,
    });
    expect(res.body.data.content.seo_score).not.toBe(before.seo_score);
    expect(wp.state.posts.find((p) => p.id === before.wp_post_id)).toMatchObject({
      title: 'Espresso grinder guide',
      status: 'draft',
      excerpt: 'A short guide.',
    });

    const empty = await api('PUT', `content/${contentId}`, { body: { title: '  ', content: 'x' } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body.error)).toContain('Title is required');
    const live = await api('PUT', `content/${contentId}`, {
      body: { title: 'x', content: 'x', status: 'published' },
    });
    expect(live.status).toBe(400);
    expect((await piece(contentId)).title).toBe('Espresso grinder guide');
  });

  it('publishes a post to WordPress once; the button’s second press is refused', async () => {
    const { contentId } = await generate({ siteId, keywordGroupId: groupId });
    const draft = await piece(contentId);
    const res = await api('POST', `content/${contentId}/publish`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ pending_push: false, content: { status: 'published' } });
    expect(res.body.data.content.link).toBe(`${wp.url}/?p=${draft.wp_post_id}`);
    expect(res.body.data.content.published_at).not.toBeNull();
    expect(wp.state.posts.find((p) => p.id === draft.wp_post_id)?.status).toBe('publish');
    const again = await api('POST', `content/${contentId}/publish`);
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('This content is already published');

    // Deleting a published piece leaves it on the site.
    const del = await api('DELETE', `content/${contentId}`);
    expect(del.body.data).toEqual({ id: contentId, deleted: true, kept_on_site: true });
    expect(wp.state.posts.find((p) => p.id === draft.wp_post_id)?.status).toBe('publish');
    expect((await api('GET', `content/${contentId}`)).status).toBe(404);
  });

  it('publishes a page as a WordPress page, and creates the post again when it was deleted on the site', async () => {
    const page = await generate({ siteId, keywordGroupId: groupId, contentType: 'page' });
    expect(wp.state.pages.find((p) => p.id === page.wpPageId)?.status).toBe('draft');
    const published = await api('POST', `content/${page.contentId}/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data.content.link).toBe(`${wp.url}/?page_id=${page.wpPageId}`);
    expect(wp.state.pages.find((p) => p.id === page.wpPageId)?.status).toBe('publish');

    const post = await generate({ siteId, keywordGroupId: groupId, contentType: 'post' });
    const removed = await api('DELETE', `sites/${siteId}/posts/${post.sitePostId}`);
    expect(removed.status).toBe(200);
    const res = await api('POST', `content/${post.contentId}/publish`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const again = await piece(post.contentId);
    expect(again.site_post_id).not.toBe(post.sitePostId);
    expect(wp.state.posts.find((p) => p.id === again.wp_post_id)).toMatchObject({
      status: 'publish',
      title: again.title,
    });
  });

  it('deletes a draft with its post and its page on WordPress', async () => {
    const post = await generate({ siteId, keywordGroupId: groupId });
    const wpPostId = (await piece(post.contentId)).wp_post_id;
    const del = await api('DELETE', `content/${post.contentId}`);
    expect(del.body.data).toEqual({ id: post.contentId, deleted: true, kept_on_site: false });
    expect(wp.state.posts.find((p) => p.id === wpPostId)?.status).toBe('trash');
    expect(
      await t.db.selectFrom('site_posts').select('id').where('id', '=', post.sitePostId!).execute(),
    ).toEqual([]);

    const page = await generate({ siteId, keywordGroupId: groupId, contentType: 'page' });
    await api('DELETE', `content/${page.contentId}`);
    expect(wp.state.pages.find((p) => p.id === page.wpPageId)?.status).toBe('trash');
    expect((await api('DELETE', `content/${page.contentId}`)).status).toBe(404);

    // A page published in wp-admin since is live: deleting the piece leaves it up.
    const live = await generate({ siteId, keywordGroupId: groupId, contentType: 'page' });
    wp.state.pages.find((p) => p.id === live.wpPageId)!.status = 'publish';
    const kept = await api('DELETE', `content/${live.contentId}`);
    expect(kept.body.data).toEqual({ id: live.contentId, deleted: true, kept_on_site: true });
    expect(wp.state.pages.find((p) => p.id === live.wpPageId)?.status).toBe('publish');
  });

  it('follows its post: published, edited or deleted on the site, the piece says so', async () => {
    const { contentId, sitePostId } = await generate({ siteId, keywordGroupId: groupId });
    const before = await piece(contentId);
    const put = await api('PUT', `sites/${siteId}/posts/${sitePostId}`, {
      body: {
        title: 'Edited on the posts tab',
        content: '<p>Espresso grinder notes. Short and sweet.</p>',
        excerpt: 'From the posts tab',
        status: 'published',
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const after = await piece(contentId);
    expect(after).toMatchObject({
      title: 'Edited on the posts tab',
      content: '<p>Espresso grinder notes. Short and sweet.</p>',
      meta_description: 'From the posts tab',
      status: 'published',
      word_count: 6,
    });
    expect(after.published_at).not.toBeNull();
    expect(after.seo_score).not.toBe(before.seo_score);
    const listed = (await api('GET', `content?siteId=${siteId}&status=published`)).body.data.content;
    expect(listed.map((c: { id: number }) => c.id)).toContain(contentId);

    // Deleted on the site: back to draft, and Publish puts it up again.
    expect((await api('DELETE', `sites/${siteId}/posts/${sitePostId}`)).status).toBe(200);
    expect(await piece(contentId)).toMatchObject({ status: 'draft', site_post_id: null, published_at: null });
    const again = await api('POST', `content/${contentId}/publish`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const republished = await piece(contentId);
    expect(wp.state.posts.find((p) => p.id === republished.wp_post_id)).toMatchObject({
      status: 'publish',
      title: 'Edited on the posts tab',
    });
  });

  it('leaves a post pending review on WordPress alone', async () => {
    const { contentId, sitePostId } = await generate({ siteId, keywordGroupId: groupId });
    await t.db.updateTable('site_posts').set({ status: 'pending' }).where('id', '=', sitePostId!).execute();
    expect((await piece(contentId)).status).toBe('pending');
    const res = await api('PUT', `content/${contentId}`, {
      body: { title: 'New title', content: '<p>x</p>' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      "The site's post of this piece is pending on WordPress; edit it on the site's posts tab",
    );
  });

  it('keeps the piece when WordPress refuses the draft, and says why', async () => {
    const refusing = await startWordPressTestServer();
    try {
      const site = await api('POST', 'sites', {
        body: {
          site_title: 'Read Only',
          domain_name: 'read-only-site.com',
          wp_api_url: `${refusing.url}/wp-json`,
          wp_username: refusing.options.username,
          wp_app_password: refusing.options.password,
        },
      });
      expect(site.status, JSON.stringify(site.body)).toBe(200);
      // Its user loses the right to write posts after the site was added.
      refusing.options.canEditPosts = false;
      const result = await generate({ siteId: site.body.data.site.id, keywordGroupId: groupId });
      expect(result.sitePostId).toBeNull();
      expect(result.draftError).toContain('not allowed to create posts');
      expect(await piece(result.contentId)).toMatchObject({ status: 'draft', site_post_id: null });
    } finally {
      await refusing.close();
    }
  });

  it('answers the typed tRPC client the same', async () => {
    const client = await trpcClient(t.app, () => admin);
    const list = await client.content.list.query({ siteId, type: 'page', limit: 5 });
    expect(list.pagination.limit).toBe(5);
    expect(list.content.every((c) => c.type === 'page')).toBe(true);
    const { job } = await client.content.generate.mutate({
      siteId,
      keywordGroupId: groupId,
      contentType: 'post',
    });
    const done = await t.waitForJob(job.id, admin);
    const id = (done.result as { contentId: number }).contentId;
    const { content } = await client.content.get.query({ id });
    expect(content.type).toBe('post');
    await expect(client.content.publish.mutate({ id: 999_999 })).rejects.toThrow('Content not found');
    await expect(client.content.generate.mutate({ siteId: 0, keywordGroupId: groupId })).rejects.toThrow(
      'Please select a site',
    );
  });

  it('is not there for a signed-out caller', async () => {
    expect((await t.rest('GET', 'content')).status).toBe(401);
    expect(
      (await t.rest('POST', 'content/generate', { body: { siteId, keywordGroupId: groupId } })).status,
    ).toBe(401);
  });
});
