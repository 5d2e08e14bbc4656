import { TRPCError, type AnyTRPCProcedure, type AnyTRPCRouter } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import {
  getErrorShape,
  getTRPCErrorFromUnknown,
  transformTRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyRequest } from 'fastify';

export interface JsonCallsOptions<TContext> {
  router: AnyTRPCRouter;
  maxBatchSize: number;
  createContext: () => Promise<TContext>;
  responseMeta: (opts: { errors: readonly TRPCError[] }) => { headers?: Record<string, string> };
  onError: (opts: { error: TRPCError; path: string }) => void;
}

export interface JsonCallsAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

type Call = { path: string; procedure: AnyTRPCProcedure; input: unknown };

const NEVER_ABORTED = new AbortController().signal;
const METHOD_OF = { query: 'GET', mutation: 'POST' } as const;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The calls of a request, when it is a plain JSON request: GET queries or POST mutations, batched or
 * not, every path a procedure, input that parses. Anything else (streaming, subscriptions, form data,
 * connection params, bad JSON, an unknown path, a batch too big) is `null`, left to tRPC's resolver.
 */
function plainCalls(router: AnyTRPCRouter, request: FastifyRequest, maxBatchSize: number): Call[] | null {
  const query = request.query as Record<string, unknown>;
  if (query.connectionParams !== undefined) return null;
  // Streaming answers (httpBatchStreamLink asks for them either way).
  if (header(request, 'trpc-accept') !== undefined) return null;
  if (header(request, 'accept')?.includes('application/jsonl')) return null;
  // A repeated parameter: tRPC reads the first; leave such requests to it.
  if (Array.isArray(query.batch) || Array.isArray(query.input)) return null;
  let rawPath: string;
  try {
    rawPath = decodeURIComponent((request.params as { path: string }).path);
  } catch {
    return null;
  }
  const batch = query.batch === '1';
  const paths = batch ? rawPath.split(',') : [rawPath];
  if (paths.length > maxBatchSize) return null;

  let inputs: unknown;
  if (request.method === 'GET') {
    if (query.input !== undefined && typeof query.input !== 'string') return null;
    try {
      inputs = query.input ? JSON.parse(query.input) : undefined;
    } catch {
      return null;
    }
  } else if (request.method === 'POST') {
    if (!header(request, 'content-type')?.startsWith('application/json')) return null;
    if (typeof request.body !== 'string') return null;
    try {
      inputs = JSON.parse(request.body);
    } catch {
      return null;
    }
  } else return null;
  // tRPC refuses anything but an object keyed by call index (an array too); its resolver says so.
  if (
    batch &&
    inputs !== undefined &&
    (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs))
  )
    return null;

  const procedures = (router._def as { procedures: Record<string, AnyTRPCProcedure | undefined> }).procedures;
  const deserialize = router._def._config.transformer.input.deserialize as (v: unknown) => unknown;
  const calls: Call[] = [];
  for (const [index, path] of paths.entries()) {
    const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
    if (!procedure) return null;
    const type = procedure._def.type as keyof typeof METHOD_OF | 'subscription';
    if (type === 'subscription' || METHOD_OF[type] !== request.method) return null;
    const raw = batch ? (inputs as Record<string, unknown> | undefined)?.[index] : inputs;
    calls.push({ path, procedure, input: raw === undefined ? undefined : deserialize(raw) });
  }
  return calls;
}

const isDataStream = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  (Symbol.asyncIterator in v ||
    Object.values(v).some(
      (x) => x instanceof Promise || (typeof x === 'object' && x !== null && Symbol.asyncIterator in x),
    ));

/**
 * Answers plain JSON calls exactly as tRPC's `resolveResponse` does (same body, status and headers;
 * test/trpc-json-calls.test.ts compares the two), without building a web Request and Response for each:
 * on a list call that machinery cost as much as the procedure itself.
 */
export async function answerJsonCalls<TContext>(
  request: FastifyRequest,
  opts: JsonCallsOptions<TContext>,
): Promise<JsonCallsAnswer | null> {
  const calls = plainCalls(opts.router, request, opts.maxBatchSize);
  if (!calls) return null;
  const config = opts.router._def._config;
  const ctx = await opts.createContext();
  const errors: TRPCError[] = [];
  const results = await Promise.all(
    calls.map(async ({ path, procedure, input }, batchIndex) => {
      const type = procedure._def.type as 'query' | 'mutation';
      try {
        const data = await (procedure as unknown as (o: object) => Promise<unknown>)({
          path,
          getRawInput: async () => input,
          ctx,
          type,
          signal: NEVER_ABORTED,
          batchIndex,
        });
        if (isDataStream(data)) {
          throw new TRPCError({
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
          });
        }
        return { result: { data } };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        errors.push(error);
        opts.onError({ error, path });
        return { error: getErrorShape({ config, ctx, error, input, path, type }) };
      }
    }),
  );
  const json = (request.query as { batch?: unknown }).batch === '1' ? results : results[0]!;
  const headers: Record<string, string> = {
    vary: 'trpc-accept, accept',
    'content-type': 'application/json',
    ...opts.responseMeta({ errors }).headers,
  };
  return {
    status: getHTTPStatusCode(json as never),
    headers,
    body: JSON.stringify(transformTRPCResponse(config, json as never)),
  };
}
