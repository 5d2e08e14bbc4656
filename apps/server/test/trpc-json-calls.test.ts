import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '@blogfleet/server/testing';
import { appRouter } from '@blogfleet/api';
import { contextFor } from '../src/plugins/request-context';
import { MAX_BATCH_SIZE, trpcPlugin } from '../src/plugins/trpc';
import { answerJsonCalls } from '../src/plugins/trpc-json-calls';

/**
 * The fast path for plain JSON calls must answer byte for byte as tRPC's own resolver: each request
 * below goes to a server with the fast path and to one without it, and the answers are compared.
 */
let t: TestApp;
let fast: FastifyInstance;
let resolver: FastifyInstance;
let admin: string;
let user: string;

async function trpcServer(jsonFastPath: boolean) {
  const app = Fastify({ logger: false });
  await trpcPlugin(app, t.deps, { jsonFastPath });
  await app.ready();
  return app;
}

beforeAll(async () => {
  t = await startTestApp();
  fast = await trpcServer(true);
  resolver = await trpcServer(false);
  probe = Fastify({ logger: false });
  probe.removeContentTypeParser('application/json');
  probe.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) => done(null, body));
  probe.all('/trpc/:path', async (request) => ({
    answered:
      (await answerJsonCalls(request, {
        router: appRouter,
        maxBatchSize: MAX_BATCH_SIZE,
        createContext: async () => contextFor(t.deps, request),
        responseMeta: () => ({}),
        onError: () => {},
      })) !== null,
  }));
  admin = (await t.login()).accessToken;
  const plain = await t.createUser({ role: 'user' });
  user = (await t.login(plain.email, plain.password)).accessToken;
});
afterAll(async () => {
  await fast.close();
  await resolver.close();
  await probe.close();
  await t.close();
});

interface Req {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  token?: string;
  body?: string;
  headers?: Record<string, string>;
}

async function both(req: Req) {
  const send = (app: FastifyInstance) =>
    app.inject({
      method: req.method,
      url: req.url,
      headers: {
        ...(req.token ? { authorization: `Bearer ${req.token}` } : {}),
        ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...req.headers,
      },
      payload: req.body,
    });
  const [a, b] = [await send(fast), await send(resolver)];
  const view = (r: Awaited<ReturnType<typeof send>>) => ({
    status: r.statusCode,
    contentType: r.headers['content-type'],
    vary: r.headers.vary,
    retryAfter: r.headers['retry-after'],
    body: r.body,
  });
  return { fast: view(a), resolver: view(b) };
}

/** Whether answerJsonCalls answers the request itself (a route that only reports that). */
let probe: FastifyInstance;
async function takesFastPath(req: Req): Promise<boolean> {
  const res = await probe.inject({
    method: req.method,
    url: req.url,
    headers: {
      ...(req.token ? { authorization: `Bearer ${req.token}` } : {}),
      ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...req.headers,
    },
    payload: req.body,
  });
  return res.json().answered;
}

const q = (input: unknown) => encodeURIComponent(JSON.stringify(input));

describe('tRPC plain JSON calls answer as tRPC itself does', () => {
  // [name, request, answered by the fast path (else left to tRPC's resolver)]
  const cases: [string, () => Req, boolean][] = [
    ['a query without input', () => ({ method: 'GET', url: '/trpc/users.list', token: admin }), true],
    [
      'a query with input',
      () => ({
        method: 'GET',
        url: `/trpc/users.list?input=${q({ page: 1, limit: 5, search: 'test' })}`,
        token: admin,
      }),
      true,
    ],
    ['an anonymous caller (401)', () => ({ method: 'GET', url: '/trpc/users.list' }), true],
    [
      'a plain user on an admin query (403)',
      () => ({ method: 'GET', url: '/trpc/users.list', token: user }),
      true,
    ],
    [
      'input that fails validation (400)',
      () => ({ method: 'GET', url: `/trpc/users.list?input=${q({ limit: -4 })}`, token: admin }),
      true,
    ],
    [
      'a batch of queries',
      () => ({
        method: 'GET',
        url: `/trpc/auth.me,users.list?batch=1&input=${q({ 1: { limit: 2 } })}`,
        token: admin,
      }),
      true,
    ],
    [
      'a batch with one refusal (207)',
      () => ({ method: 'GET', url: `/trpc/auth.me,users.list?batch=1&input=${q({})}`, token: user }),
      true,
    ],
    [
      'a mutation refused (401)',
      () => ({
        method: 'POST',
        url: '/trpc/auth.login',
        body: JSON.stringify({ email: ADMIN.email, password: 'wrong-password' }),
      }),
      true,
    ],
    [
      'a mutation with invalid input (400)',
      () => ({
        method: 'POST',
        url: '/trpc/users.create',
        token: admin,
        body: JSON.stringify({ email: 'nope' }),
      }),
      true,
    ],
    [
      'a batch of mutations',
      () => ({
        method: 'POST',
        url: '/trpc/users.create,users.create?batch=1',
        token: user,
        body: JSON.stringify({ 0: { email: 'x' }, 1: {} }),
      }),
      true,
    ],
    [
      'a query sent as POST (405)',
      () => ({ method: 'POST', url: '/trpc/users.list', token: admin, body: '{}' }),
      false,
    ],
    ['a mutation sent as GET (405)', () => ({ method: 'GET', url: '/trpc/auth.login' }), false],
    [
      'an unknown procedure (404)',
      () => ({ method: 'GET', url: '/trpc/users.nothing', token: admin }),
      false,
    ],
    [
      'input that is not JSON (400)',
      () => ({ method: 'GET', url: '/trpc/users.list?input=%7Bnope', token: admin }),
      false,
    ],
    ['an empty mutation body (400)', () => ({ method: 'POST', url: '/trpc/auth.login', body: '' }), false],
    [
      'a batch over the limit (400)',
      () => ({ method: 'GET', url: `/trpc/${Array(11).fill('auth.me').join(',')}?batch=1`, token: admin }),
      false,
    ],
    [
      'a repeated batch parameter',
      () => ({ method: 'GET', url: '/trpc/auth.me?batch=1&batch=1', token: admin }),
      false,
    ],
    [
      'a batch whose input is an array (400)',
      () => ({
        method: 'POST',
        url: '/trpc/users.create?batch=1',
        token: admin,
        body: JSON.stringify([{ username: 'arr', email: 'arr@x.test', password: 'long-enough-1' }]),
      }),
      false,
    ],
    [
      'a method tRPC does not take',
      () => ({ method: 'PUT', url: '/trpc/auth.me', token: admin, body: '{}' }),
      false,
    ],
    [
      'a streaming request',
      () => ({
        method: 'GET',
        url: '/trpc/auth.me?batch=1',
        token: admin,
        headers: { 'trpc-accept': 'application/jsonl' },
      }),
      false,
    ],
  ];
  for (const [name, req, viaFastPath] of cases) {
    it(`${name}${viaFastPath ? '' : ', left to the resolver'}`, async () => {
      const { fast, resolver } = await both(req());
      expect(fast).toEqual(resolver);
      expect(await takesFastPath(req())).toBe(viaFastPath);
    });
  }

  it('answers a successful query with the data the procedure returned', async () => {
    const { fast } = await both({ method: 'GET', url: '/trpc/auth.me', token: admin });
    expect(fast.status).toBe(200);
    expect(JSON.parse(fast.body)).toEqual({
      result: { data: { user: expect.objectContaining({ email: ADMIN.email }) } },
    });
  });

  it('runs a successful mutation once', async () => {
    const email = `fastpath-${Date.now()}@test.local`;
    const res = await fast.inject({
      method: 'POST',
      url: '/trpc/users.create',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'fastpath', email, password: 'fast-path-pass1', role: 'user' }),
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).result.data.user).toMatchObject({ email });
    const rows = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });
});
