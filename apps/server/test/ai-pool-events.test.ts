/**
 * The pool learns from what editors do: reviewing ideas and editing, publishing or archiving posts
 * records implicit feedback, metrics and the outcome of the agent runs behind them; content examples
 * reach the generators; bulk actions answer per item; posts are assigned to a site and published on its
 * cadence through WordPress (the protocol test server).
 */
import { publishOnCadence } from '@blogfleet/api';
import {
  startWordPressTestServer,
  type WordPressTestServer,
} from '@blogfleet/integrations/wordpress/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, trpcClient, type RestOptions, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let admin: string;
let wp: WordPressTestServer;
let siteId: number;
let otherSiteId: number;

const api = (method: string, path: string, opts: RestOptions = {}) =>
  t.rest(method, path, { token: admin, ...opts });

beforeAll(async () => {
  wp = await startWordPressTestServer();
  t = await startTestApp({ JOB_WORKERS: 'true', JOB_POLL_INTERVAL_SECONDS: '0.5' });
  admin = (await t.login()).accessToken;
  const site = await api('POST', 'sites', {
    body: {
      site_title: 'Tea House',
      domain_name: 'tea-house.com',
      wp_api_url: `${wp.url}/wp-json`,
      wp_username: wp.options.username,
      wp_app_password: wp.options.password,
    },
  });
  expect(site.status, JSON.stringify(site.body)).toBe(200);
  siteId = site.body.data.site.id;
  const other = await api('POST', 'sites', { body: { site_title: 'Other', domain_name: 'other-tea.com' } });
  otherSiteId = other.body.data.site.id;
});
afterAll(async () => {
  await t?.close();
  await wp?.close();
});

async function done(jobId: string) {
  const job = await t.waitForJob(jobId, admin);
  expect(job.status, job.error).toBe('completed');
  return job.result as Record<string, unknown>;
}

async function ideas(keywords: string[], count: number) {
  const res = await api('POST', 'ai-content-pool/ideas/generate', {
    body: { website_id: siteId, keywords, count },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ((await done(res.body.data.job.id)) as { ideaIds: number[] }).ideaIds;
}

async function post(keywords: string[]) {
  const [id] = await ideas(keywords, 1);
  await api('PUT', `ai-content-pool/ideas/${id}/status`, { body: { status: 'approved' } });
  const res = await api('POST', `ai-content-pool/ideas/${id}/promote`);
  const { postId } = (await done(res.body.data.job.id)) as { postId: number };
  return (await api('GET', `ai-content-pool/posts/${postId}`)).body.data.post;
}

const metrics = async (query: Record<string, string> = {}) =>
  (await api('GET', 'ai-content-pool/metrics', { query })).body.data;
const average = (
  data: { averages: { metric_type: string; average: number | null; count: number }[] },
  type: string,
) => data.averages.find((a) => a.metric_type === type)!;
const decisionsOf = async (where: { ideaId?: number; postId?: number }, actionType: string) =>
  (
    await t.db
      .selectFrom('agent_decisions')
      .select(['id', 'outcome_score', 'output_data'])
      .where('action_type', '=', actionType as never)
      .$if(where.ideaId !== undefined, (q) => q.where('related_idea_id', '=', where.ideaId!))
      .$if(where.postId !== undefined, (q) => q.where('related_post_id', '=', where.postId!))
      .execute()
  ).map((d) => ({ ...d, outcome_score: d.outcome_score === null ? null : Number(d.outcome_score) }));

describe('reviewing ideas', () => {
  it('records implicit feedback, time to decide, the approval rate and the runs’ outcomes', async () => {
    const before = await metrics();
    const [a, b, c] = (await ideas(['green tea', 'matcha'], 3)) as [number, number, number];
    const approved = await api('PUT', `ai-content-pool/ideas/${a}/status`, { body: { status: 'approved' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await api('PUT', `ai-content-pool/ideas/${b}/status`, {
      body: { status: 'rejected', note: 'Too generic for this audience' },
    });

    const feedback = (await api('GET', 'ai-content-pool/feedback', { query: { limit: 10 } })).body.data
      .feedback;
    const onA = feedback.find((f: { idea_pool_id: number }) => f.idea_pool_id === a);
    const onB = feedback.find((f: { idea_pool_id: number }) => f.idea_pool_id === b);
    expect(onA).toMatchObject({ implicit: true, feedback_type: 'positive', category: 'relevance', score: 4 });
    expect(onA.feedback_text).toMatch(/^Editor approved the idea “/);
    expect(onB).toMatchObject({ implicit: true, feedback_type: 'negative', score: 2 });
    expect(onB.feedback_text).toMatch(/: Too generic for this audience$/);

    const after = await metrics();
    expect(average(after, 'time_to_approve').count).toBe(average(before, 'time_to_approve').count + 1);
    expect(average(after, 'time_to_reject').count).toBe(average(before, 'time_to_reject').count + 1);
    expect(average(after, 'time_to_approve').average).toBeGreaterThanOrEqual(0);
    // One approval and one rejection: the average of 100 and 0.
    expect(average(after, 'approval_rate')).toMatchObject({ average: 50, count: 2 });
    const single = after.metrics.find(
      (m: { metric_type: string; idea_pool_id: number }) =>
        m.metric_type === 'time_to_reject' && m.idea_pool_id === b,
    );
    expect(single).toBeTruthy();

    // The evaluator scores 5 when the editor did what it recommended, 0 otherwise.
    for (const [id, verdict] of [
      [a, 'approved'],
      [b, 'rejected'],
    ] as const) {
      const [evaluation] = await decisionsOf({ ideaId: id }, 'evaluate_idea');
      const recommended = (evaluation!.output_data as { recommendation: string }).recommendation;
      expect(evaluation!.outcome_score).toBe(recommended === verdict ? 5 : 0);
    }
    const [unreviewed] = await decisionsOf({ ideaId: c }, 'evaluate_idea');
    expect(unreviewed!.outcome_score).toBeNull();
    // The run that wrote the three: one of its two reviewed ideas kept.
    const idea = await t.db
      .selectFrom('ai_ideas')
      .select('decision_id')
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    const generation = await t.db
      .selectFrom('agent_decisions')
      .select(['outcome_score', 'action_type'])
      .where('id', '=', idea.decision_id!)
      .executeTakeFirstOrThrow();
    expect(generation).toMatchObject({ action_type: 'generate_idea' });
    expect(Number(generation.outcome_score)).toBe(2.5);
  });

  it('filters metrics by type and by day, and refuses an unknown type', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const one = await metrics({ metric_type: 'approval_rate', start_date: today, end_date: today });
    expect(one.averages.map((a: { metric_type: string }) => a.metric_type)).toEqual(['approval_rate']);
    expect(one.metrics.every((m: { metric_type: string }) => m.metric_type === 'approval_rate')).toBe(true);
    expect(one.daily).toEqual([{ day: today, metric_type: 'approval_rate', average: expect.any(Number) }]);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const none = await metrics({ end_date: yesterday });
    expect(none.metrics).toEqual([]);
    expect(
      none.averages.every((a: { count: number; average: null }) => a.count === 0 && a.average === null),
    ).toBe(true);
    const bad = await api('GET', 'ai-content-pool/metrics', { query: { metric_type: 'clicks' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('editing, publishing and archiving posts', () => {
  it('measures the edit, says what changed and scores the generator by what it kept', async () => {
    const p = await post(['oolong tea']);
    const opened = new Date(Date.now() - 90_000).toISOString();
    const kept = `${p.content}<p>An extra paragraph the editor wrote about brewing oolong at 90 degrees.</p>`;
    const saved = await api('PUT', `ai-content-pool/posts/${p.id}`, {
      body: {
        ...p,
        title: 'Oolong, brewed right',
        content: kept,
        tags: 'oolong, brewing',
        editing_since: opened,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const edit = (await metrics({ metric_type: 'human_edit_time' })).metrics.find(
      (m: { post_pool_id: number }) => m.post_pool_id === p.id,
    );
    expect(edit.value).toBeGreaterThanOrEqual(90);
    expect(edit.value).toBeLessThan(600);
    const fb = (await api('GET', 'ai-content-pool/feedback', { query: { post_pool_id: p.id } })).body.data
      .feedback;
    expect(fb).toHaveLength(1);
    expect(fb[0]).toMatchObject({ implicit: true, content_segment: 'full', idea_pool_id: p.idea_id });
    expect(fb[0].feedback_text).toContain('title “');
    expect(fb[0].feedback_text).toContain('→ “Oolong, brewed right”');
    expect(fb[0].feedback_text).toMatch(/content \d+ → \d+ words, \d+% kept/);
    expect(fb[0].feedback_text).toContain('tags added: oolong, brewing');
    const [run] = await decisionsOf({ postId: p.id }, 'generate_post');
    expect(run!.outcome_score).toBeGreaterThan(3);
    expect(run!.outcome_score).toBeLessThan(5);

    // Saved again without changes: no feedback, and no edit time or SEO score measured.
    const measured = async () =>
      (await metrics({ limit: '500' })).metrics.filter(
        (m: { post_pool_id: number }) => m.post_pool_id === p.id,
      ).length;
    const before = await measured();
    await api('PUT', `ai-content-pool/posts/${(saved.body.data.post as { id: number }).id}`, {
      body: { ...saved.body.data.post, editing_since: new Date(Date.now() - 30_000).toISOString() },
    });
    expect(
      (await api('GET', 'ai-content-pool/feedback', { query: { post_pool_id: p.id } })).body.data.feedback,
    ).toHaveLength(1);
    expect(await measured()).toBe(before);

    const published = await api('PUT', `ai-content-pool/posts/${p.id}/status`, {
      body: { status: 'published' },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const publishTime = (await metrics({ metric_type: 'publish_time' })).metrics.find(
      (m: { post_pool_id: number }) => m.post_pool_id === p.id,
    );
    expect(publishTime.value).toBeGreaterThanOrEqual(0);
    const all = (await api('GET', 'ai-content-pool/feedback', { query: { post_pool_id: p.id } })).body.data
      .feedback;
    expect(all[0]).toMatchObject({ feedback_type: 'positive', implicit: true });
    expect(average(await metrics({ metric_type: 'seo_score' }), 'seo_score').count).toBeGreaterThan(0);
  });

  it('counts a post archived unpublished against its generator', async () => {
    const p = await post(['white tea']);
    await api('PUT', `ai-content-pool/posts/${p.id}/status`, { body: { status: 'archived' } });
    const [run] = await decisionsOf({ postId: p.id }, 'generate_post');
    expect(run!.outcome_score).toBe(0);
    const fb = (await api('GET', 'ai-content-pool/feedback', { query: { post_pool_id: p.id } })).body.data
      .feedback;
    expect(fb[0]).toMatchObject({ feedback_type: 'negative', implicit: true });
    expect(fb[0].feedback_text).toMatch(/without publishing it$/);
  });

  it('does not record hand-written feedback as implicit', async () => {
    const res = await api('POST', 'ai-content-pool/feedback', {
      body: { feedback_text: 'Shorter intros, please' },
    });
    expect(res.body.data.feedback.implicit).toBe(false);
  });
});

describe('content examples', () => {
  it('adds, searches, edits and archives; only active ones reach the generators', async () => {
    const created = await api('POST', 'ai-content-pool/examples', {
      body: {
        title: 'How to brew jasmine tea',
        content: '<p>Jasmine tea wants water at 80 degrees.</p>',
        metadata: { seo_title: 'Brew jasmine tea', target_keywords: 'jasmine tea, brewing', tone: 'warm' },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const example = created.body.data.example;
    expect(example).toMatchObject({
      status: 'active',
      metadata: {
        seo_title: 'Brew jasmine tea',
        target_keywords: ['jasmine tea', 'brewing'],
        tone: 'warm',
        audience: '',
        genre: '',
        meta_description: '',
      },
    });
    const missing = await api('POST', 'ai-content-pool/examples', { body: { title: ' ', content: '' } });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body.error)).toContain('Title is required');

    const found = await api('GET', 'ai-content-pool/examples', { query: { search: 'JASMINE' } });
    expect(found.body.data.examples.map((e: { id: number }) => e.id)).toEqual([example.id]);
    expect(found.body.data.pagination).toMatchObject({ total: 1, page: 1 });

    const edited = await api('PUT', `ai-content-pool/examples/${example.id}`, {
      body: { title: 'Brewing jasmine tea', metadata: { ...example.metadata, audience: 'beginners' } },
    });
    expect(edited.body.data.example).toMatchObject({
      title: 'Brewing jasmine tea',
      status: 'active',
      metadata: { audience: 'beginners' },
    });

    // A generator writing about jasmine tea is shown the example.
    const [ideaId] = await ideas(['jasmine tea'], 1);
    const [run] = await t.db
      .selectFrom('agent_decisions')
      .select('input_data')
      .where('action_type', '=', 'generate_idea')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(ideaId).toBeGreaterThan(0);
    expect((run!.input_data as { example_ids: number[] }).example_ids).toContain(example.id);

    const archived = await api('PUT', `ai-content-pool/examples/${example.id}`, {
      body: { status: 'archived' },
    });
    expect(archived.body.data.example.status).toBe('archived');
    await ideas(['jasmine tea'], 1);
    const [next] = await t.db
      .selectFrom('agent_decisions')
      .select('input_data')
      .where('action_type', '=', 'generate_idea')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect((next!.input_data as { example_ids: number[] }).example_ids).not.toContain(example.id);
    const active = await api('GET', 'ai-content-pool/examples', {
      query: { status: 'active', search: 'jasmine' },
    });
    expect(active.body.data.examples).toEqual([]);
    expect((await api('GET', 'ai-content-pool/examples/999999')).status).toBe(404);
  });
});

describe('bulk actions', () => {
  it('approves, rejects and promotes several ideas, each answered on its own', async () => {
    const [a, b, c] = (await ideas(['puerh', 'tea cakes'], 3)) as [number, number, number];
    const approve = await api('POST', 'ai-content-pool/ideas/bulk-status', {
      body: { ids: [a, b, 999_999], status: 'approved' },
    });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    expect(approve.body.data.results).toEqual([
      { id: a, ok: true },
      { id: b, ok: true },
      { id: 999_999, ok: false, error: 'Idea not found' },
    ]);
    const reject = await (
      await trpcClient(t.app, () => admin)
    ).aiPool.ideas.bulkStatus.mutate({ ids: [c, a], status: 'rejected' });
    expect(reject.results[0]).toEqual({ id: c, ok: true });
    expect(reject.results[1]).toMatchObject({ id: a, ok: false });
    expect(reject.results[1]!.error).toMatch(/^An idea that is approved cannot become rejected/);

    const promote = await api('POST', 'ai-content-pool/ideas/bulk-promote', { body: { ids: [a, b, c] } });
    const results = promote.body.data.results as { id: number; ok: boolean; job_id: string | null }[];
    expect(results.map((r) => r.ok)).toEqual([true, true, false]);
    for (const r of results.filter((x) => x.ok)) await done(r.job_id!);
    const statuses = await t.db
      .selectFrom('ai_ideas')
      .select(['id', 'status'])
      .where('id', 'in', [a, b, c])
      .execute();
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [a]: 'promoted',
      [b]: 'promoted',
      [c]: 'rejected',
    });
    const empty = await api('POST', 'ai-content-pool/ideas/bulk-status', {
      body: { ids: [], status: 'approved' },
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body.error)).toContain('Select at least one item');
  });

  it('publishes and archives several posts; one without a site says why', async () => {
    const p1 = await post(['rooibos']);
    const p2 = await post(['chai']);
    await t.db.updateTable('ai_posts').set({ website_id: null }).where('id', '=', p2.id).execute();
    const res = await api('POST', 'ai-content-pool/posts/bulk-status', {
      body: { ids: [p1.id, p2.id], status: 'published' },
    });
    expect(res.body.data.results).toEqual([
      { id: p1.id, ok: true },
      { id: p2.id, ok: false, error: 'Assign the post to a site first' },
    ]);
    expect(wp.state.posts.some((w) => w.title === p1.title && w.status === 'publish')).toBe(true);
    const archive = await api('POST', 'ai-content-pool/posts/bulk-status', {
      body: { ids: [p1.id, p2.id], status: 'archived' },
    });
    expect(archive.body.data.results.every((r: { ok: boolean }) => r.ok)).toBe(true);
  });
});

describe('assigning to a site and the publishing cadence', () => {
  it('assigns from the site’s content-pool tab and publishes one post per turn, oldest assignment first', async () => {
    const keywords = [];
    for (const keyword of ['earl grey', 'earl grey caffeine']) {
      const k = await api('POST', 'keywords', { body: { keyword, targetWebsite: 'tea-house.com' } });
      keywords.push(k.body.data.keyword.id);
    }
    const group = await api('POST', 'keyword-groups', {
      body: { name: 'Earl grey', primary_keyword_id: keywords[0], secondary_keyword_ids: keywords.slice(1) },
    });
    const groupId = group.body.data.group.id;
    const first = await post(['earl grey']);
    const second = await post(['earl grey caffeine']);
    const unrelated = await post(['sencha']);
    expect(first.keyword_group_id).toBe(groupId);
    expect(unrelated.keyword_group_id).toBeNull();
    const inGroup = await api('GET', 'ai-content-pool/posts', { query: { group_id: groupId, limit: 50 } });
    expect(inGroup.body.data.posts.map((p: { id: number }) => p.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );

    const archived = await post(['hojicha']);
    await api('PUT', `ai-content-pool/posts/${archived.id}/status`, { body: { status: 'archived' } });
    // A draft waits to be read: only ready posts join a site's queue.
    const drafts = await api('POST', `sites/${otherSiteId}/posts/assign`, { body: { postIds: [second.id] } });
    expect(drafts.body.data).toEqual({
      assigned: 0,
      results: [{ id: second.id, ok: false, error: 'Mark the post ready first' }],
    });
    const ready = await api('POST', 'ai-content-pool/posts/bulk-status', {
      body: { ids: [second.id, first.id], status: 'ready' },
    });
    expect(ready.body.data.results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    const assign = await api('POST', `sites/${otherSiteId}/posts/assign`, {
      body: { postIds: [second.id, first.id, archived.id] },
    });
    expect(assign.status, JSON.stringify(assign.body)).toBe(200);
    expect(assign.body.data).toEqual({
      assigned: 2,
      results: [
        { id: second.id, ok: true },
        { id: first.id, ok: true },
        { id: archived.id, ok: false, error: 'The post is archived' },
      ],
    });
    // An active site whose WordPress is not connected: its turn fails, and the site's view says why.
    await api('PUT', `sites/${otherSiteId}/publishing-cadence`, { body: { posts_per_week: 1 } });
    const inactive = (await api('GET', `sites/${otherSiteId}/publishing-cadence`)).body.data;
    expect(inactive).toMatchObject({ site_active: false, next_publish_at: null, queued: 2 });
    await t.db.updateTable('sites').set({ status: 'active' }).where('id', '=', otherSiteId).execute();
    const failedTurn = await publishOnCadence(
      { ...t.deps, req: { ip: 'test', userAgent: null, accessToken: null }, user: null },
      new Date(),
    );
    expect(failedTurn.failed).toEqual([
      { siteId: otherSiteId, postId: second.id, reason: expect.stringContaining('WordPress') },
    ]);
    const otherCadence = (await api('GET', `sites/${otherSiteId}/publishing-cadence`)).body.data;
    expect(otherCadence.last_error).toContain('WordPress');
    expect(
      await (async () => (await api('GET', `ai-content-pool/posts/${second.id}`)).body.data.post.status)(),
    ).toBe('assigned');
    const off = await api('PUT', `sites/${otherSiteId}/publishing-cadence`, { body: { posts_per_week: '' } });
    expect(off.status).toBe(400);
    await api('PUT', `sites/${otherSiteId}/publishing-cadence`, { body: { posts_per_week: 0 } });
    await t.db.updateTable('sites').set({ status: 'setup' }).where('id', '=', otherSiteId).execute();
    // Moved to the site with the WordPress connection, in the other order: second stays first in line.
    await api('POST', `sites/${siteId}/posts/assign`, { body: { postIds: [second.id] } });
    await api('POST', `sites/${siteId}/posts/assign`, { body: { postIds: [first.id] } });
    const offered = await api('GET', 'ai-content-pool/posts', {
      query: { assignable_to: siteId, limit: 50 },
    });
    const offeredIds = offered.body.data.posts.map((p: { id: number }) => p.id);
    expect(offeredIds).toEqual(expect.arrayContaining([first.id, second.id, unrelated.id]));
    expect(offeredIds).not.toContain(archived.id);
    const elsewhere = await api('GET', 'ai-content-pool/posts', {
      query: { assignable_to: otherSiteId, limit: 50 },
    });
    expect(elsewhere.body.data.posts.map((p: { id: number }) => p.id)).not.toContain(first.id);

    const notYet = await api('GET', `sites/${siteId}/publishing-cadence`);
    expect(notYet.body.data).toMatchObject({
      posts_per_week: 0,
      queued: 2,
      next_publish_at: null,
      last_error: null,
    });
    const bad = await api('PUT', `sites/${siteId}/publishing-cadence`, { body: { posts_per_week: 51 } });
    expect(bad.status).toBe(400);
    const set = await (
      await trpcClient(t.app, () => admin)
    ).sitePool.setCadence.mutate({ id: siteId, posts_per_week: 7 });
    expect(set).toMatchObject({ posts_per_week: 7, queued: 2 });

    const ctx = { ...t.deps, req: { ip: 'test', userAgent: null, accessToken: null }, user: null };
    const now = new Date();
    const turn = await publishOnCadence(ctx, now);
    expect(turn).toMatchObject({ published: 1, failed: [] });
    const status = async (id: number) =>
      (await api('GET', `ai-content-pool/posts/${id}`)).body.data.post.status;
    expect(await status(second.id)).toBe('published');
    expect(await status(first.id)).toBe('assigned');
    // Nobody acted: the cadence's publication is measured, but it is no editor's feedback.
    const cadenceFeedback = (
      await api('GET', 'ai-content-pool/feedback', { query: { post_pool_id: second.id } })
    ).body.data.feedback.filter((f: { feedback_text: string }) =>
      f.feedback_text.startsWith('Editor published'),
    );
    expect(cadenceFeedback).toEqual([]);
    // A published post stays published.
    const back = await api('PUT', `ai-content-pool/posts/${second.id}/status`, { body: { status: 'draft' } });
    expect(back.status).toBe(400);
    expect(back.body.error.message).toBe(
      'A published post stays published; archive it to take it out of the pool',
    );
    expect(wp.state.posts.some((w) => w.title === second.title && w.status === 'publish')).toBe(true);
    // A day is a seventh of a week: not before it has passed.
    expect((await publishOnCadence(ctx, new Date(now.getTime() + 3_600_000))).published).toBe(0);
    const cadence = (await api('GET', `sites/${siteId}/publishing-cadence`)).body.data;
    expect(cadence).toMatchObject({ queued: 1, last_published_at: now.toISOString() });
    expect(new Date(cadence.next_publish_at).getTime()).toBe(now.getTime() + 86_400_000);
    expect((await publishOnCadence(ctx, new Date(now.getTime() + 86_400_000))).published).toBe(1);
    expect(await status(first.id)).toBe('published');
    expect((await publishOnCadence(ctx, new Date(now.getTime() + 3 * 86_400_000))).published).toBe(0);
    // The site's tab keeps what it published; another site's does not offer it.
    const tab = await api('GET', 'ai-content-pool/posts', { query: { assignable_to: siteId, limit: 50 } });
    expect(tab.body.data.posts.map((p: { id: number }) => p.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    const other = await api('GET', 'ai-content-pool/posts', {
      query: { assignable_to: otherSiteId, limit: 50 },
    });
    expect(other.body.data.posts.map((p: { id: number }) => p.id)).not.toContain(second.id);
    expect((await api('POST', 'sites/999999/posts/assign', { body: { postIds: [first.id] } })).status).toBe(
      404,
    );
  });
});

describe('publishing once', () => {
  it('publishes a post once when two publishers ask at the same time', async () => {
    const p = await post(['genmaicha']);
    const [a, b] = await Promise.all([
      api('PUT', `ai-content-pool/posts/${p.id}/status`, { body: { status: 'published' } }),
      api('PUT', `ai-content-pool/posts/${p.id}/status`, { body: { status: 'published' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const refused = a.status === 400 ? a : b;
    expect(refused.body.error.message).toMatch(
      /^(The post is being published or was changed meanwhile|This post is already published)/,
    );
    expect(wp.state.posts.filter((w) => w.title === p.title)).toHaveLength(1);
  });

  it('offers the posts a deleted site left behind to another site', async () => {
    const gone = await api('POST', 'sites', { body: { site_title: 'Gone', domain_name: 'gone-tea.com' } });
    const goneId = gone.body.data.site.id;
    const p = await post(['kukicha']);
    await api('PUT', `ai-content-pool/posts/${p.id}/status`, { body: { status: 'ready' } });
    await api('POST', `sites/${goneId}/posts/assign`, { body: { postIds: [p.id] } });
    const deleted = await api('DELETE', `sites/${goneId}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const offered = await api('GET', 'ai-content-pool/posts', {
      query: { assignable_to: siteId, limit: 100 },
    });
    expect(offered.body.data.posts.map((x: { id: number }) => x.id)).toContain(p.id);
    const moved = await api('POST', `sites/${siteId}/posts/assign`, { body: { postIds: [p.id] } });
    expect(moved.body.data.results).toEqual([{ id: p.id, ok: true }]);
  });
});
