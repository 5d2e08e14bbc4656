import { Writable } from 'node:stream';
import { appRouter, ensureInitialAdmin } from '@blogfleet/api';
import { sql } from '@blogfleet/db';
import { createTestDb } from '@blogfleet/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { loggerOptions } from '../src/logger';
import { ADMIN, startTestApp, testConfig, type TestApp } from '@blogfleet/server/testing';

const ALLOWED_ORIGIN = 'http://allowed.test';
const BODY_LIMIT = 4096;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ CORS_ORIGINS: ALLOWED_ORIGIN, BODY_LIMIT_BYTES: String(BODY_LIMIT) });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('health', () => {
  it('/healthz answers while the process is up', async () => {
    const res = await get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 when the database is reachable', async () => {
    const res = await get('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('/readyz answers 503 when the database is unreachable, while /healthz stays 200', async () => {
    const dbHandle = await createTestDb();
    const { app } = await buildApp(testConfig(), { dbHandle, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await dbHandle.close();
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('OpenAPI document', () => {
  const expected: [string, string][] = [
    ['post', '/auth/login'],
    ['post', '/auth/logout'],
    ['post', '/auth/refresh-token'],
    ['get', '/auth/me'],
    ['get', '/users'],
    ['post', '/users'],
    ['get', '/users/stats'],
    ['put', '/users/{id}'],
    ['delete', '/users/{id}'],
    ['put', '/users/{id}/status'],
    ['get', '/dashboard/stats'],
  ];
  const publicCalls = new Set(['post /auth/login', 'post /auth/refresh-token']);
  let doc: any;
  beforeAll(async () => {
    const res = await get('/api/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    doc = res.json();
  });

  const operations = () =>
    Object.entries<any>(doc.paths).flatMap(([path, item]) =>
      Object.entries<any>(item).map(([method, op]) => ({ path, method, op })),
    );

  it('is OpenAPI 3.1 with the /api/v1 base and a bearer scheme', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info).toMatchObject({ title: 'Blogfleet API' });
    expect(doc.servers).toEqual([{ url: '/api/v1' }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    // No document-wide requirement, so an operation without `security` really is public.
    expect(doc.security).toBeUndefined();
  });

  it('has every call of the spec with the right method', () => {
    for (const [method, path] of expected) {
      expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
  });

  it('is generated from the routers: one operation per procedure with openapi meta', () => {
    const fromRouter = Object.values<any>(appRouter._def.procedures)
      .map((p) => p._def.meta?.openapi)
      .filter(Boolean)
      .map((o: { method: string; path: string }) => `${o.method.toLowerCase()} ${o.path}`)
      .sort();
    const inDoc = operations()
      .map(({ method, path }) => `${method} ${path}`)
      .sort();
    expect(inDoc).toEqual(fromRouter);
    expect(fromRouter.length).toBeGreaterThanOrEqual(expected.length);
  });

  it('describes every success response as the envelope { success: true, data }', () => {
    for (const { path, method, op } of operations()) {
      const ok = op.responses['200'];
      expect(ok, `${method} ${path}`).toBeDefined();
      const schema = ok.content['application/json'].schema;
      expect(schema.type).toBe('object');
      expect(schema.required).toEqual(expect.arrayContaining(['success', 'data']));
      expect(schema.properties.success).toEqual({ type: 'boolean', const: true });
      expect(schema.properties.data).toBeDefined();
    }
    const stats = doc.paths['/dashboard/stats'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(stats.properties.data.properties).sort()).toEqual(
      [
        'total_sites',
        'active_sites',
        'total_content',
        'published_content',
        'pending_content',
        'total_keyword_groups',
        'active_keywords',
        'used_keywords',
        'avg_keyword_score',
        'avg_content_score',
        'total_keywords',
        'scored_content',
      ].sort(),
    );
  });

  it('points every error response at the ErrorEnvelope schema', () => {
    const envelope = doc.components.schemas.ErrorEnvelope;
    expect(envelope.required).toEqual(['success', 'error']);
    expect(envelope.properties.success).toEqual({ type: 'boolean', const: false });
    expect(envelope.properties.error.required).toEqual(['code', 'message', 'details']);
    expect(envelope.properties.error.properties.code.enum).toEqual(
      expect.arrayContaining([
        'VALIDATION_ERROR',
        'UNAUTHORIZED',
        'FORBIDDEN',
        'NOT_FOUND',
        'INTERNAL_ERROR',
      ]),
    );
    let errors = 0;
    for (const { path, method, op } of operations()) {
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (status.startsWith('2')) continue;
        errors += 1;
        expect(response.content['application/json'].schema, `${method} ${path} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorEnvelope',
        });
      }
    }
    expect(errors).toBeGreaterThan(operations().length);
    expect(doc.paths['/auth/me'].get.responses['401']).toBeDefined();
  });

  it('requires bearer auth on protected calls and nothing on login and refresh-token', () => {
    for (const { path, method, op } of operations()) {
      const key = `${method} ${path}`;
      if (publicCalls.has(key)) {
        expect(op.security ?? [], key).toEqual([]);
      } else {
        expect(op.security, key).toEqual([{ bearerAuth: [] }]);
      }
    }
  });
});

describe('API docs page', () => {
  it('serves an HTML page whose swagger-ui assets are actually served', async () => {
    const res = await get('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    // The CSP forbids inline scripts, so every script must come from a URL.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const urls = [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!);
    const css = urls.filter((u) => u.endsWith('.css'));
    const js = urls.filter((u) => u.endsWith('.js'));
    expect(css.length).toBeGreaterThanOrEqual(1);
    expect(js).toContain('/api/docs/init.js');
    expect(js.length).toBeGreaterThanOrEqual(2);
    for (const url of urls) {
      expect(url.startsWith('/'), `${url} is served by this server`).toBe(true);
      const asset = await get(url);
      expect(asset.statusCode, url).toBe(200);
      expect(asset.body.length, url).toBeGreaterThan(0);
      if (url.endsWith('.css')) expect(asset.headers['content-type'], url).toMatch(/^text\/css/);
      if (url.endsWith('.js')) expect(asset.headers['content-type'], url).toMatch(/javascript/);
    }
    const bundle = js.find((u) => u.includes('swagger-ui'));
    expect(bundle).toBeDefined();
    expect((await get(bundle!)).body).toContain('SwaggerUIBundle');
  });

  it('init.js loads /api/v1/openapi.json', async () => {
    const res = await get('/api/docs/init.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('SwaggerUIBundle');
    expect(res.body).toMatch(/url:\s*'\/api\/v1\/openapi\.json'/);
  });

  it('answers 404 in the envelope for an asset that does not exist', async () => {
    const res = await get('/api/docs/assets/nope.js');
    expect(res.statusCode).toBe(404);
  });
});

describe('security headers', () => {
  it.each(['/healthz', '/api/docs', '/api/v1/auth/me', '/api/v1/openapi.json'])(
    'are set on %s',
    async (url) => {
      const res = await get(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-powered-by']).toBeUndefined();
    },
  );
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });

  it('allows a configured origin on preflight', async () => {
    const res = await preflight(ALLOWED_ORIGIN);
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
  });

  it('does not allow another origin on preflight', async () => {
    const res = await preflight('http://evil.test');
    // Without access-control-allow-origin the browser refuses the call, whatever else is sent.
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sets access-control-allow-origin on plain requests only for the configured origin', async () => {
    const allowed = await t.rest('POST', 'auth/login', { body: ADMIN, headers: { origin: ALLOWED_ORIGIN } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);

    const other = await t.rest('GET', 'auth/me', { headers: { origin: 'http://evil.test' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const health = await get('/healthz', { origin: 'https://allowed.test' });
    expect(health.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('body size limit', () => {
  it(`answers 413 PAYLOAD_TOO_LARGE in the envelope for a JSON body above BODY_LIMIT_BYTES`, async () => {
    const payload = JSON.stringify({ email: ADMIN.email, password: 'x'.repeat(BODY_LIMIT + 10) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String), details: null },
    });
  });

  it('accepts a body just under the limit', async () => {
    // Unknown fields are ignored by the procedure, so the padding only makes the body big.
    const res = await t.rest('POST', 'auth/login', {
      body: { email: ADMIN.email, password: ADMIN.password, padding: 'x'.repeat(BODY_LIMIT - 200) },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });

  it('applies to the tRPC endpoint too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: ADMIN.email, password: 'x'.repeat(BODY_LIMIT + 10) }),
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('configuration', () => {
  const base = { JWT_SECRET: 'x'.repeat(32) };

  it('has sensible defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      corsOrigins: [],
      bodyLimit: 1_048_576,
      logLevel: 'info',
    });
  });

  it('reads valid values', () => {
    const c = loadConfig({
      ...base,
      PORT: '8080',
      DATABASE_URL: 'postgresql://u:p@db:5432/blogfleet',
      CORS_ORIGINS: 'http://a.test, https://b.test',
      BODY_LIMIT_BYTES: '2048',
      ADMIN_PASSWORD: 'long-enough',
    });
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: 'postgresql://u:p@db:5432/blogfleet',
      corsOrigins: ['http://a.test', 'https://b.test'],
      bodyLimit: 2048,
      adminPassword: 'long-enough',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['JWT_SECRET', 'too-short'],
    ['CORS_ORIGINS', 'notaurl'],
    ['CORS_ORIGINS', 'http://ok.test,notaurl'],
    ['ADMIN_PASSWORD', 'short'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['BODY_LIMIT_BYTES', '-1'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', 'true'],
    ['ENCRYPTION_KEY', 'abc'],
  ])('rejects %s=%s with a ConfigError naming the variable', (name, value) => {
    let caught: unknown;
    try {
      loadConfig({ ...base, [name]: value });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as Error).message).toContain(name);
  });

  it('never echoes a rejected secret value in the message', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short-secret-value' })).toThrow(ConfigError);
    try {
      loadConfig({ JWT_SECRET: 'short-secret-value', ADMIN_PASSWORD: 'tiny' });
    } catch (e) {
      expect((e as Error).message).toContain('JWT_SECRET');
      expect((e as Error).message).toContain('ADMIN_PASSWORD');
      expect((e as Error).message).not.toContain('short-secret-value');
      expect((e as Error).message).not.toContain('tiny');
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });
});

describe('logs', () => {
  it('never contain passwords, tokens or password hashes, even at trace level', async () => {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        chunks.push(String(chunk));
        done();
      },
    });
    const dbHandle = await createTestDb();
    const config = testConfig({ LOG_LEVEL: 'trace' });
    // The production logger options (with their redaction), writing to memory.
    const { app, deps } = await buildApp(config, {
      dbHandle,
      logger: { ...(loggerOptions(config) as object), stream },
    });
    const secrets: string[] = [];
    try {
      const adminPassword = 'admin-log-password-1';
      await ensureInitialAdmin(deps, { email: 'admin@logs.test', password: adminPassword });
      secrets.push(adminPassword);
      const call = async (method: string, url: string, body?: unknown, token?: string) => {
        const res = await app.inject({
          method: method as 'POST',
          url,
          payload: body as object,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        return { status: res.statusCode, body: res.json() };
      };

      const login = await call('POST', '/api/v1/auth/login', {
        email: 'admin@logs.test',
        password: adminPassword,
      });
      expect(login.status).toBe(200);
      const { accessToken, refreshToken } = login.body.data.tokens;
      secrets.push(accessToken, refreshToken);

      const refreshed = await call('POST', '/api/v1/auth/refresh-token', { refreshToken });
      expect(refreshed.status).toBe(200);
      secrets.push(refreshed.body.data.accessToken, refreshed.body.data.refreshToken);
      const token = refreshed.body.data.accessToken;

      const userPassword = 'new-user-password-1';
      secrets.push(userPassword);
      const created = await call(
        'POST',
        '/api/v1/users',
        {
          username: 'logged',
          email: 'logged@logs.test',
          role: 'user',
          status: 'active',
          password: userPassword,
        },
        token,
      );
      expect(created.status).toBe(200);

      const wrongPassword = 'wrong-password-for-logs';
      secrets.push(wrongPassword);
      const failed = await call('POST', '/api/v1/auth/login', {
        email: 'admin@logs.test',
        password: wrongPassword,
      });
      expect(failed.status).toBe(401);

      // Internal errors while a password is being stored, through REST and tRPC alike.
      await sql`CREATE FUNCTION refuse_users() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'simulated failure'; END $$`.execute(dbHandle.db);
      await sql`CREATE TRIGGER refuse_users BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_users()`.execute(
        dbHandle.db,
      );
      const restFailPassword = 'rest-internal-password-1';
      const trpcFailPassword = 'trpc-internal-password-1';
      secrets.push(restFailPassword, trpcFailPassword);
      const restFail = await call(
        'POST',
        '/api/v1/users',
        {
          username: 'boom1',
          email: 'boom1@logs.test',
          role: 'user',
          status: 'active',
          password: restFailPassword,
        },
        token,
      );
      expect(restFail.status).toBe(500);
      expect(restFail.body.error.code).toBe('INTERNAL_ERROR');
      const trpcFail = await call(
        'POST',
        '/trpc/users.create',
        {
          username: 'boom2',
          email: 'boom2@logs.test',
          role: 'user',
          status: 'active',
          password: trpcFailPassword,
        },
        token,
      );
      expect(trpcFail.status).toBe(500);

      const hashes = await dbHandle.db.selectFrom('users').select('password_hash').execute();
      secrets.push(...hashes.map((h) => h.password_hash));
    } finally {
      await app.close();
      await dbHandle.close();
    }

    const text = chunks.join('');
    // The log really captured the traffic and the failures, so the absence checks below mean something.
    expect(text).toContain('/api/v1/auth/login');
    expect(text).toContain('/api/v1/auth/refresh-token');
    expect(text).toContain('procedure failed');
    expect(text).toContain('simulated failure');
    for (const secret of secrets)
      expect(text.includes(secret), `log contains ${secret.slice(0, 12)}…`).toBe(false);
    expect(text).not.toContain('password_hash');
    expect(text).not.toMatch(/\$argon2|\$2[aby]\$/);
  });
});

describe('TRUST_PROXY', () => {
  it('believes X-Forwarded-For only from the listed proxies', async () => {
    const behindProxy = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
    const direct = await startTestApp();
    try {
      // A probe route registered before the apps start answering.
      for (const t of [behindProxy, direct]) t.app.get('/whoami-test', async (req) => ({ ip: req.ip }));
      const ask = async (t: TestApp, remoteAddress: string) =>
        (
          await t.app.inject({
            url: '/whoami-test',
            remoteAddress,
            headers: { 'x-forwarded-for': '203.0.113.9' },
          })
        ).json().ip;
      expect(await ask(behindProxy, '127.0.0.1')).toBe('203.0.113.9');
      expect(await ask(behindProxy, '198.51.100.7')).toBe('198.51.100.7');
      expect(await ask(direct, '127.0.0.1')).toBe('127.0.0.1');
    } finally {
      await behindProxy.close();
      await direct.close();
    }
  }, 90_000);
});
