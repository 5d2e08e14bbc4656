import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail, type ErrorBody } from './envelope';
import { rawSecurityHeaders } from './security-headers';

/** Fastify's own failures (bad JSON, oversize body, unknown route) in the same envelope as procedure errors. */
function describe(error: FastifyError): { status: number; body: ErrorBody } {
  const status = error.statusCode ?? 500;
  if (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error instanceof SyntaxError
  ) {
    return {
      status: 400,
      body: { code: 'PARSE_ERROR', message: 'Request body is not valid JSON', details: null },
    };
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return {
      status: 413,
      body: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large', details: null },
    };
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // The message would echo the whole overlong path.
    return { status: 414, body: { code: 'URI_TOO_LONG', message: 'Request URL is too long', details: null } };
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    // Fastify's message echoes the whole URL, query string included.
    return {
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'The request URL is not valid (a malformed %-escape)',
        details: null,
      },
    };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: error.message, details: null } };
  }
  if (status < 500) {
    return { status, body: { code: 'VALIDATION_ERROR', message: error.message, details: null } };
  }
  return {
    status: 500,
    body: {
      code: 'INTERNAL_ERROR',
      message: 'An unexpected error occurred. Please try again.',
      details: null,
    },
  };
}

/**
 * Fastify's failures before routing (a malformed URL such as /api/v1/users/%ZZ, a path parameter over
 * maxParamLength), which bypass the error handler and the hooks that set helmet's headers.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const { status, body } = describe(error);
  if (status >= 500) req.log.error({ err: error }, 'request failed');
  return reply
    .headers(rawSecurityHeaders())
    .header('cache-control', 'no-store')
    .code(status)
    .send(fail(body));
}

/** Paths that belong to the API; everything else is a page of the web console. */
const API_PATH = /^\/(api|trpc|healthz|readyz)(\/|$|\?)/;

export function errorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const { status, body } = describe(error);
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    return reply.code(status).send(fail(body));
  });
}

/** Unknown API paths get the envelope; unknown page paths get the web console, which routes them itself. */
export function notFoundHandler(app: FastifyInstance, spaIndexHtml: string | null) {
  app.setNotFoundHandler((req, reply) => {
    if (spaIndexHtml && (req.method === 'GET' || req.method === 'HEAD') && !API_PATH.test(req.url)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(spaIndexHtml);
    }
    return reply.code(404).send(
      fail({
        code: 'NOT_FOUND',
        message: `No route for ${req.method} ${req.url.split('?')[0]}`,
        details: null,
      }),
    );
  });
}
