import { appRouter, type ApiDeps, type AppRouter } from '@blogfleet/api';
import { resolveResponse } from '@trpc/server/http';
import type { TRPCError } from '@trpc/server';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refuseDeepTrpcInput } from './json-depth';
import { contextFor } from './request-context';
import { retryAfterMeta } from './retry-after';
import { answerJsonCalls } from './trpc-json-calls';

/**
 * Calls one HTTP request may carry (`?batch=1`): enough for a screen's queries, too few to turn one
 * anonymous request into hundreds of password checks. The web console's batch link uses the same number.
 */
export const MAX_BATCH_SIZE = 10;

function requestOf(request: FastifyRequest, reply: FastifyReply): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  // The adapter's signal aborted on every finished response, and building that abort reason (a
  // DOMException with a stack) cost more than the procedure; it now fires only for a client that left.
  const aborter = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) aborter.abort();
  });
  const body = request.body;
  return new Request(`http://${request.host || 'localhost'}${request.url}`, {
    method: request.method,
    headers,
    signal: aborter.signal,
    ...(request.method === 'GET' || request.method === 'HEAD'
      ? {}
      : { body: typeof body === 'string' ? body : body === undefined ? null : JSON.stringify(body) }),
  });
}

/**
 * tRPC's own request resolver behind a Fastify route. tRPC's Fastify adapter does the same, but it
 * streams every answer through a web ReadableStream (a write per chunk) and aborts a signal after each
 * response; the answers here are small JSON documents, so they are read whole and sent in one write.
 * Streaming links (httpBatchStreamLink) still work: their answer is simply delivered at its end.
 */
export async function trpcPlugin(
  app: FastifyInstance,
  deps: ApiDeps,
  /** Off: every request goes through tRPC's resolver (the tests compare both). */
  { jsonFastPath = true }: { jsonFastPath?: boolean } = {},
) {
  await app.register(async (scope) => {
    // tRPC parses its own input: the body reaches it as text.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    refuseDeepTrpcInput(scope);
    const onError = ({ error, path, log }: { error: TRPCError; path?: string; log: FastifyBaseLogger }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR')
        log.error({ err: error.cause ?? error, path }, 'procedure failed');
    };
    scope.all('/trpc/:path', async (request, reply) => {
      const createContext = async () => contextFor(deps, request);
      const answer = jsonFastPath
        ? await answerJsonCalls(request, {
            router: appRouter,
            maxBatchSize: MAX_BATCH_SIZE,
            createContext,
            responseMeta: retryAfterMeta,
            onError: ({ error, path }) => onError({ error, path, log: request.log }),
          })
        : null;
      if (answer) return reply.code(answer.status).headers(answer.headers).send(answer.body);
      const response = await resolveResponse<AppRouter>({
        router: appRouter,
        req: requestOf(request, reply),
        path: (request.params as { path: string }).path,
        error: null,
        maxBatchSize: MAX_BATCH_SIZE,
        responseMeta: retryAfterMeta,
        createContext,
        onError: ({ error, path }) => onError({ error, path, log: request.log }),
      });
      reply.code(response.status);
      response.headers.forEach((value, name) => void reply.header(name, value));
      return reply.send(await response.text());
    });
  });
}
