import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import { fail, type ErrorBody } from './envelope';

/**
 * Node 20's parser (llhttp) has no error of its own for a long URL: the request line counts towards
 * the same 16 KiB header budget, and both overflow as HPE_HEADER_OVERFLOW. The URL alone is to blame
 * when the parser stopped right where the request target ends (" HTTP/" follows), or when the bytes it
 * saw start a request line that never ended; otherwise the header section is.
 */
function urlOverflowed(err: ConnectionError): boolean {
  const raw = err.rawPacket as unknown;
  if (!Buffer.isBuffer(raw)) return false;
  if (raw.subarray(err.bytesParsed, err.bytesParsed + 6).toString('latin1') === ' HTTP/') return true;
  return /^[A-Z]+ /.test(raw.subarray(0, 16).toString('latin1')) && !raw.includes('\r\n');
}

function describe(err: ConnectionError): { status: number; body: ErrorBody } {
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return urlOverflowed(err)
      ? { status: 414, body: { code: 'URI_TOO_LONG', message: 'Request URL is too long', details: null } }
      : {
          status: 431,
          body: { code: 'HEADERS_TOO_LARGE', message: 'Request headers are too large', details: null },
        };
  }
  if (err.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') {
    return {
      status: 413,
      body: { code: 'PAYLOAD_TOO_LARGE', message: 'Chunk extensions are too large', details: null },
    };
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      body: { code: 'TIMEOUT_ERROR', message: 'The request did not arrive in time', details: null },
    };
  }
  return {
    status: 400,
    body: { code: 'VALIDATION_ERROR', message: 'Malformed HTTP request', details: null },
  };
}

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request, in the same envelope and
 * with the same security headers as every routed answer (Fastify's default writes bare JSON).
 */
export function clientErrorHandler(securityHeaders: Record<string, string>) {
  const fixedHeaders = Object.entries({ ...securityHeaders, 'cache-control': 'no-store' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return function onClientError(this: FastifyInstance, err: ConnectionError, socket: Socket) {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, body } = describe(err);
    this.log.debug({ err, status }, 'request refused by the HTTP parser');
    // As Node's own handler does: never write into a response that has already started on this socket.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const payload = JSON.stringify(fail(body));
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
          'content-type: application/json; charset=utf-8\r\n' +
          `content-length: ${Buffer.byteLength(payload)}\r\n` +
          'connection: close\r\n' +
          fixedHeaders +
          '\r\n' +
          payload,
      );
    }
    socket.destroy(err);
  };
}

/**
 * Fastify's return503OnClosing writes a fixed bare body; this answers requests that still arrive on
 * open connections during shutdown in the envelope instead, after helmet has set its headers.
 */
export function refuseWhileClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_req, reply) => {
    if (!closing) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .header('cache-control', 'no-store')
      .send(
        fail({
          code: 'SERVICE_UNAVAILABLE',
          message: 'The server is shutting down. Please try again in a moment.',
          details: null,
        }),
      );
  });
}
