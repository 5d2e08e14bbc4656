import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const helmetOptions: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      // Media grids show images from the sites themselves, and a site hosted here answers on plain http.
      'img-src': ["'self'", 'data:', 'https:', 'http:'],
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

/** Of helmet's headers, those that mean something on a script or stylesheet (the rest govern documents). */
const ASSET_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];

/**
 * Helmet's headers on every response. @fastify/helmet recomputed them (parsing the CSP directives) on
 * each request, a measurable share of a list call; they never vary, so helmet computes them once here.
 * Built assets get only the headers that apply to them: the document-only ones cost ~700 bytes on each
 * of the dozen files the first page loads.
 */
export function securityHeaders(app: FastifyInstance, assetPrefix = '/assets/') {
  const headers = rawSecurityHeaders();
  const assetHeaders = Object.fromEntries(
    Object.entries(headers).filter(([name]) => ASSET_HEADERS.includes(name.toLowerCase())),
  );
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(assetPrefix) ? assetHeaders : headers);
    done();
  });
}
