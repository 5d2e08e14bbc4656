/**
 * The bare HTTP server under the providers' test servers (testing entry points only; never imported by
 * production code). Loopback only; every request is recorded; answers can be delayed or withheld.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedHttpRequest {
  method: string;
  path: string;
  /** The raw query string, without the `?`. */
  query: string;
  /** Header names in lower case; the authorization header is kept so tests can assert on it. */
  headers: Record<string, string>;
  body: string;
}

export interface TestReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** The work is done but the connection is cut instead of answering (an answer lost on the way). */
  drop?: boolean;
}

export type TestHandler = (req: RecordedHttpRequest) => TestReply;

export interface BareTestServer {
  url: string;
  port: number;
  requests: RecordedHttpRequest[];
  /** The next request gets no answer until the server closes (the client's deadline fires). */
  hangNext(): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1024 * 1024) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, reply: TestReply) {
  if (res.destroyed || res.headersSent) return;
  if (reply.drop) {
    res.socket?.destroy();
    return;
  }
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  const type = typeof reply.body === 'string' ? 'text/html; charset=utf-8' : 'application/json';
  res.writeHead(reply.status, { 'content-type': type, ...reply.headers });
  res.end(text);
}

export interface BareTestServerOptions {
  /**
   * Milliseconds every answer waits after the request was handled (the work is done, only the answer
   * is late: a client that timed out may still have changed something). Read on each request.
   */
  delayMs?: (req: RecordedHttpRequest) => number;
}

export async function startBareTestServer(
  handle: TestHandler,
  options: BareTestServerOptions = {},
): Promise<BareTestServer> {
  const requests: RecordedHttpRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  let hang = 0;
  const wait = (ms: number, res: ServerResponse) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timers.add(timer);
      // A client that gave up closes the socket: stop waiting for it.
      res.on('close', done);
      function done() {
        clearTimeout(timer);
        timers.delete(timer);
        resolve();
      }
    });
  const server = createServer(async (req, res) => {
    const body = await readBody(req).catch(() => '');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
    const recorded: RecordedHttpRequest = {
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0]!,
      query: (req.url ?? '').split('?')[1] ?? '',
      headers,
      body,
    };
    requests.push(recorded);
    if (hang > 0) {
      hang -= 1;
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    let reply: TestReply;
    try {
      reply = handle(recorded);
    } catch (err) {
      reply = { status: 500, body: { error: (err as Error).message } };
    }
    const delay = options.delayMs?.(recorded) ?? 0;
    if (delay > 0) await wait(delay, res);
    send(res, reply);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    hangNext() {
      hang += 1;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
