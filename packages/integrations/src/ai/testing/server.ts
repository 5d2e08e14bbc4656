/**
 * A local server speaking OpenAI's chat-completions protocol, for tests of the AI client and of the
 * features built on it. Scripted replies are answered first, then the responder. Loopback only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  completionBody,
  errorBody,
  maskKey,
  schemaResponder,
  type RecordedChatRequest,
  type Responder,
  type ScriptedReply,
} from './replies';

export interface ChatCompletionsTestServerOptions {
  /** The key clients must send as `Authorization: Bearer …` (default `sk-test-blogfleet-0000`). */
  apiKey?: string;
  /** When set, a request for another model is answered 404 `model_not_found`, like OpenAI does. */
  models?: string[];
  /** Answers requests once the script is used up (default: a value of the requested JSON schema). */
  respond?: Responder;
  /** Scripted replies, used in order. */
  replies?: ScriptedReply[];
}

export interface ChatCompletionsTestServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `url` + `/v1`, what a client takes as its base URL. */
  baseUrl: string;
  port: number;
  apiKey: string;
  /** Every request to the API, in arrival order, including refused ones. */
  requests: RecordedChatRequest[];
  /** Only the chat-completions requests. */
  completions(): RecordedChatRequest[];
  enqueue(...replies: ScriptedReply[]): void;
  setResponder(respond: Responder): void;
  close(): Promise<void>;
}

const MAX_BODY = 5 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed || res.headersSent) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
  res.writeHead(status, { 'content-type': type, ...headers });
  res.end(text);
}

export async function startChatCompletionsTestServer(
  options: ChatCompletionsTestServerOptions = {},
): Promise<ChatCompletionsTestServer> {
  const apiKey = options.apiKey ?? 'sk-test-blogfleet-0000';
  const queue: ScriptedReply[] = [...(options.replies ?? [])];
  let responder: Responder = options.respond ?? schemaResponder;
  const requests: RecordedChatRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let nextId = 1;

  const wait = (ms: number, res: ServerResponse) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timers.add(timer);
      // A client that gave up (timeout) closes the socket: stop waiting for it.
      res.on('close', done);
      function done() {
        clearTimeout(timer);
        timers.delete(timer);
        resolve();
      }
    });

  async function answerCompletion(record: RecordedChatRequest, raw: string, res: ServerResponse) {
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      record.status = 400;
      return send(
        res,
        400,
        errorBody('We could not parse the JSON body of your request.', 'invalid_request_error', null),
      );
    }
    record.body = (body ?? {}) as RecordedChatRequest['body'];
    const { model, messages } = record.body;
    if (typeof model !== 'string' || !Array.isArray(messages)) {
      record.status = 400;
      const missing = typeof model !== 'string' ? 'model' : 'messages';
      return send(
        res,
        400,
        errorBody(
          `Missing required parameter: '${missing}'.`,
          'invalid_request_error',
          'missing_required_parameter',
          missing,
        ),
      );
    }
    if (options.models && !options.models.includes(model)) {
      record.status = 404;
      return send(
        res,
        404,
        errorBody(
          `The model \`${model}\` does not exist or you do not have access to it.`,
          'invalid_request_error',
          'model_not_found',
        ),
      );
    }
    const reply = queue.shift() ?? (await responder(record));
    if (reply.delayMs) await wait(reply.delayMs, res);
    const status = reply.status ?? 200;
    record.status = status;
    const headers = { 'x-request-id': `req_test_${nextId}`, ...reply.headers };
    if (reply.rawBody !== undefined) return send(res, status, reply.rawBody, headers);
    if (status >= 400) {
      const e = reply.error ?? {};
      const body = errorBody(
        e.message ?? `Test server error (HTTP ${status})`,
        e.type ?? (status >= 500 ? 'server_error' : 'invalid_request_error'),
        e.code ?? null,
        e.param ?? null,
      );
      return send(res, status, body, headers);
    }
    send(res, status, completionBody(record, reply, nextId++), headers);
  }

  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '');
    const record: RecordedChatRequest = {
      method: req.method ?? 'GET',
      path,
      at: Date.now(),
      authorization: req.headers.authorization,
      body: {},
    };
    try {
      const raw = await readBody(req);
      requests.push(record);
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        record.status = 401;
        const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        const message = given
          ? `Incorrect API key provided: ${maskKey(given)}. You can find your API key at https://platform.openai.com/account/api-keys.`
          : "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).";
        return send(res, 401, errorBody(message, 'invalid_request_error', given ? 'invalid_api_key' : null));
      }
      if (req.method === 'POST' && path === '/v1/chat/completions')
        return await answerCompletion(record, raw, res);
      if (req.method === 'GET' && path === '/v1/models') {
        record.status = 200;
        const created = Math.floor(Date.now() / 1000);
        const data = (options.models ?? ['test-model']).map((id) => ({
          id,
          object: 'model',
          created,
          owned_by: 'test',
        }));
        return send(res, 200, { object: 'list', data });
      }
      record.status = 404;
      send(
        res,
        404,
        errorBody(`Unknown request URL: ${req.method} ${path}.`, 'invalid_request_error', 'unknown_url'),
      );
    } catch (err) {
      record.status = 500;
      send(res, 500, errorBody(`Test server failure: ${(err as Error).message}`, 'server_error', null));
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | undefined;

  return {
    url,
    baseUrl: `${url}/v1`,
    port,
    apiKey,
    requests,
    completions: () => requests.filter((r) => r.path === '/v1/chat/completions'),
    enqueue: (...replies) => void queue.push(...replies),
    setResponder: (respond) => void (responder = respond),
    // Idempotent, so a test may close early and its afterEach close again.
    close: () =>
      (closing ??= new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((err) => (err ? reject(err) : resolve()));
        // Keep-alive and hanging sockets would otherwise hold close() open.
        server.closeAllConnections();
      })),
  };
}
