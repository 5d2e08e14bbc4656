import { appErrorCodes } from '@blogfleet/api';
import { sql } from '@blogfleet/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type RestResponse, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.login()).accessToken;
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

/** The envelope every /api/v1 answer has, success or not. */
function expectEnvelope(res: RestResponse) {
  expect(typeof res.body.success).toBe('boolean');
  if (res.body.success) {
    expect(res.body).toHaveProperty('data');
  } else {
    expect(Object.keys(res.body).sort()).toEqual(['error', 'success']);
    expect(Object.keys(res.body.error).sort()).toEqual(['code', 'details', 'message']);
    expect(appErrorCodes).toContain(res.body.error.code);
    expect(typeof res.body.error.message).toBe('string');
  }
}

describe('unparseable JSON', () => {
  it('answers 400 PARSE_ERROR, before and regardless of authentication', async () => {
    for (const [path, token] of [
      ['auth/login', undefined],
      ['users', admin],
      ['users', undefined],
    ] as const) {
      for (const body of ['{"email":', '{email: "a"}', "{'a':1}", '[1,2', 'undefined', '{"a":1}}']) {
        const res = await t.rest('POST', path, { token, body, headers: json });
        expect(res.status, body).toBe(400);
        expect(res.body).toEqual({
          success: false,
          error: { code: 'PARSE_ERROR', message: 'Request body is not valid JSON', details: null },
        });
      }
    }
  });

  it('refuses prototype-pollution keys instead of merging them', async () => {
    for (const body of ['{"__proto__":{"role":"admin"}}', '{"constructor":{"prototype":{"polluted":1}}}']) {
      const res = await t.rest('POST', 'users', { token: admin, body, headers: json });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('PARSE_ERROR');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('treats an empty JSON body as no payload (a validation error, not a parse error)', async () => {
    const res = await t.rest('POST', 'auth/login', { body: '', headers: json });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('wrong content type', () => {
  it('answers 415 UNSUPPORTED_MEDIA_TYPE and does not act on the body', async () => {
    const creds = JSON.stringify({ email: 'admin@test.local', password: 'admin-password-1' });
    for (const type of [
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await t.rest('POST', 'auth/login', { body: creds, headers: { 'content-type': type } });
      expect(res.status, type).toBe(415);
      expect(res.body.success).toBe(false);
      expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(res.body.data).toBeUndefined();
    }
  });

  it('answers 415 for a body sent without any content type', async () => {
    const res = await t.rest('POST', 'users', { token: admin, body: 'username=x' });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('unknown routes', () => {
  it('answers 404 NOT_FOUND in the envelope under /api/v1 for paths that are no endpoint', async () => {
    for (const [method, path] of [
      ['GET', 'nope'],
      ['GET', 'users/1/nope'],
      ['POST', 'nope/1'],
    ] as const) {
      const res = await t.rest(method, path, { token: admin, body: method === 'GET' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND', details: null } });
      expectEnvelope(res);
    }
  });

  it('answers 405 METHOD_NOT_ALLOWED with Allow for an endpoint called with another method', async () => {
    for (const [method, path, allow] of [
      ['POST', 'users/stats', 'GET, PUT, DELETE'],
      ['PATCH', 'users/1', 'GET, PUT, DELETE'],
      ['DELETE', 'users', 'GET, POST'],
    ] as const) {
      const res = await t.rest(method, path, { token: admin, body: {} });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.body).toMatchObject({
        success: false,
        error: { code: 'METHOD_NOT_ALLOWED', details: null },
      });
      expectEnvelope(res);
    }
  });

  it('answers 404 NOT_FOUND in the envelope outside /api/v1 when no web console is built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: 'No route for GET /no/such/page', details: null },
    });
  });
});

describe('bad ids in the path', () => {
  it('answers 400 VALIDATION_ERROR on id for non-numeric, fractional, non-positive and out-of-range ids', async () => {
    const ids = ['abc', '1.5', '0', '-1', '1e400', 'NaN', '99999999999999', '2147483648', '%00', '%20'];
    for (const id of ids) {
      for (const [method, path, body] of [
        ['GET', `users/${id}`, undefined],
        ['PUT', `users/${id}`, { username: 'whatever' }],
        ['PUT', `users/${id}/status`, { status: 'active' }],
        ['DELETE', `users/${id}`, undefined],
      ] as const) {
        const res = await t.rest(method, path, { token: admin, body });
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_ERROR');
        expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain('id');
      }
    }
  });

  it('answers a malformed URL (bad percent-encoding) with 400 in the envelope', async () => {
    for (const path of ['users/%ZZ', 'users/%ED%A0%80', 'users/%E0%A4%A/status', 'no%GGroute']) {
      const res = await t.rest('GET', path, { token: admin });
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', details: null } });
      expectEnvelope(res);
    }
  });

  it('answers 404 for the largest valid id', async () => {
    const res = await t.rest('GET', 'users/2147483647', { token: admin });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});

describe('unexpected failures', () => {
  it('answer 500 INTERNAL_ERROR with no stack trace or SQL, over REST and tRPC', async () => {
    const broken = await startTestApp();
    try {
      const { accessToken } = await broken.login();
      await sql`DROP TABLE users CASCADE`.execute(broken.db);

      const res = await broken.rest('GET', 'users', { token: accessToken });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        success: false,
        error: {
          code: 'INTERNAL_ERROR',
          message: 'An unexpected error occurred. Please try again.',
          details: null,
        },
      });

      const rpc = await broken.app.inject({
        method: 'GET',
        url: '/trpc/users.list?input=%7B%7D',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(rpc.statusCode).toBe(500);
      expect(rpc.json().error.data.appCode).toBe('INTERNAL_ERROR');
      expect(rpc.json().error.data.stack).toBeUndefined();

      for (const text of [JSON.stringify(res.body), rpc.body]) {
        expect(text).not.toMatch(
          /stack|\bat .*\.(ts|js|mjs):\d+|select|from "?users|relation|does not exist|postgres|pglite/i,
        );
      }
    } finally {
      await broken.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Property-style robustness: hostile input to every REST operation never produces a 5xx.
// ---------------------------------------------------------------------------------------------

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
type OpenApiDoc = { paths: Record<string, Record<string, OpenApiOperation>> };

/** mulberry32: a tiny seeded generator, so every run sends exactly the same requests. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick };
}

function fnv1a(s: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

const HUGE = 'x'.repeat(100_000);
const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

/** Thirty hostile values; request i of an operation gives its field f the value atoms[(i + f) % 30]. */
const atoms: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2147483648,
  1e308,
  '',
  '   ',
  HUGE,
  '\u0000',
  'nul\u0000inside',
  'ünïcødé 🚀 مرحبا 中文 \u202eevil',
  '\ud800',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '%',
  '_',
  '%_%\\',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'admin',
  'all',
  'ADMIN@TEST.LOCAL',
  '12345678',
  [],
  ['admin', 'user'],
  {},
  { $ne: null, a: { b: { c: [] } } },
];

/** Raw path segments; already URL-encoded where needed (lone surrogates cannot be encoded otherwise). */
const pathValues: readonly string[] = [
  'abc',
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '99999999999999',
  '2147483648',
  '2147483647',
  'NaN',
  'Infinity',
  'null',
  '__proto__',
  'constructor',
  '%00',
  '%2e%2e',
  '%2F',
  '%F0%9F%9A%80',
  '%ED%A0%80',
  '%ZZ',
  encodeURIComponent("1' OR '1'='1"),
  encodeURIComponent('1; DROP TABLE users'),
  HUGE,
  '%201',
  '1',
  '2',
];

const extraKeys = ['__proto__', 'constructor', 'prototype', 'foo', 'id', 'role', 'password_hash', ''];

function encodeValue(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined');
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, encoded the only way it can travel
  }
}

interface HostileRequest {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * The requests for one operation, in two parts:
 * - a focused sweep: one field (or the path parameter) at a time carries each hostile value while the
 *   others are left out, so the value gets past the validation of the others and on to the service;
 * - thirty mixed requests: every field hostile at once (request i gives field f atoms[(i + f) % 30]),
 *   in seeded-random shapes (duplicate keys, brackets, raw bodies, wrong content types).
 */
function hostileRequests(method: string, path: string, op: OpenApiOperation): HostileRequest[] {
  const r = rng(fnv1a(`${method} ${path}`));
  const queryNames = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const bodyNames = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
  const fields = [...queryNames, ...bodyNames];
  const hasBody = method !== 'GET';
  const fill = (segment: string) => path.replace(/^\//, '').replace(/\{[^}]+\}/g, segment);
  const out: HostileRequest[] = [];

  if (path.includes('{')) {
    for (const segment of pathValues) out.push({ url: fill(segment), body: hasBody ? {} : undefined });
  }
  // Id 2 does not exist: a focused change must not hit the admin the test signs in as.
  for (const name of queryNames) {
    for (const value of atoms)
      out.push({ url: `${fill('2')}?${encodeURIComponent(name)}=${encodeValue(value)}` });
  }
  for (const name of bodyNames) {
    for (const value of atoms) out.push({ url: fill('2'), body: Object.fromEntries([[name, value]]) });
  }

  const valueFor = (i: number, f: number) => atoms[(i + f) % atoms.length];

  const objectFor = (i: number) => {
    const keys = [...fields, ...(r.next() < 0.3 ? [r.pick(extraKeys)] : [])];
    // Keys as own properties, so "__proto__" really travels as a key.
    return Object.fromEntries(keys.map((k, f) => [k, f < fields.length ? valueFor(i, f) : r.pick(atoms)]));
  };

  const queryFor = (i: number) => {
    const parts: string[] = fields.map((name, f) => {
      const style = r.int(6);
      const value = encodeValue(valueFor(i, f));
      if (style === 0) return `${name}=${value}&${name}=${encodeValue(r.pick(atoms))}`;
      if (style === 1) return `${name}[]=${value}`;
      if (style === 2) return `${name}[__proto__][x]=${value}`;
      return `${encodeURIComponent(name)}=${value}`;
    });
    if (r.next() < 0.3) parts.push(`${encodeURIComponent(r.pick(extraKeys))}=${encodeValue(r.pick(atoms))}`);
    if (r.next() < 0.1) parts.push('&&==&flag');
    return parts.join('&');
  };

  const rawBodies = [
    '{"__proto__":{"role":"admin"}}',
    '{"constructor":{"prototype":{"role":"admin"}}}',
    deep(2000),
    '[' + '['.repeat(3000) + ']'.repeat(3000) + ']',
    'null',
    '12345',
    '"just a string"',
    '{"a":1,"a":2}',
    '\u0000',
    '{"email":"\\u0000","password":"\\ud800","refreshToken":"\\u0000"}',
    'not json at all',
    '{"unterminated": "',
  ];
  const contentTypes = [
    'text/plain',
    'application/xml',
    'application/x-www-form-urlencoded',
    'application/jsonx',
  ];

  for (let i = 0; i < atoms.length; i++) {
    const base = fill(i === 0 ? '1' : r.pick(pathValues));
    if (!hasBody) {
      out.push({ url: queryNames.length > 0 || r.next() < 0.5 ? `${base}?${queryFor(i)}` : base });
      continue;
    }
    const url = r.next() < 0.2 ? `${base}?${queryFor(i)}` : base;
    const kind = r.int(10);
    if (kind < 6) out.push({ url, body: objectFor(i) });
    else if (kind < 8) out.push({ url, body: r.pick(rawBodies), headers: json });
    else if (kind === 8) out.push({ url, body: JSON.stringify(valueFor(i, 0)) ?? 'null', headers: json });
    else
      out.push({
        url,
        body: JSON.stringify(objectFor(i)),
        headers: { 'content-type': r.pick(contentTypes) },
      });
  }
  return out;
}

describe('robustness: hostile input to every REST operation', () => {
  it('never answers 5xx, always answers the envelope, and never leaks a hash', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as OpenApiDoc;
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(12);

    const failures: string[] = [];
    let expected = 0;
    const anonymousSuccesses: string[] = [];
    let sent = 0;
    for (const { method, path, op } of operations) {
      // A fresh session per operation: a hostile request may legitimately end the previous one.
      const token = (await t.login()).accessToken;
      const requests = hostileRequests(method, path, op);
      expected += requests.length * 2;
      for (const [who, auth] of [
        ['anonymous', undefined],
        ['admin', token],
      ] as const) {
        for (const [i, req] of requests.entries()) {
          const label = `${who} ${method} ${path} #${i}: ${req.url.slice(0, 120)} ${String(JSON.stringify(req.body)).slice(0, 120)}`;
          sent += 1;
          let res: RestResponse;
          try {
            res = await t.rest(method, req.url, {
              token: auth,
              body: req.body,
              headers: req.headers,
              ip: '10.66.0.1',
            });
          } catch (err) {
            failures.push(`${label} -> non-JSON answer (${String(err)})`);
            continue;
          }
          const text = JSON.stringify(res.body);
          const envelopeOk =
            res.body !== null &&
            typeof res.body === 'object' &&
            (res.body.success === true
              ? 'data' in res.body
              : res.body.success === false &&
                appErrorCodes.includes(res.body.error?.code as never) &&
                typeof res.body.error.message === 'string' &&
                'details' in res.body.error);
          if (res.status >= 500 || !envelopeOk || /\$argon2|password_hash/.test(text)) {
            failures.push(`${label} -> ${res.status} ${text.slice(0, 200)}`);
          }
          if (who === 'anonymous' && res.body?.success !== false) anonymousSuccesses.push(label);
        }
      }
    }
    expect(sent).toBe(expected);
    expect(sent).toBeGreaterThanOrEqual(operations.length * atoms.length * 2);
    expect(failures).toEqual([]);
    expect(anonymousSuccesses).toEqual([]);

    // The server is still healthy and the admin account intact afterwards.
    const after = await t.login();
    const me = await t.rest('GET', 'auth/me', { token: after.accessToken });
    expect(me.body.data.user).toMatchObject({ role: 'admin', status: 'active' });
  }, 300_000);
});
