/**
 * A local server speaking Porkbun's JSON API v3 for the calls Blogfleet makes (ping), with Porkbun's
 * error bodies (`{status: 'ERROR', message}`). Loopback only; for tests.
 */
import { startBareTestServer, type RecordedHttpRequest, type TestReply } from '../../test-server';

export interface PorkbunTestServerOptions {
  apiKey?: string;
  secretApiKey?: string;
  /** What ping reports as the caller's address. */
  yourIp?: string;
}

export interface PorkbunTestServer {
  url: string;
  /** `url` + `/api/json/v3`: the client's base URL. */
  baseUrl: string;
  apiKey: string;
  secretApiKey: string;
  requests: RecordedHttpRequest[];
  /** The next request is answered with this HTTP status and body. */
  failNext(status: number, body: unknown): void;
  hangNext(): void;
  close(): Promise<void>;
}

const error = (status: number, message: string): TestReply => ({
  status,
  body: { status: 'ERROR', message },
});

export async function startPorkbunTestServer(
  options: PorkbunTestServerOptions = {},
): Promise<PorkbunTestServer> {
  const apiKey = options.apiKey ?? 'pk1_test0000000000000000000000000000';
  const secretApiKey = options.secretApiKey ?? 'sk1_test0000000000000000000000000000';
  const failures: TestReply[] = [];

  const bare = await startBareTestServer((req) => {
    const failure = failures.shift();
    if (failure) return failure;
    if (req.method !== 'POST') return error(405, 'Only POST requests are accepted.');
    let body: { apikey?: unknown; secretapikey?: unknown };
    try {
      body = JSON.parse(req.body || '{}');
    } catch {
      return error(400, 'Invalid JSON body.');
    }
    // Porkbun checks the key pair before it looks at the command.
    if (body.apikey !== apiKey || body.secretapikey !== secretApiKey)
      return error(400, 'Invalid API key. (002)');
    if (req.path === '/api/json/v3/ping') {
      return { status: 200, body: { status: 'SUCCESS', yourIp: options.yourIp ?? '127.0.0.1' } };
    }
    return error(404, 'Invalid command.');
  });

  return {
    url: bare.url,
    baseUrl: `${bare.url}/api/json/v3`,
    apiKey,
    secretApiKey,
    requests: bare.requests,
    failNext(status, body) {
      failures.push({ status, body });
    },
    hangNext: bare.hangNext,
    close: bare.close,
  };
}
