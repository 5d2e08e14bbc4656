import type { IncomingHttpHeaders } from 'node:http';
import { appRouter, type ApiDeps } from '@blogfleet/api';
import type { AnyTRPCRouter } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { fail, type ErrorBody } from './envelope';
import { contextFor } from './request-context';
import { dataMetaRoutes, shapeOf } from './rest-shapes';
import { retryAfterMeta } from './retry-after';

export const REST_PREFIX = '/api/v1';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface CapturedResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string | undefined;
}

interface AdapterErrorBody {
  message?: string;
  data?: { appCode?: ErrorBody['code']; appMessage?: string; details?: unknown };
}

/**
 * Serves every procedure that has `meta.openapi` at /api/v1 and wraps the adapter's raw answer
 * in the envelope of ARCHITECTURE.md, so the REST surface never needs a second hand-written layer.
 */
export async function restPlugin(
  app: FastifyInstance,
  deps: ApiDeps,
  { router = appRouter }: { router?: AnyTRPCRouter } = {},
) {
  const dataMeta = dataMetaRoutes(router);
  const handle = createOpenApiNodeHttpHandler({
    router,
    responseMeta: retryAfterMeta,
    createContext: ({ req }) =>
      contextFor(deps, (req as unknown as { fastifyRequest: FastifyRequest }).fastifyRequest),
    onError({ error, path, req }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        (req as unknown as { fastifyRequest: FastifyRequest }).fastifyRequest.log.error(
          { err: error.cause ?? error, path },
          'procedure failed',
        );
      }
    },
  });

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const captured: CapturedResponse = { statusCode: 200, headers: {}, body: undefined };
    const headers: IncomingHttpHeaders = { ...request.headers };
    let body = request.body;
    // Calls such as "purchase" take no payload; accept them without a body or content type.
    if (BODY_METHODS.has(request.method) && body === undefined) {
      headers['content-type'] = 'application/json';
      body = {};
    }
    const req = {
      fastifyRequest: request,
      method: request.method,
      url: request.url.slice(REST_PREFIX.length) || '/',
      headers,
      body,
      query: request.query,
      once: request.raw.once.bind(request.raw),
      on: request.raw.on.bind(request.raw),
      off: request.raw.off.bind(request.raw),
    };
    const res = {
      get statusCode() {
        return captured.statusCode;
      },
      set statusCode(v: number) {
        captured.statusCode = v;
      },
      setHeader(k: string, v: string) {
        captured.headers[k.toLowerCase()] = v;
      },
      end(data?: string) {
        captured.body = data;
      },
      once: reply.raw.once.bind(reply.raw),
      on: reply.raw.on.bind(reply.raw),
      off: reply.raw.off.bind(reply.raw),
    };
    let unmatched = false;
    await handle(req as never, res as never, () => {
      unmatched = true;
    });
    if (unmatched) {
      const path = request.url.split('?')[0];
      return reply
        .code(404)
        .send(
          fail({ code: 'NOT_FOUND', message: `No API endpoint ${request.method} ${path}`, details: null }),
        );
    }

    const { 'content-type': _ct, ...extraHeaders } = captured.headers;
    reply.headers(extraHeaders).code(captured.statusCode);
    if (captured.statusCode === 204 || captured.body === undefined) return reply.send();
    if (captured.statusCode < 400) {
      const path = req.url.split('?')[0]!;
      if (shapeOf(dataMeta, request.method, path) === 'data-meta') {
        const { data, meta } = JSON.parse(captured.body) as { data: unknown; meta: unknown };
        return reply.send({ success: true, data, meta });
      }
      // The adapter already serialised the output; it goes into the envelope as it is, not parsed twice.
      return reply.type('application/json; charset=utf-8').send(`{"success":true,"data":${captured.body}}`);
    }
    const err = JSON.parse(captured.body) as AdapterErrorBody;
    return reply.send(
      fail({
        code: err.data?.appCode ?? 'INTERNAL_ERROR',
        message: err.data?.appMessage ?? err.message ?? 'An unexpected error occurred. Please try again.',
        details: err.data?.details ?? null,
      }),
    );
  };

  app.route({ method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], url: `${REST_PREFIX}/*`, handler: serve });
}
