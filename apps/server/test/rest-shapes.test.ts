import { AppError, type ApiDeps, type Meta } from '@blogfleet/api';
import { paginationShape } from '@blogfleet/validators';
import { initTRPC } from '@trpc/server';
import Fastify, { type FastifyInstance } from 'fastify';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from '../src/plugins/openapi';
import { restPlugin } from '../src/plugins/rest';

/** A router of two lists, one per shape the spec's clients read (the real lists come with their areas). */
const t = initTRPC.meta<Meta & OpenApiMeta>().create();
const page = {
  page: 1,
  limit: 2,
  total: 3,
  totalPages: 2,
  hasNext: true,
  hasPrev: false,
  totalExact: true,
  nextCursor: 'c2',
};
const item = z.object({ id: z.number(), name: z.string() });
const testRouter = t.router({
  things: t.procedure
    .meta({ openapi: { method: 'GET', path: '/things', protect: false } })
    .input(z.object({ search: z.string().optional() }))
    .output(z.object({ things: z.array(item), pagination: paginationShape }))
    .query(() => ({ things: [{ id: 1, name: 'a' }], pagination: page })),
  domains: t.procedure
    .meta({
      openapi: { method: 'GET', path: '/sites/{siteId}/domains', protect: false },
      restShape: 'data-meta',
    })
    .input(z.object({ siteId: z.coerce.number() }))
    .output(z.object({ data: z.array(item), meta: z.object({ pagination: paginationShape }) }))
    .query(({ input }) => {
      if (input.siteId === 404) throw new AppError('NOT_FOUND', 'Site not found');
      return { data: [{ id: input.siteId, name: 'example.com' }], meta: { pagination: page } };
    }),
});

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await restPlugin(app, {} as ApiDeps, { router: testRouter });
});
afterAll(() => app.close());

describe('REST list shapes', () => {
  it('answers data.<items> + data.pagination for ordinary lists', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/things' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { things: [{ id: 1, name: 'a' }], pagination: page } });
  });

  it('answers data + meta.pagination for lists that ask for it, errors still in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/sites/7/domains' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: [{ id: 7, name: 'example.com' }],
      meta: { pagination: page },
    });
    const missing = await app.inject({ method: 'GET', url: '/api/v1/sites/404/domains' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      success: false,
      error: { code: 'NOT_FOUND', message: 'Site not found' },
    });
  });

  it('describes each shape in the OpenAPI document', () => {
    const doc = buildOpenApiDocument('test', testRouter) as any;
    const schema = (path: string) => doc.paths[path].get.responses['200'].content['application/json'].schema;
    expect(schema('/things').properties.data.properties).toHaveProperty('things');
    expect(schema('/things').properties.data.properties).toHaveProperty('pagination');
    const flat = schema('/sites/{siteId}/domains');
    expect(flat.required).toEqual(['success', 'data', 'meta']);
    expect(flat.properties.data.type).toBe('array');
    expect(flat.properties.meta.properties).toHaveProperty('pagination');
  });

  it('tells a wrong method (405 with Allow) from an unknown path (404)', async () => {
    const wrong = await app.inject({ method: 'DELETE', url: '/api/v1/things' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('GET');
    expect(wrong.json()).toMatchObject({ success: false, error: { code: 'METHOD_NOT_ALLOWED' } });
    const unknown = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });
});
