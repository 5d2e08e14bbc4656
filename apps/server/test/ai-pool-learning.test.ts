/**
 * Learning from editors: feedback on ideas and posts, the policy library (added by hand or synthesized
 * from feedback by the policy library agent, approved or archived from pending review), and an approved
 * policy in the next agent run's prompt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, trpcClient, type RestOptions, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let admin: string;
let siteId: number;
let ideaId: number;

const api = (method: string, path: string, opts: RestOptions = {}) =>
  t.rest(method, path, { token: admin, ...opts });

beforeAll(async () => {
  t = await startTestApp({ JOB_WORKERS: 'true', JOB_POLL_INTERVAL_SECONDS: '0.5' });
  admin = (await t.login()).accessToken;
  siteId = (
    await t.db
      .insertInto('sites')
      .values({ site_title: 'Tea Notes', domain_name: 'tea-notes.com' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ideaId = (
    await t.db
      .insertInto('ai_ideas')
      .values({ idea_text: 'Ten green teas compared', website_id: siteId })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t?.close();
});

async function done(jobId: string) {
  const job = await t.waitForJob(jobId, admin);
  expect(job.status, job.error).toBe('completed');
  return job.result as Record<string, unknown>;
}

describe('feedback', () => {
  it('records feedback with the dialog’s defaults, on an idea or on nothing', async () => {
    const res = await api('POST', 'ai-content-pool/feedback', {
      body: { feedback_text: '  Headlines are too vague ', idea_pool_id: ideaId, post_pool_id: '' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.feedback).toMatchObject({
      feedback_text: 'Headlines are too vague',
      idea_pool_id: ideaId,
      post_pool_id: null,
      feedback_type: 'neutral',
      category: 'other',
      content_segment: 'none',
      score: 3,
      is_synthesized: false,
    });
    await api('POST', 'ai-content-pool/feedback', {
      body: {
        feedback_text: 'Put a number in every headline',
        feedback_type: 'negative',
        category: 'clarity',
        score: 2,
      },
    });
    const list = await api('GET', 'ai-content-pool/feedback?limit=10');
    expect(list.body.data.feedback.map((f: { feedback_text: string }) => f.feedback_text)).toEqual([
      'Put a number in every headline',
      'Headlines are too vague',
    ]);
    const onIdea = await api('GET', `ai-content-pool/feedback?idea_pool_id=${ideaId}`);
    expect(onIdea.body.data.feedback).toHaveLength(1);
  });

  it('refuses empty text, a score outside 1–5 and an idea or post that does not exist', async () => {
    const empty = await api('POST', 'ai-content-pool/feedback', { body: { feedback_text: '  ' } });
    expect(JSON.stringify(empty.body.error)).toContain('Feedback text is required');
    const score = await api('POST', 'ai-content-pool/feedback', { body: { feedback_text: 'x', score: 6 } });
    expect(JSON.stringify(score.body.error)).toContain('A score from 1 to 5');
    const idea = await api('POST', 'ai-content-pool/feedback', {
      body: { feedback_text: 'x', idea_pool_id: 999_999 },
    });
    expect(idea.status).toBe(400);
    expect(idea.body.error.message).toBe('No idea has the id 999999');
    const type = await api('POST', 'ai-content-pool/feedback', {
      body: { feedback_text: 'x', category: 'style' },
    });
    expect(type.status).toBe(400);
  });
});

describe('policies', () => {
  it('adds a policy by hand (context and examples as JSON), pending review; approves or archives only from there', async () => {
    const bad = await api('POST', 'ai-content-pool/policies', {
      body: { trait: 'Tone', guiding_principle: 'Write warmly', context: '{not json' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('Context must be valid JSON (an object)');
    const active = await api('POST', 'ai-content-pool/policies', {
      body: { trait: 'Tone', guiding_principle: 'Write warmly', status: 'active' },
    });
    expect(JSON.stringify(active.body.error)).toContain('A new policy starts pending review');

    const res = await api('POST', 'ai-content-pool/policies', {
      body: {
        trait: 'Tone',
        guiding_principle: 'Write warmly, like a friend who knows tea',
        context: '{"applies_to": "intros"}',
        examples: '{"good": ["Pour yourself a cup"], "bad": ["In this article"]}',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const policy = res.body.data.policy;
    expect(policy).toMatchObject({
      status: 'pending_review',
      context: { applies_to: 'intros' },
      examples: { good: ['Pour yourself a cup'], bad: ['In this article'] },
    });
    const approved = await api('PUT', `ai-content-pool/policies/${policy.id}/status`, {
      body: { status: 'active' },
    });
    expect(approved.body.data.policy.status).toBe('active');
    const again = await api('PUT', `ai-content-pool/policies/${policy.id}/status`, {
      body: { status: 'archived' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('Only a policy pending review can be archived; this one is active');
    const wrong = await api('PUT', `ai-content-pool/policies/${policy.id}/status`, {
      body: { status: 'pending_review' },
    });
    expect(wrong.status).toBe(400);
    const found = await api('GET', 'ai-content-pool/policies?search=friend&status=active');
    expect(found.body.data.policies.map((p: { id: number }) => p.id)).toEqual([policy.id]);
    // Archived from pending review.
    const other = (
      await api('POST', 'ai-content-pool/policies', {
        body: { trait: 'Length', guiding_principle: 'Keep it short' },
      })
    ).body.data.policy;
    const archived = await api('PUT', `ai-content-pool/policies/${other.id}/status`, {
      body: { status: 'archived' },
    });
    expect(archived.body.data.policy.status).toBe('archived');
  });

  it('synthesizes the new feedback into policies pending review, once; an approved one is in the next run', async () => {
    const before = (await api('GET', 'ai-content-pool/policies?status=pending_review')).body.data.policies
      .length;
    const res = await api('POST', 'ai-content-pool/policies/synthesize', { body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = (await done(res.body.data.job.id)) as { policyIds: number[]; feedback: number };
    expect(result.feedback).toBe(2);
    expect(result.policyIds.length).toBeGreaterThan(0);
    const pending = (await api('GET', 'ai-content-pool/policies?status=pending_review')).body.data
      .policies as {
      id: number;
      guiding_principle: string;
      source_feedback_ids: number[];
    }[];
    expect(pending.length - before).toBe(result.policyIds.length);
    const feedbackIds = (await api('GET', 'ai-content-pool/feedback')).body.data.feedback.map(
      (f: { id: number }) => f.id,
    );
    for (const p of pending.filter((x) => result.policyIds.includes(x.id))) {
      expect(p.source_feedback_ids.every((id) => feedbackIds.includes(id))).toBe(true);
    }
    const all = (await api('GET', 'ai-content-pool/feedback')).body.data.feedback;
    expect(all.every((f: { is_synthesized: boolean }) => f.is_synthesized)).toBe(true);
    const [decision] = (await api('GET', 'ai-content-pool/decisions?action_type=synthesize_policy&limit=1'))
      .body.data.decisions;
    expect(decision.input_data.prompt).toContain('Put a number in every headline');
    expect(decision.input_data.prompt).toContain('Write warmly, like a friend who knows tea');

    // Nothing new to learn from: refused before a job starts.
    const again = await api('POST', 'ai-content-pool/policies/synthesize', { body: {} });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('There is no new feedback to learn from');

    // Approved, the synthesized policy is in the next run's prompt.
    const chosen = pending.find((p) => p.id === result.policyIds[0])!;
    await api('PUT', `ai-content-pool/policies/${chosen.id}/status`, { body: { status: 'active' } });
    const gen = await api('POST', 'ai-content-pool/ideas/generate', {
      body: { website_id: siteId, keywords: ['oolong'], count: 1 },
    });
    await done(gen.body.data.job.id);
    const [generation] = (await api('GET', 'ai-content-pool/decisions?action_type=generate_idea&limit=1'))
      .body.data.decisions;
    expect(generation.input_data.prompt).toContain(chosen.guiding_principle);
    expect(generation.input_data.policy_ids).toContain(chosen.id);
  });

  it('answers the typed tRPC client the same, and no signed-out caller', async () => {
    const client = await trpcClient(t.app, () => admin);
    const { policies } = await client.aiPool.policies.list.query({ status: 'active' });
    expect(policies.length).toBeGreaterThan(0);
    const { feedback } = await client.aiPool.feedback.create.mutate({
      feedback_text: 'Typed',
      idea_pool_id: null,
    });
    expect(feedback.score).toBe(3);
    expect((await t.rest('GET', 'ai-content-pool/policies')).status).toBe(401);
    expect((await t.rest('POST', 'ai-content-pool/feedback', { body: { feedback_text: 'x' } })).status).toBe(
      401,
    );
  });
});
