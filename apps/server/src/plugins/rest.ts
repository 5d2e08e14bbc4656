import {
  AppError,
  appRouter,
  authenticate,
  createCaller,
  describeError,
  type ApiDeps,
  type Meta,
} from '@blogfleet/api';
import { TRPCError, type AnyTRPCRouter } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import {
  coerceSchema,
  getInputOutputParsers,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  unwrapZodType,
} from 'trpc-to-openapi';
import { fail } from './envelope';
import { contextFor } from './request-context';
import { retryAfterMeta } from './retry-after';

export const REST_PREFIX = '/api/v1';
/**
 * Calls with their own (larger) body limit run at most this many at once per process (from reading the
 * body to the answer); more are told to retry, so a burst of 10 MB uploads cannot hold the server's memory.
 */
export const LARGE_BODIES_AT_ONCE = 4;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Procedure {
  _def: { type: 'query' | 'mutation' | 'subscription'; meta?: Meta };
}

interface Endpoint {
  path: string;
  method: HTTPMethods;
  url: string;
  /** Input is z.void(): nothing is read from the request. */
  noInput: boolean;
  /** Query-string keys whose schema is an array (a single value is wrapped, as the adapter does). */
  arrayKeys: string[];
  dataMeta: boolean;
  bodyLimit: number | undefined;
}

type Caller = Record<string, unknown>;
type CallerFactory = (ctx: ReturnType<typeof contextFor>) => Caller;

function arrayKeysOf(schema: unknown): string[] {
  if (!instanceofZodTypeObject(schema as never)) return [];
  const shape = (
    schema as { shape: Record<string, { def?: { type?: string; innerType?: { def?: { type?: string } } } }> }
  ).shape;
  return Object.entries(shape)
    .filter(
      ([, s]) =>
        s.def?.type === 'array' || (s.def?.type === 'optional' && s.def.innerType?.def?.type === 'array'),
    )
    .map(([k]) => k);
}

/**
 * Every procedure with `meta.openapi` becomes a Fastify route at /api/v1 (the OpenAPI path with
 * `{param}` as `:param`), reading its input from the query string (GET) or the JSON body, plus the
 * path parameters, exactly as trpc-to-openapi reads it, and answering in the envelope of
 * docs/architecture.md. The procedure runs through tRPC's caller (its middlewares, input and output
 * validation), so REST is the same procedure, not a second implementation; trpc-to-openapi still
 * writes the OpenAPI document from the same meta.
 */
function endpointsOf(router: AnyTRPCRouter): Endpoint[] {
  const procedures = (router as unknown as { _def: { procedures: Record<string, Procedure> } })._def
    .procedures;
  const endpoints: Endpoint[] = [];
  for (const [path, procedure] of Object.entries(procedures)) {
    const openapi = procedure._def.meta?.openapi;
    if (!openapi || openapi.enabled === false) continue;
    const { inputParser } = getInputOutputParsers(procedure as never);
    const schema = unwrapZodType(inputParser as never, true);
    const noInput = instanceofZodTypeLikeVoid(schema);
    // Query strings carry text: numbers, booleans and dates in the schema are read from it (once, here).
    // Only for GET: JSON bodies have real types, and these schemas also serve tRPC.
    if (openapi.method === 'GET' && instanceofZodTypeObject(schema)) coerceSchema(schema);
    endpoints.push({
      path,
      method: openapi.method as HTTPMethods,
      url: `${REST_PREFIX}${openapi.path.replace(/\{([^}]+)\}/g, ':$1')}`,
      noInput,
      arrayKeys: arrayKeysOf(schema),
      dataMeta: procedure._def.meta?.restShape === 'data-meta',
      bodyLimit: procedure._def.meta?.bodyLimit,
    });
  }
  return endpoints;
}

const unsupportedMediaType = (type: string) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', `Unsupported content-type "${type}"; send application/json`);

function inputOf(endpoint: Endpoint, request: FastifyRequest): unknown {
  if (endpoint.noInput) return undefined;
  const params = request.params as Record<string, string>;
  if (BODY_METHODS.has(request.method)) {
    const type = request.headers['content-type'];
    if (request.body !== undefined && type && !type.toLowerCase().startsWith('application/json')) {
      throw unsupportedMediaType(type);
    }
    // Calls such as "purchase" take no payload; accept them without a body.
    const body = request.body ?? {};
    return typeof body === 'object' && !Array.isArray(body) ? { ...body, ...params } : body;
  }
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request.query as Record<string, string | string[]>)) {
    if (value === '' || value === undefined) continue;
    query[key] = endpoint.arrayKeys.includes(key) && !Array.isArray(value) ? [value] : value;
  }
  return { ...query, ...params };
}

function send(reply: FastifyReply, endpoint: Endpoint, output: unknown) {
  if (endpoint.dataMeta) {
    const { data, meta } = output as { data: unknown; meta: unknown };
    return reply.send({ success: true, data, meta });
  }
  // Serialised once, straight into the envelope.
  return reply
    .type('application/json; charset=utf-8')
    .send(`{"success":true,"data":${output === undefined ? 'null' : JSON.stringify(output)}}`);
}

export async function restPlugin(
  app: FastifyInstance,
  deps: ApiDeps,
  { router = appRouter }: { router?: AnyTRPCRouter } = {},
) {
  const callerFor: CallerFactory =
    router === appRouter
      ? (ctx) => createCaller(ctx) as unknown as Caller
      : (ctx) => (router as unknown as { createCaller: CallerFactory }).createCaller(ctx);

  const endpoints = endpointsOf(router);
  // For telling "no such endpoint" (404) from "not with this method" (405).
  const shapes = endpoints.map((e) => ({
    method: e.method,
    path: new RegExp(`^${e.url.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')}/?$`),
  }));
  let largeBodies = 0;
  const counted = new WeakSet<FastifyRequest>();
  for (const endpoint of endpoints) {
    const segments = endpoint.path.split('.');
    app.route({
      method: endpoint.method,
      url: endpoint.url,
      ...(endpoint.bodyLimit
        ? {
            bodyLimit: endpoint.bodyLimit,
            // A large body is read only for a signed-in caller: the session is checked before it.
            onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
              try {
                await authenticate(deps, contextFor(deps, request).req.accessToken);
              } catch (error) {
                if (!(error instanceof AppError)) throw error;
                return reply.code(401).send(fail(describeError(error)));
              }
              if (largeBodies >= LARGE_BODIES_AT_ONCE) {
                return reply
                  .code(429)
                  .header('retry-after', '2')
                  .send(
                    fail({
                      code: 'RATE_LIMITED',
                      message: 'Too many uploads at once; try again in a moment',
                      details: { retryAfterSeconds: 2 },
                    }),
                  );
              }
              largeBodies++;
              counted.add(request);
              // The socket's end frees the slot whatever happened: answered, dropped mid-upload, or gone
              // while the call still ran (Fastify's onResponse never comes for a caller that left).
              const release = () => {
                if (counted.delete(request)) largeBodies--;
              };
              reply.raw.once('close', release);
              reply.raw.once('finish', release);
            },
          }
        : {}),
      handler: async (request, reply) => {
        try {
          const input = inputOf(endpoint, request);
          let fn: unknown = callerFor(contextFor(deps, request));
          for (const s of segments) fn = (fn as Caller)[s];
          const output = await (fn as (input: unknown) => Promise<unknown>)(input);
          return send(reply, endpoint, output);
        } catch (cause) {
          const error =
            cause instanceof TRPCError
              ? cause
              : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: String(cause), cause });
          if (error.code === 'INTERNAL_SERVER_ERROR') {
            request.log.error({ err: error.cause ?? error, path: endpoint.path }, 'procedure failed');
          }
          const { headers } = retryAfterMeta({ errors: [error] });
          return reply
            .code(getHTTPStatusCodeFromError(error))
            .headers(headers ?? {})
            .send(fail(describeError(error)));
        }
      },
    });
  }

  // Anything else under /api/v1 is not an endpoint.
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: `${REST_PREFIX}/*`,
    handler: async (request, reply) => {
      const path = request.url.split('?')[0]!;
      const allowed = [...new Set(shapes.filter((s) => s.path.test(path)).map((s) => s.method))];
      if (allowed.length > 0) {
        return reply
          .code(405)
          .header('allow', allowed.join(', '))
          .send(
            fail({
              code: 'METHOD_NOT_ALLOWED',
              message: `${request.method} is not allowed on ${path} (allowed: ${allowed.join(', ')})`,
              details: null,
            }),
          );
      }
      return reply
        .code(404)
        .send(
          fail({ code: 'NOT_FOUND', message: `No API endpoint ${request.method} ${path}`, details: null }),
        );
    },
  });
}
