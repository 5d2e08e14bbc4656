import { connect } from 'node:net';
import { createTestDb } from '@blogfleet/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { startTestApp, testConfig, type TestApp } from '@blogfleet/server/testing';

/** What helmet sets on every routed response; the answers below must carry the same. */
const HELMET_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** Splits what came back on one connection into responses (all of ours carry content-length). */
function parseResponses(raw: Buffer): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const body = rest.subarray(end + 4, end + 4 + length).toString('utf8');
    responses.push({ status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(body) });
    rest = rest.subarray(end + 4 + length);
  }
  return responses;
}

/** Sends raw bytes over TCP (inject() would bypass Node's HTTP parser) and reads until the server closes. */
function exchange(port: number, request: string, chunkSize = request.length): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (d) => received.push(d));
    socket.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'ECONNRESET' ? null : reject(err)));
    socket.on('close', () => resolve(parseResponses(Buffer.concat(received))));
    socket.on('connect', async () => {
      for (let i = 0; i < request.length && !socket.destroyed; i += chunkSize) {
        socket.write(request.slice(i, i + chunkSize));
        if (chunkSize < request.length) await new Promise((r) => setTimeout(r, 10));
      }
    });
  });
}

let t: TestApp;
let port: number;
let expectedHeaders: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const routed = await fetch(`http://127.0.0.1:${port}/api/v1/auth/me`);
  expectedHeaders = Object.fromEntries(HELMET_HEADERS.map((name) => [name, routed.headers.get(name)!]));
});
afterAll(() => t.close());

function expectEnvelope(res: RawResponse | undefined, status: number, code: string) {
  expect(res?.status).toBe(status);
  expect(res!.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res!.body).toEqual({ success: false, error: { code, message: expect.any(String), details: null } });
  for (const name of HELMET_HEADERS) expect(res!.headers[name], name).toBe(expectedHeaders[name]);
  expect(res!.headers['cache-control']).toBe('no-store');
}

describe("refusals by Node's HTTP parser", () => {
  it("has all of helmet's headers to compare with", () => {
    expect(expectedHeaders['x-content-type-options']).toBe('nosniff');
    expect(expectedHeaders['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers an oversized header section with 431 HEADERS_TOO_LARGE', async () => {
    const [res] = await exchange(
      port,
      `GET /api/v1/auth/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectEnvelope(res, 431, 'HEADERS_TOO_LARGE');
    expect(res!.headers.connection).toBe('close');
  });

  it('answers many small headers adding up past the limit with 431', async () => {
    const headers = Array.from({ length: 400 }, (_, i) => `X-H${i}: ${'b'.repeat(50)}\r\n`).join('');
    const [res] = await exchange(port, `GET / HTTP/1.1\r\nHost: x\r\n${headers}\r\n`, 4096);
    expectEnvelope(res, 431, 'HEADERS_TOO_LARGE');
  });

  // Node reports no separate error for the URL: it counts towards the 16 KiB header limit too.
  it('answers an overlong URL with 414 URI_TOO_LONG', async () => {
    for (const [length, chunk] of [
      [20_000, undefined],
      [100_000, undefined],
      [20_000, 4096],
    ] as const) {
      const [res] = await exchange(
        port,
        `GET /api/v1/${'u'.repeat(length)} HTTP/1.1\r\nHost: x\r\n\r\n`,
        chunk,
      );
      expectEnvelope(res, 414, 'URI_TOO_LONG');
    }
  });

  it('answers a malformed request with 400 VALIDATION_ERROR', async () => {
    const [res] = await exchange(port, 'GET / HTTP/1.1\r\nHost x\r\n\r\n');
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
  });
});

describe("Fastify's refusals before routing", () => {
  it('answers a path parameter over maxParamLength (a huge tRPC batch) with 414 URI_TOO_LONG', async () => {
    const paths = Array.from({ length: 500 }, () => 'auth.login').join(',');
    const [res] = await exchange(
      port,
      `POST /trpc/${paths}?batch=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\nContent-Type: application/json\r\n\r\n{}`,
    );
    expectEnvelope(res, 414, 'URI_TOO_LONG');
    expect(res!.body.error.message).toBe('Request URL is too long');
  });

  it('answers a malformed URL with 400 in the envelope with the same headers', async () => {
    const [res] = await exchange(
      port,
      'GET /api/v1/users/%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
  });
});

describe('requests arriving while the server is closing', () => {
  it('get 503 SERVICE_UNAVAILABLE in the envelope with the security headers', async () => {
    const dbHandle = await createTestDb();
    const { app } = await buildApp(testConfig(), { dbHandle, logger: false });
    let entered!: () => void;
    const inFlight = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    app.get('/test/slow', async () => {
      entered();
      await gate;
      return { ok: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const closingPort = typeof address === 'object' && address ? address.port : 0;
    try {
      // One request keeps the connection busy, so closing cannot reap it; the next one arrives during shutdown.
      const socket = connect(closingPort, '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (d) => received.push(d));
      const socketClosed = new Promise((r) => socket.on('close', r));
      socket.write('GET /test/slow HTTP/1.1\r\nHost: x\r\n\r\n');
      await inFlight;
      const closed = app.close();
      await new Promise((r) => setTimeout(r, 50));
      socket.write('GET /api/v1/auth/me HTTP/1.1\r\nHost: x\r\n\r\n');
      await new Promise((r) => setTimeout(r, 50));
      release();
      await socketClosed;
      await closed;

      const [slow, refused] = parseResponses(Buffer.concat(received));
      expect(slow?.status).toBe(200);
      expectEnvelope(refused, 503, 'SERVICE_UNAVAILABLE');
      expect(refused!.headers.connection).toBe('close');
    } finally {
      release();
      await app.close();
      await dbHandle.close();
    }
  });
});
