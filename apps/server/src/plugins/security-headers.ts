import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const helmetOptions: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'https:'],
      'connect-src': ["'self'"],
      // Served over plain HTTP on a LAN or behind a TLS proxy alike; upgrading would break the former.
      'upgrade-insecure-requests': null,
    },
  },
};

interface HeaderSink {
  setHeader(name: string, value: string): void;
  removeHeader(name: string): void;
}
type HelmetMiddleware = (req: unknown, res: HeaderSink, next: (err?: unknown) => void) => void;

let computed: Record<string, string> | null = null;

/**
 * The headers helmet puts on every routed response, for answers that never reach Fastify's hooks (the
 * HTTP parser's 431/414/400, Fastify's errors before routing). Taken from the very helmet that
 * @fastify/helmet runs, with the same options, so both kinds of answer carry the same headers.
 */
export function rawSecurityHeaders(): Record<string, string> {
  computed ??= helmetHeaders();
  return computed;
}

function helmetHeaders(): Record<string, string> {
  const require = createRequire(import.meta.url);
  const helmet = createRequire(require.resolve('@fastify/helmet'))('helmet') as (
    options: object,
  ) => HelmetMiddleware;
  const headers: Record<string, string> = {};
  const sink: HeaderSink = {
    setHeader: (name, value) => (headers[name] = value),
    removeHeader: (name) => delete headers[name],
  };
  const { global: _global, enableCSPNonces: _nonces, ...options } = helmetOptions;
  helmet(options)({}, sink, (err) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Helmet's headers on every response. @fastify/helmet recomputed them (parsing the CSP directives) on
 * each request, a measurable share of a list call; they never vary, so helmet computes them once here.
 */
export function securityHeaders(app: FastifyInstance) {
  const headers = rawSecurityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
