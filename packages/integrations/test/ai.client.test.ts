import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IntegrationError } from '../src/errors';
import { AiClient, createTextGenerator, testAiConnection, type AiClientConfig } from '../src/ai/index';
import {
  startChatCompletionsTestServer,
  type ChatCompletionsTestServer,
  type ChatCompletionsTestServerOptions,
} from '../src/ai/testing/index';

const KEY = 'sk-test-Secret-Key-0123456789abcdef';
const servers: ChatCompletionsTestServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setup(
  serverOpts: ChatCompletionsTestServerOptions = {},
  config: Partial<AiClientConfig> = {},
) {
  const server = await startChatCompletionsTestServer({ apiKey: KEY, ...serverOpts });
  servers.push(server);
  const client = new AiClient({
    baseUrl: server.baseUrl,
    apiKey: KEY,
    model: 'gpt-test',
    temperature: 0.3,
    timeoutMs: 5_000,
    ...config,
  });
  return { server, client };
}

/** The IntegrationError a promise rejects with; also proves the key is nowhere in it. */
async function failure(promise: Promise<unknown>, key = KEY): Promise<IntegrationError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(IntegrationError);
  const e = err as IntegrationError;
  expect(e.integration).toBe('ai');
  const visible = [e.message, String(e), e.stack, JSON.stringify(e.details), inspect(e, { depth: 8 })].join(
    ' ',
  );
  expect(visible).not.toContain(key);
  return e;
}

const ideaSchema = z.object({
  ideas: z.array(z.object({ title: z.string().max(80), score: z.number().min(0).max(5) })).min(1),
});
const GOOD = JSON.stringify({ ideas: [{ title: 'Cold brew at home', score: 4 }] });
const request = {
  schema: ideaSchema,
  schemaName: 'idea_list',
  system: 'You plan blog posts.',
  prompt: 'Suggest one post idea.',
  language: 'en',
};

describe('structured output', () => {
  it('returns the parsed output with model, usage and latency', async () => {
    const { client, server } = await setup();
    server.enqueue({
      content: GOOD,
      model: 'gpt-test-2025-01-01',
      usage: { prompt_tokens: 120, completion_tokens: 30 },
      delayMs: 200,
    });
    const result = await client.generate(request);
    const title: string = result.output.ideas[0]!.title;
    expect(title).toBe('Cold brew at home');
    expect(result.output).toEqual({ ideas: [{ title: 'Cold brew at home', score: 4 }] });
    expect(result).toMatchObject({
      generator: 'openai',
      model: 'gpt-test-2025-01-01',
      usage: { promptTokens: 120, completionTokens: 30, totalTokens: 150 },
      repaired: false,
    });
    expect(result.latencyMs).toBeGreaterThanOrEqual(190);
    expect(result.latencyMs).toBeLessThan(3_000);
  });

  it('sends the model, temperature, JSON-schema response format, language and bearer key', async () => {
    const { client, server } = await setup();
    server.enqueue({ content: GOOD }, { content: GOOD });
    await client.generate({ ...request, language: 'tr', maxTokens: 500, input: { keywords: ['kahve'] } });
    await client.generate({ ...request, temperature: 0.9 });

    const [first, second] = server.completions();
    expect(first!.authorization).toBe(`Bearer ${KEY}`);
    expect(first!.body.model).toBe('gpt-test');
    expect(first!.body.temperature).toBe(0.3);
    expect(second!.body.temperature).toBe(0.9);
    expect(first!.body.max_completion_tokens).toBe(500);
    expect(second!.body.max_completion_tokens).toBeUndefined();
    const format = first!.body.response_format!;
    expect(format.type).toBe('json_schema');
    expect(format.json_schema).toMatchObject({ name: 'idea_list', strict: true });
    expect(format.json_schema!.schema).toMatchObject({
      type: 'object',
      required: ['ideas'],
      additionalProperties: false,
      properties: { ideas: { type: 'array', minItems: 1 } },
    });
    const [system, user] = first!.body.messages!;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('You plan blog posts.');
    expect(system!.content).toContain('Turkish');
    expect(user).toMatchObject({ role: 'user' });
    expect(user!.content).toContain('Suggest one post idea.');
    expect(user!.content).toContain('"kahve"');
  });

  it('moves length limits into descriptions for strict mode, and sends open schemas as non-strict', async () => {
    const { client, server } = await setup();
    const meta = z.object({ meta_description: z.string().max(160) });
    const open = z.object({ title: z.string(), subtitle: z.string().optional() });
    server.enqueue({ content: '{"meta_description":"Short."}' }, { content: '{"title":"T"}' });
    await client.generate({ ...request, schema: meta, schemaName: 'meta' });
    await client.generate({ ...request, schema: open, schemaName: 'post title!' });

    const [strict, loose] = server.completions().map((r) => r.body.response_format!.json_schema!);
    expect(strict!.strict).toBe(true);
    const field = (strict!.schema as any).properties.meta_description;
    expect(field.maxLength).toBeUndefined();
    expect(field.description).toContain('At most 160 characters');
    expect(loose!.strict).toBe(false);
    expect(loose!.name).toBe('post_title_');
    expect((loose!.schema as any).properties.subtitle).toEqual({ type: 'string' });
  });

  it('accepts JSON wrapped in a Markdown fence without a repair request', async () => {
    const { client, server } = await setup();
    server.enqueue({ content: '```json\n' + GOOD + '\n```' });
    const result = await client.generate(request);
    expect(result.output.ideas).toHaveLength(1);
    expect(result.repaired).toBe(false);
    expect(server.completions()).toHaveLength(1);
  });
});

describe('repair', () => {
  it('repairs invalid JSON with exactly one more request and sums the usage', async () => {
    const { client, server } = await setup();
    server.enqueue(
      { content: '{"ideas": [{"title": "Cold brew"', usage: { prompt_tokens: 100, completion_tokens: 10 } },
      { content: GOOD, usage: { prompt_tokens: 140, completion_tokens: 20 } },
    );
    const result = await client.generate(request);
    expect(result.output.ideas[0]!.title).toBe('Cold brew at home');
    expect(result.repaired).toBe(true);
    expect(result.usage).toEqual({ promptTokens: 240, completionTokens: 30, totalTokens: 270 });

    const calls = server.completions();
    expect(calls).toHaveLength(2);
    const repair = calls[1]!.body.messages!;
    expect(repair.at(-2)).toEqual({ role: 'assistant', content: '{"ideas": [{"title": "Cold brew"' });
    expect(repair.at(-1)!.role).toBe('user');
    expect(repair.at(-1)!.content).toContain('not valid JSON');
    expect(calls[1]!.body.response_format).toEqual(calls[0]!.body.response_format);
  });

  it('sends the validation issues of a schema mismatch back to the model', async () => {
    const { client, server } = await setup();
    server.enqueue(
      { content: JSON.stringify({ ideas: [{ title: 'Cold brew', score: 9 }] }) },
      { content: GOOD },
    );
    const result = await client.generate(request);
    expect(result.repaired).toBe(true);
    expect(result.output.ideas[0]!.score).toBe(4);
    const last = server.completions()[1]!.body.messages!.at(-1)!.content;
    expect(last).toContain('ideas.0.score');
  });

  it("fails with 'upstream' when the repaired reply does not match either", async () => {
    const { client, server } = await setup();
    server.enqueue({ content: 'Sure! Here are your ideas.' }, { content: '{"ideas": "none"}' });
    const e = await failure(client.generate(request));
    expect(e.kind).toBe('upstream');
    expect(e.message).toMatch(/^The model returned output that does not match the "idea_list" schema/);
    expect(e.message).toContain('ideas');
    expect(server.completions()).toHaveLength(2);
  });
});

describe('retries', () => {
  it('waits for Retry-After (seconds) after a 429 and then succeeds', async () => {
    const { client, server } = await setup();
    server.enqueue(
      {
        status: 429,
        headers: { 'retry-after': '1' },
        error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' },
      },
      { content: GOOD },
    );
    const result = await client.generate(request);
    expect(result.output.ideas).toHaveLength(1);
    const [first, second] = server.completions();
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    expect(result.latencyMs).toBeGreaterThanOrEqual(950);
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const { client, server } = await setup();
    const at = new Date(Date.now() + 2_000).toUTCString();
    server.enqueue({ status: 503, headers: { 'retry-after': at } }, { content: GOOD });
    await client.generate(request);
    const [first, second] = server.completions();
    // HTTP dates have whole seconds: the wait is between one and two seconds.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(900);
  });

  it('retries a 500 and succeeds', async () => {
    const { client, server } = await setup();
    server.enqueue({ status: 500, error: { message: 'The server had an error' } }, { content: GOOD });
    const result = await client.generate(request);
    expect(result.output.ideas[0]!.title).toBe('Cold brew at home');
    expect(server.completions().map((r) => r.status)).toEqual([500, 200]);
  });

  it("gives 'upstream' after the retries when 503 persists (retry-after-ms honoured)", async () => {
    const { client, server } = await setup();
    const busy = {
      status: 503,
      headers: { 'retry-after-ms': '30' },
      error: { message: 'Engine overloaded' },
    };
    server.enqueue(busy, busy, busy, { content: GOOD });
    const started = Date.now();
    const e = await failure(client.generate(request));
    expect(e.kind).toBe('upstream');
    expect(e.message).toBe('Engine overloaded');
    expect(e.details).toMatchObject({ status: 503, model: 'gpt-test' });
    expect(server.completions()).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("gives 'rate_limited' when 429 persists", async () => {
    const { client, server } = await setup({}, { maxRetries: 1 });
    const limited = { status: 429, headers: { 'retry-after-ms': '20' }, error: { message: 'Slow down' } };
    server.enqueue(limited, limited, { content: GOOD });
    const e = await failure(client.generate(request));
    expect(e.kind).toBe('rate_limited');
    expect(e.message).toBe('Slow down');
    expect(server.completions()).toHaveLength(2);
  });

  it('does not wait when the provider asks for longer than the cap, and says how long', async () => {
    const { client, server } = await setup({}, { maxRetryWaitMs: 5_000 });
    server.enqueue({ status: 429, headers: { 'retry-after': '120' }, error: { message: 'Try later' } });
    const started = Date.now();
    const e = await failure(client.generate(request));
    expect(e.kind).toBe('rate_limited');
    expect(e.details.retryAfterMs).toBe(120_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(server.completions()).toHaveLength(1);
  });

  it('does not retry an exhausted quota', async () => {
    const { client, server } = await setup();
    server.enqueue({
      status: 429,
      error: { message: 'You exceeded your current quota', code: 'insufficient_quota' },
    });
    const e = await failure(client.generate(request));
    expect(e.kind).toBe('rate_limited');
    expect(e.details.providerCode).toBe('insufficient_quota');
    expect(server.completions()).toHaveLength(1);
  });
});

describe('errors', () => {
  it("maps a refused key to 'unauthorized' with the provider's message and without the key", async () => {
    const wrong = 'sk-test-Wrong-Key-9876543210fedcba';
    const { client, server } = await setup({}, { apiKey: wrong });
    const e = await failure(client.generate(request), wrong);
    expect(e.kind).toBe('unauthorized');
    expect(e.message).toMatch(/^Incorrect API key provided: sk-\*+dcba\./);
    expect(e.details).toMatchObject({ status: 401, providerCode: 'invalid_api_key' });
    expect(server.requests[0]!.status).toBe(401);
  });

  it('redacts the key when a provider echoes it, and maps 403 to unauthorized', async () => {
    const { client, server } = await setup();
    server.enqueue({ status: 403, error: { message: `Key ${KEY} may not use this model` } });
    const e = await failure(client.generate(request));
    expect(e.kind).toBe('unauthorized');
    expect(e.message).toBe('Key *** may not use this model');
  });

  it("maps an unknown model to 'not_found' naming the model", async () => {
    const { client } = await setup({ models: ['gpt-test'] }, { model: 'gpt-missing' });
    const e = await failure(client.generate(request));
    expect(e.kind).toBe('not_found');
    expect(e.message).toContain('gpt-missing');
    expect(e.details).toMatchObject({ status: 404, providerCode: 'model_not_found' });
  });

  it("maps a wrong base URL to 'not_found' with a hint", async () => {
    const server = await startChatCompletionsTestServer({ apiKey: KEY });
    servers.push(server);
    const client = new AiClient({ baseUrl: server.url, apiKey: KEY, model: 'gpt-test' });
    const e = await failure(client.generate(request));
    expect(e.kind).toBe('not_found');
    expect(e.message).toContain('check the base URL');
    expect(server.requests[0]!.path).toBe('/chat/completions');
  });

  it("maps a 400 to 'invalid' with the provider's message", async () => {
    const { client, server } = await setup();
    server.enqueue({
      status: 400,
      error: { message: "Invalid schema for response_format 'idea_list'", param: 'response_format' },
    });
    const e = await failure(client.generate(request));
    expect(e.kind).toBe('invalid');
    expect(e.message).toBe("Invalid schema for response_format 'idea_list'");
    expect(server.completions()).toHaveLength(1);
  });

  it("gives 'timeout' within the budget and does not retry it", async () => {
    const { client, server } = await setup({}, { timeoutMs: 300 });
    server.enqueue({ content: GOOD, delayMs: 10_000 });
    const started = Date.now();
    const e = await failure(client.generate(request));
    expect(e.kind).toBe('timeout');
    expect(e.message).toContain('300 ms');
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(server.completions()).toHaveLength(1);
  });

  it("gives 'unreachable' when nothing listens on the port", async () => {
    const gone = await startChatCompletionsTestServer({ apiKey: KEY });
    const baseUrl = gone.baseUrl;
    await gone.close();
    const client = new AiClient({ baseUrl, apiKey: KEY, model: 'gpt-test', maxRetries: 1 });
    const e = await failure(client.generate(request));
    expect(e.kind).toBe('unreachable');
    expect(e.message).toContain(baseUrl);
    expect(e.details.reason).toBe('ECONNREFUSED');
  });

  it('refuses a configuration it cannot use before sending anything', () => {
    const config = { baseUrl: 'http://127.0.0.1:9/v1', apiKey: KEY, model: 'gpt-test' };
    const kindOf = (c: AiClientConfig) => {
      try {
        new AiClient(c);
        return 'accepted';
      } catch (e) {
        return (e as IntegrationError).kind;
      }
    };
    expect(kindOf({ ...config, apiKey: '' })).toBe('not_configured');
    expect(kindOf({ ...config, model: ' ' })).toBe('not_configured');
    expect(kindOf({ ...config, baseUrl: 'api.openai.com/v1' })).toBe('invalid');
    expect(kindOf({ ...config, baseUrl: 'ftp://example.com' })).toBe('invalid');
    expect(kindOf({ ...config, temperature: 3 })).toBe('invalid');
    expect(kindOf(config)).toBe('accepted');
  });

  it('keeps the key out of anything that prints the client', async () => {
    const { client } = await setup();
    expect(inspect(client, { depth: 8, showHidden: true })).not.toContain(KEY);
    expect(JSON.stringify(client)).not.toContain(KEY);
  });
});

describe('testAiConnection', () => {
  it('proves the configured model answers', async () => {
    const server = await startChatCompletionsTestServer({ apiKey: KEY, models: ['gpt-test'] });
    servers.push(server);
    // A pasted endpoint URL is accepted as the base URL.
    const result = await testAiConnection({
      baseUrl: `${server.baseUrl}/chat/completions`,
      apiKey: KEY,
      model: 'gpt-test',
    });
    expect(result).toMatchObject({ ok: true, model: 'gpt-test', generator: 'openai' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const [call] = server.completions();
    expect(call!.body.response_format!.json_schema!.name).toBe('connection_test');
  });

  it('throws the mapped error when it does not', async () => {
    const server = await startChatCompletionsTestServer({ apiKey: KEY, models: ['gpt-test'] });
    servers.push(server);
    const base = { baseUrl: server.baseUrl, apiKey: KEY };
    expect(
      (
        await failure(
          testAiConnection({ ...base, apiKey: 'sk-other-key-123456', model: 'gpt-test' }),
          'sk-other-key-123456',
        )
      ).kind,
    ).toBe('unauthorized');
    expect((await failure(testAiConnection({ ...base, model: 'gpt-nope' }))).kind).toBe('not_found');
  });
});

describe('test server', () => {
  it('answers any schema by default, in the language the instructions name', async () => {
    const { client, server } = await setup();
    const post = z.object({
      title: z.string().max(120),
      meta_description: z.string().max(160),
      content: z.string(),
      tags: z.array(z.string()).min(2),
    });
    const result = await client.generate({
      schema: post,
      schemaName: 'post',
      prompt: 'Write a post. Keywords: kahve makinesi',
      language: 'tr',
    });
    expect(result.output.title.toLocaleLowerCase('tr')).toContain('kahve makinesi');
    expect(result.output.content).toMatch(/<h2>.*<\/h2>/);
    expect(result.output.content).toMatch(/(^|\s)(için|ve|bir)\s/);
    expect(result.usage.totalTokens).toBeGreaterThan(0);
    expect(server.completions()[0]!.status).toBe(200);
  });

  it('closes at once, even with an answer still pending', async () => {
    const { client, server } = await setup();
    server.enqueue({ content: GOOD, delayMs: 30_000 });
    const pending = client.generate(request).catch((e: unknown) => e);
    while (server.completions().length === 0) await new Promise((r) => setTimeout(r, 10));
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await pending).toBeInstanceOf(IntegrationError);
  });

  it('lists models and answers only on loopback', async () => {
    const { server } = await setup({ models: ['gpt-test', 'gpt-mini'] });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${server.baseUrl}/models`, { headers: { authorization: `Bearer ${KEY}` } });
    const body = (await res.json()) as any;
    expect(body.data.map((m: any) => m.id)).toEqual(['gpt-test', 'gpt-mini']);
    const refused = await fetch(`${server.baseUrl}/models`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { type: 'invalid_request_error', param: null } });
  });
});

describe('createTextGenerator', () => {
  it('returns the client for a configuration and the offline generator without one', async () => {
    const { server } = await setup();
    const online = createTextGenerator({ baseUrl: server.baseUrl, apiKey: KEY, model: 'gpt-test' });
    const offline = createTextGenerator(null);
    expect(online.kind).toBe('openai');
    expect(offline.kind).toBe('offline');
    const result = await online.generate(request);
    expect(result.generator).toBe('openai');
    expect((await offline.generate(request)).generator).toBe('offline');
  });
});
