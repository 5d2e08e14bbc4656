import { appRouter, createCaller, createContext, type Meta } from '@blogfleet/api';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@blogfleet/server/testing';

/** The only procedures an anonymous caller may reach. Adding one here needs a reason. */
const PUBLIC = new Set(['auth.login', 'auth.refreshToken']);

type AnyProcedure = { _def: { meta?: Meta; type: string } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>);

let t: TestApp;
let userToken: string;
beforeAll(async () => {
  t = await startTestApp();
  const u = await t.createUser({ role: 'user' });
  userToken = (await t.login(u.email, u.password)).accessToken;
});
afterAll(() => t.close());

async function callAs(path: string, accessToken: string | null): Promise<unknown> {
  const caller = createCaller(createContext(t.deps, { ip: '127.0.0.1', userAgent: 'walk', accessToken }));
  const fn = path.split('.').reduce<any>((node, key) => node[key], caller);
  try {
    await fn({});
    return null;
  } catch (e) {
    return e;
  }
}

describe('every procedure declares who may call it', () => {
  it('the router is not empty', () => {
    expect(procedures.length).toBeGreaterThan(10);
  });

  it.each(procedures)('%s has an access level, and only the allow-list is public', (path, proc) => {
    const access = proc._def.meta?.access;
    expect(['public', 'user', 'admin']).toContain(access);
    expect(access === 'public').toBe(PUBLIC.has(path));
  });

  it.each(procedures.filter(([p]) => !PUBLIC.has(p)))('%s rejects an anonymous caller', async (path) => {
    const error = await callAs(path, null);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('UNAUTHORIZED');
  });

  it.each(procedures.filter(([, p]) => p._def.meta?.access === 'admin'))(
    '%s rejects a plain user',
    async (path) => {
      const error = await callAs(path, userToken);
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe('FORBIDDEN');
    },
  );

  it('the REST document asks for a bearer token exactly where the procedure needs one', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    for (const [, proc] of procedures) {
      const openapi = proc._def.meta?.openapi;
      if (!openapi) continue;
      const op = doc.paths[openapi.path.replace(/\{(\w+)\}/g, '{$1}')][openapi.method.toLowerCase()];
      const secured = Array.isArray(op.security) && op.security.length > 0;
      expect(secured, `${openapi.method} ${openapi.path}`).toBe(proc._def.meta?.access !== 'public');
    }
  });
});
