/**
 * The AI content pool's agents and ideas through REST and tRPC: agents with checked templates, ideas
 * written and scored by agents (offline, and through the chat-completions test server), reviewed
 * through doc2 §4's transitions, rewritten, and one decision per agent run.
 */
import {
  startChatCompletionsTestServer,
  type ChatCompletionsTestServer,
} from '@blogfleet/integrations/ai/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, trpcClient, type RestOptions, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let admin: string;
let ai: ChatCompletionsTestServer;
let siteId: number;

const api = (method: string, path: string, opts: RestOptions = {}) =>
  t.rest(method, path, { token: admin, ...opts });

beforeAll(async () => {
  ai = await startChatCompletionsTestServer();
  t = await startTestApp({ JOB_WORKERS: 'true', JOB_POLL_INTERVAL_SECONDS: '0.5' });
  admin = (await t.login()).accessToken;
  const site = await t.db
    .insertInto('sites')
    .values({ site_title: 'Kahve Rehberi', domain_name: 'kahve-rehberi.com', targeted_language: 'tr' })
    .returning('id')
    .executeTakeFirstOrThrow();
  siteId = site.id;
});
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

type Idea = {
  id: number;
  idea_text: string;
  status: string;
  quality_score: number | null;
  seo_score: number | null;
  relevance_score: number | null;
  source_keywords: string[];
  recommendation: string | null;
};

async function generate(body: Record<string, unknown>) {
  const res = await api('POST', 'ai-content-pool/ideas/generate', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.job).toMatchObject({ kind: 'ai.generate-ideas' });
  const job = await t.waitForJob(res.body.data.job.id, admin);
  expect(job.status, job.error).toBe('completed');
  const { ideaIds } = job.result as { ideaIds: number[] };
  const ideas: Idea[] = [];
  for (const id of ideaIds) ideas.push((await api('GET', `ai-content-pool/ideas/${id}`)).body.data.idea);
  return ideas;
}

const decisionCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('agent_decisions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('agents', () => {
  it('lists the seven reference agents, each template valid for its action type', async () => {
    const res = await api('GET', 'ai-content-pool/agents');
    expect(res.status).toBe(200);
    const agents = res.body.data.agents as { id: number; action_type: string; prompt_template: string }[];
    expect(agents.slice(0, 7).map((a) => a.action_type)).toEqual([
      'generate_idea',
      'evaluate_idea',
      'rewrite_idea',
      'generate_post',
      'rewrite_post',
      'synthesize_policy',
      'analyze_performance',
    ]);
    // Saved back unchanged: every seeded template passes the check.
    for (const a of agents.slice(0, 7)) {
      const { id, created_at: _c, updated_at: _u, ...body } = a as Record<string, unknown>;
      const put = await api('PUT', `ai-content-pool/agents/${id}`, { body });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
    }
  });

  it('creates a new agent only with a template its action type can fill', async () => {
    const unknown = await api('POST', 'ai-content-pool/agents', {
      body: {
        name: 'Headline idea agent',
        action_type: 'generate_idea',
        prompt_template: 'Ideas about {keywords} for {audience}.',
      },
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.error)).toContain('Unknown variables {audience}');
    const missing = await api('POST', 'ai-content-pool/agents', {
      body: {
        name: 'Headline idea agent',
        action_type: 'generate_idea',
        prompt_template: 'Ideas for {website}.',
      },
    });
    expect(JSON.stringify(missing.body.error)).toContain('The template must use {keywords}');
    const noType = await api('POST', 'ai-content-pool/agents', {
      body: { name: 'No type', prompt_template: 'x' },
    });
    expect(JSON.stringify(noType.body.error)).toContain('Choose the action type the agent serves');

    const ok = await api('POST', 'ai-content-pool/agents', {
      body: {
        name: 'Headline idea agent',
        action_type: 'generate_idea',
        prompt_template:
          'Write {count} headline ideas in {language} about {keywords}. Return JSON {"ideas": []}.',
        is_active: false,
      },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.agent).toMatchObject({ id: expect.any(Number), trigger: 'manual', is_active: false });
    // Inactive: never run.
    const refused = await api('POST', 'ai-content-pool/ideas/generate', {
      body: { website_id: siteId, agent_id: ok.body.data.agent.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Headline idea agent is inactive; activate it first');
    const wrongKind = await api('POST', 'ai-content-pool/ideas/generate', {
      body: { website_id: siteId, agent_id: 2 },
    });
    expect(wrongKind.body.error.message).toBe('Idea Evaluation Agent does not generate ideas');
    const dup = await api('POST', 'ai-content-pool/agents', {
      body: { ...ok.body.data.agent, id: undefined },
    });
    expect(dup.status).toBe(409);
  });

  it('lets only an admin choose the model an agent runs on (it runs on the admin’s key)', async () => {
    const user = await t.createUser({ role: 'user' });
    const token = (await t.login(user.email, user.password)).accessToken;
    const agent = (await api('GET', 'ai-content-pool/agents/3')).body.data.agent;
    const { id, created_at: _c, updated_at: _u, ...body } = agent;
    const asUser = await t.rest('PUT', `ai-content-pool/agents/${id}`, {
      token,
      body: { ...body, model: 'gpt-expensive' },
    });
    expect(asUser.status).toBe(403);
    expect(asUser.body.error.message).toBe("Only an admin can choose an agent's model");
    // The rest of the agent a user may save.
    const edit = await t.rest('PUT', `ai-content-pool/agents/${id}`, {
      token,
      body: { ...body, description: 'Rewrites ideas after review' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const asAdmin = await api('PUT', `ai-content-pool/agents/${id}`, {
      body: { ...body, model: 'gpt-mini' },
    });
    expect(asAdmin.body.data.agent.model).toBe('gpt-mini');
    // Saved again by the user without a model: the admin's choice stays.
    const { model: _m, ...withoutModel } = body;
    const kept = await t.rest('PUT', `ai-content-pool/agents/${id}`, { token, body: withoutModel });
    expect(kept.body.data.agent.model).toBe('gpt-mini');
    await api('PUT', `ai-content-pool/agents/${id}`, { body: { ...body, model: null } });
  });
});

describe('ideas', () => {
  it('writes ideas offline in Turkish, scores each, and leaves one decision per agent run', async () => {
    const before = await decisionCount();
    const ideas = await generate({
      website_id: siteId,
      keywords: 'filtre kahve, french press ,, ',
      count: 3,
      language: 'tr',
    });
    expect(ideas).toHaveLength(3);
    for (const idea of ideas) {
      expect(idea.status).toBe('pending_review');
      for (const score of [idea.quality_score, idea.seo_score, idea.relevance_score]) {
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(5);
      }
      expect(idea.source_keywords.length).toBeGreaterThan(0);
    }
    expect(
      ideas.some((i) => i.source_keywords.some((k) => ['filtre kahve', 'french press'].includes(k))),
    ).toBe(true);
    // One generation run and one evaluation per idea.
    expect((await decisionCount()) - before).toBe(4);
    const decisions = (await api('GET', 'ai-content-pool/decisions?limit=4')).body.data.decisions as {
      action_type: string;
      model: string;
      related_idea_id: number | null;
      input_data: { prompt: string; language: string };
    }[];
    expect(decisions.map((d) => d.action_type).sort()).toEqual([
      'evaluate_idea',
      'evaluate_idea',
      'evaluate_idea',
      'generate_idea',
    ]);
    expect(decisions.every((d) => d.model === 'offline')).toBe(true);
    const generation = decisions.find((d) => d.action_type === 'generate_idea')!;
    expect(generation.input_data.prompt).toContain('filtre kahve, french press');
    expect(generation.input_data.prompt).toContain('Turkish');
    expect(generation.input_data.prompt).not.toMatch(/\{keywords\}|\{policies\}/);
    const evaluations = decisions
      .filter((d) => d.action_type === 'evaluate_idea')
      .map((d) => d.related_idea_id);
    expect(evaluations.sort()).toEqual(ideas.map((i) => i.id).sort());
    const byAgent = await api(
      'GET',
      'ai-content-pool/decisions?agent_id=2&action_type=evaluate_idea&limit=50',
    );
    expect(byAgent.body.data.decisions.every((d: { agent_id: number }) => d.agent_id === 2)).toBe(true);
  });

  it('uses technology, AI, automation when no keywords are given', async () => {
    const ideas = await generate({ website_id: siteId, keywords: [], count: 2 });
    const all = ideas.flatMap((i) => i.source_keywords).map((k) => k.toLowerCase());
    expect(all.some((k) => ['technology', 'ai', 'automation'].some((d) => k.includes(d)))).toBe(true);
  });

  it('runs through the configured model: scripted answers, an invalid one repaired, a 429 retried', async () => {
    await api('PUT', 'settings/integrations/ai', {
      body: { baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: 'gpt-test' },
    });
    try {
      const evaluationOf = (q: number) =>
        JSON.stringify({
          quality_score: q,
          seo_score: 4,
          relevance_score: 3.5,
          recommendation: 'approved',
          reason: 'Clear search intent.',
        });
      ai.enqueue(
        {
          content: JSON.stringify({
            ideas: [
              { idea_text: 'Filtre kahve oranı: 1:15 mi 1:17 mi?', source_keywords: ['filtre kahve'] },
              { idea_text: 'French press temizliği için 5 adım', source_keywords: ['french press'] },
            ],
          }),
          usage: { prompt_tokens: 120, completion_tokens: 40 },
        },
        { content: 'this is not JSON' },
        { content: evaluationOf(4.5) },
        { status: 429, headers: { 'retry-after': '0' }, error: { message: 'Rate limit reached' } },
        { content: evaluationOf(2.25) },
      );
      const before = await decisionCount();
      const ideas = await generate({
        website_id: siteId,
        keywords: ['filtre kahve', 'french press'],
        count: 2,
      });
      expect(ideas.map((i) => [i.idea_text, i.quality_score, i.source_keywords])).toEqual([
        ['Filtre kahve oranı: 1:15 mi 1:17 mi?', 4.5, ['filtre kahve']],
        ['French press temizliği için 5 adım', 2.25, ['french press']],
      ]);
      expect(ideas[0]).toMatchObject({ seo_score: 4, relevance_score: 3.5, recommendation: 'approved' });
      // Three runs, three decisions (the repair and the retry are inside a run).
      expect((await decisionCount()) - before).toBe(3);
      const [latest] = (await api('GET', 'ai-content-pool/decisions?limit=3&action_type=generate_idea')).body
        .data.decisions;
      expect(latest).toMatchObject({
        model: 'gpt-test',
        prompt_tokens: 120,
        completion_tokens: 40,
        error: null,
      });
      expect(latest.latency_ms).toBeGreaterThanOrEqual(0);
    } finally {
      await api('DELETE', 'settings/integrations/ai');
    }
  });

  it('reports a failed run as a decision with its error, and the job says why', async () => {
    await api('PUT', 'settings/integrations/ai', {
      body: { baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: 'gpt-test' },
    });
    try {
      ai.setResponder(() => ({ status: 401, error: { message: 'Incorrect API key provided' } }));
      const before = await decisionCount();
      const res = await api('POST', 'ai-content-pool/ideas/generate', { body: { website_id: siteId } });
      const job = await t.waitForJob(res.body.data.job.id, admin);
      expect(job.status).toBe('failed');
      expect(job.error).toContain('API key');
      const after = await decisionCount();
      expect(after - before).toBeGreaterThanOrEqual(1);
      const [failed] = (await api('GET', 'ai-content-pool/decisions?limit=1')).body.data.decisions;
      expect(failed).toMatchObject({ action_type: 'generate_idea', output_data: null, model: 'gpt-test' });
      expect(failed.input_data.prompt).toContain('technology');
      expect(failed.error).toContain('API key');
    } finally {
      ai.setResponder(() => ({ status: 500 }));
      await api('DELETE', 'settings/integrations/ai');
    }
  });

  it('reports a model that does not answer in time, each attempt as its own decision', async () => {
    await api('PUT', 'settings/integrations/ai', {
      body: { baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: 'gpt-slow', timeoutSeconds: 1 },
    });
    try {
      ai.setResponder(() => ({ delayMs: 2_500, content: '{"ideas":[]}' }));
      const before = await decisionCount();
      const res = await api('POST', 'ai-content-pool/ideas/generate', { body: { website_id: siteId } });
      const job = await t.waitForJob(res.body.data.job.id, admin);
      expect(job.status).toBe('failed');
      expect(job.error).toContain('did not answer within 1000 ms');
      // The job tries twice (its retry), and each try is one run.
      expect((await decisionCount()) - before).toBe(2);
      const [failed] = (await api('GET', 'ai-content-pool/decisions?limit=1')).body.data.decisions;
      expect(failed).toMatchObject({ action_type: 'generate_idea', output_data: null, model: 'gpt-slow' });
      expect(failed.error).toContain('did not answer within 1000 ms');
      expect(failed.latency_ms).toBeGreaterThanOrEqual(1_000);
    } finally {
      ai.setResponder(() => ({ status: 500 }));
      await api('DELETE', 'settings/integrations/ai');
    }
  }, 90_000);

  it('lists ideas with filters and pagination (hasNext, hasPrev)', async () => {
    const all = await api('GET', `ai-content-pool/ideas?website_id=${siteId}&limit=2`);
    expect(all.status).toBe(200);
    expect(all.body.data.ideas).toHaveLength(2);
    expect(all.body.data.pagination).toMatchObject({ page: 1, limit: 2, hasNext: true, hasPrev: false });
    const second = await api('GET', `ai-content-pool/ideas?website_id=${siteId}&limit=2&page=2`);
    expect(second.body.data.pagination).toMatchObject({ page: 2, hasPrev: true });
    const byKeyword = await api('GET', 'ai-content-pool/ideas?keyword=French%20Press');
    expect(byKeyword.body.data.ideas.length).toBeGreaterThan(0);
    expect(byKeyword.body.data.ideas.every((i: Idea) => i.source_keywords.includes('french press'))).toBe(
      true,
    );
    const found = await api('GET', `ai-content-pool/ideas?search=${encodeURIComponent('temizliği')}`);
    expect(found.body.data.ideas.map((i: Idea) => i.idea_text)).toEqual([
      'French press temizliği için 5 adım',
    ]);
    expect((await api('GET', 'ai-content-pool/ideas?status=promoted')).body.data.ideas).toEqual([]);
    expect((await api('GET', 'ai-content-pool/ideas?status=done')).status).toBe(400);
  });

  it('reviews ideas through the allowed moves and refuses the others with the reason', async () => {
    const [a, b] = await generate({ website_id: siteId, keywords: ['moka pot'], count: 2 });
    const approve = await api('PUT', `ai-content-pool/ideas/${a!.id}/status`, {
      body: { status: 'approved' },
    });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    expect(approve.body.data).toMatchObject({ idea: { status: 'approved' }, job: null });
    expect(approve.body.data.idea.reviewed_at).not.toBeNull();
    const back = await api('PUT', `ai-content-pool/ideas/${a!.id}/status`, {
      body: { status: 'pending_review' },
    });
    expect(back.status).toBe(400);
    expect(back.body.error.message).toBe(
      'An idea that is approved cannot become pending review: an approved idea moves on by being promoted to a post',
    );
    const promote = await api('PUT', `ai-content-pool/ideas/${a!.id}/status`, {
      body: { status: 'promoted' },
    });
    expect(promote.status).toBe(400);

    // Needs a rewrite: the rewriter takes the note, the evaluator scores again, back in review.
    const before = await decisionCount();
    const rewrite = await api('PUT', `ai-content-pool/ideas/${b!.id}/status`, {
      body: { status: 'needs_rewrite', note: 'Make it about stovetop safety' },
    });
    expect(rewrite.status, JSON.stringify(rewrite.body)).toBe(200);
    expect(rewrite.body.data.idea.status).toBe('needs_rewrite');
    const job = await t.waitForJob(rewrite.body.data.job.id, admin);
    expect(job.status, job.error).toBe('completed');
    const after = (await api('GET', `ai-content-pool/ideas/${b!.id}`)).body.data.idea as Idea;
    expect(after.status).toBe('pending_review');
    expect(after.quality_score).not.toBeNull();
    expect((await decisionCount()) - before).toBe(2);
    const [evaluated, rewritten] = (await api('GET', 'ai-content-pool/decisions?limit=2')).body.data
      .decisions;
    expect(rewritten).toMatchObject({ action_type: 'rewrite_idea', related_idea_id: b!.id });
    expect(rewritten.input_data.values.feedback).toBe('Make it about stovetop safety');
    expect(evaluated).toMatchObject({ action_type: 'evaluate_idea', related_idea_id: b!.id });

    // Without an active rewriter nothing waits for one; by hand a waiting idea goes back to review.
    await t.db
      .updateTable('agents')
      .set({ is_active: false })
      .where('action_type', '=', 'rewrite_idea')
      .execute();
    const noRewriter = await api('PUT', `ai-content-pool/ideas/${b!.id}/status`, {
      body: { status: 'needs_rewrite' },
    });
    expect(noRewriter.status).toBe(400);
    expect(noRewriter.body.error.message).toBe(
      "No active agent rewrites ideas; activate one in the content pool's Agents tab",
    );
    await t.db.updateTable('ai_ideas').set({ status: 'needs_rewrite' }).where('id', '=', b!.id).execute();
    const unstuck = await api('PUT', `ai-content-pool/ideas/${b!.id}/status`, {
      body: { status: 'pending_review' },
    });
    expect(unstuck.body.data.idea.status).toBe('pending_review');
    await t.db
      .updateTable('agents')
      .set({ is_active: true })
      .where('action_type', '=', 'rewrite_idea')
      .execute();

    const reject = await api('PUT', `ai-content-pool/ideas/${b!.id}/status`, {
      body: { status: 'rejected' },
    });
    expect(reject.body.data.idea.status).toBe('rejected');
    expect(
      (await api('PUT', `ai-content-pool/ideas/999999/status`, { body: { status: 'approved' } })).status,
    ).toBe(404);
  });

  it('gives the agents the active policies: a new one changes what the next run is asked', async () => {
    await t.db
      .insertInto('policies')
      .values({
        trait: 'Concrete numbers',
        guiding_principle: 'Put a number in every headline',
        status: 'active',
      })
      .execute();
    await t.db
      .insertInto('policies')
      .values({ trait: 'Draft only', guiding_principle: 'Never shown to agents', status: 'pending_review' })
      .execute();
    await generate({ website_id: siteId, keywords: ['cold brew'], count: 1 });
    const [evaluation, generation] = (await api('GET', 'ai-content-pool/decisions?limit=2')).body.data
      .decisions;
    expect(generation.action_type).toBe('generate_idea');
    expect(generation.input_data.prompt).toContain('- Concrete numbers: Put a number in every headline');
    expect(generation.input_data.prompt).not.toContain('Never shown to agents');
    expect(generation.input_data.policy_ids).toHaveLength(1);
    expect(evaluation.input_data.prompt).toContain('Put a number in every headline');
  });

  it('refuses what it cannot do before a job starts, and a signed-out caller', async () => {
    const none = await api('POST', 'ai-content-pool/ideas/generate', { body: {} });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body.error)).toContain('Please select a website');
    const many = await api('POST', 'ai-content-pool/ideas/generate', {
      body: { website_id: siteId, count: 50 },
    });
    expect(JSON.stringify(many.body.error)).toContain('Between 1 and 20 ideas');
    const language = await api('POST', 'ai-content-pool/ideas/generate', {
      body: { website_id: siteId, language: 'it' },
    });
    expect(language.status).toBe(400);
    const missing = await api('POST', 'ai-content-pool/ideas/generate', { body: { website_id: 999_999 } });
    expect(missing.status).toBe(404);
    expect((await t.rest('GET', 'ai-content-pool/ideas')).status).toBe(401);
    expect((await t.rest('GET', 'ai-content-pool/agents')).status).toBe(401);
    expect((await t.rest('GET', 'ai-content-pool/decisions')).status).toBe(401);
  });

  it('answers the typed tRPC client the same', async () => {
    const client = await trpcClient(t.app, () => admin);
    const { agents } = await client.aiPool.agents.list.query();
    expect(agents.length).toBeGreaterThanOrEqual(7);
    const { ideas, pagination } = await client.aiPool.ideas.list.query({ website_id: siteId, limit: 1 });
    expect(ideas).toHaveLength(1);
    expect(pagination.hasNext).toBe(true);
    const { decisions } = await client.aiPool.decisions.query({ limit: 1 });
    expect(decisions).toHaveLength(1);
    await expect(client.aiPool.ideas.setStatus.mutate({ id: 999_999, status: 'approved' })).rejects.toThrow(
      'Idea not found',
    );
  });
});
