/**
 * A local server speaking DataForSEO's v3 API for the calls Blogfleet makes (appendix/user_data), with
 * its envelope and error bodies (`{status_code, status_message}`). Loopback only; for tests.
 */
import { startBareTestServer, type RecordedHttpRequest, type TestReply } from '../../test-server';

export interface DataForSeoTestServerOptions {
  login?: string;
  password?: string;
  balance?: number;
}

export interface DataForSeoTestServer {
  /** The client's base URL (paths start with /v3). */
  url: string;
  login: string;
  password: string;
  requests: RecordedHttpRequest[];
  /** The next request is answered with this HTTP status and DataForSEO status code/message. */
  failNext(httpStatus: number, statusCode: number, statusMessage: string): void;
  hangNext(): void;
  close(): Promise<void>;
}

const VERSION = '0.1.20260101';

export const dataForSeoFailure = (
  httpStatus: number,
  statusCode: number,
  statusMessage: string,
): TestReply => ({
  status: httpStatus,
  body: {
    version: VERSION,
    status_code: statusCode,
    status_message: statusMessage,
    time: '0.0012 sec.',
    cost: 0,
    tasks_count: 0,
    tasks_error: 0,
    tasks: null,
  },
});

const UNAUTHORIZED = () =>
  dataForSeoFailure(
    401,
    40100,
    'You are not authorized to access this resource. See your login details here: https://app.dataforseo.com/api-access',
  );

export async function startDataForSeoTestServer(
  options: DataForSeoTestServerOptions = {},
): Promise<DataForSeoTestServer> {
  const login = options.login ?? 'api@blogfleet.test';
  const password = options.password ?? 'dfs-test-password-0000';
  const failures: TestReply[] = [];

  const bare = await startBareTestServer((req) => {
    const failure = failures.shift();
    if (failure) return failure;
    const match = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const given = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
    if (given !== `${login}:${password}`) return UNAUTHORIZED();
    if (req.method === 'GET' && req.path === '/v3/appendix/user_data') {
      return {
        status: 200,
        body: {
          version: VERSION,
          status_code: 20000,
          status_message: 'Ok.',
          time: '0.0345 sec.',
          cost: 0,
          tasks_count: 1,
          tasks_error: 0,
          tasks: [
            {
              id: '11221108-0000-0000-0000-000000000001',
              status_code: 20000,
              status_message: 'Ok.',
              time: '0.0100 sec.',
              cost: 0,
              result_count: 1,
              path: ['v3', 'appendix', 'user_data'],
              data: { api: 'appendix', function: 'user_data' },
              result: [
                {
                  login,
                  timezone: 'UTC',
                  rates: { limits: { day: { total: 200000 }, minute: { total: 2000 } } },
                  money: { total: 50, balance: options.balance ?? 42.5, limits: {}, statistics: {} },
                },
              ],
            },
          ],
        },
      };
    }
    return dataForSeoFailure(404, 40400, 'Not Found.');
  });

  return {
    url: bare.url,
    login,
    password,
    requests: bare.requests,
    failNext(httpStatus, statusCode, statusMessage) {
      failures.push(dataForSeoFailure(httpStatus, statusCode, statusMessage));
    },
    hangNext: bare.hangNext,
    close: bare.close,
  };
}
