import { ensureInitialAdmin, type ApiDeps } from '@blogfleet/api';
import type { DbHandle } from '@blogfleet/db';
import { createTestDb } from '@blogfleet/db/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { ADMIN, testConfig } from './config';

export interface Envelope<T = any> {
  success: boolean;
  data: T;
  /** Lists read as `data` + `meta.pagination` (domains, keyword groups). */
  meta?: any;
  error: { code: string; message: string; details: any };
}

export interface RestResponse<T = any> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Envelope<T>;
}

export interface RestOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string | number>;
  ip?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  deps: ApiDeps;
  db: DbHandle['db'];
  dbHandle: DbHandle;
  config: Config;
  rest<T = any>(method: string, path: string, opts?: RestOptions): Promise<RestResponse<T>>;
  login(email?: string, password?: string): Promise<{ accessToken: string; refreshToken: string }>;
  /** Creates a user through the API as the admin and returns its id and credentials. */
  createUser(
    fields?: Partial<{ username: string; email: string; role: string; status: string; password: string }>,
  ): Promise<{ id: number; email: string; password: string }>;
  /** Polls GET /jobs/{id} with the token until the job has ended (up to a minute); answers the job. */
  waitForJob(id: string, token: string): Promise<any>;
  close(): Promise<void>;
}

let counter = 0;

/** The whole app in this process (app.inject) on a database of its own, with an admin account. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = testConfig(env);
  const dbHandle = await createTestDb({
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
  });
  const { app, deps } = await buildApp(config, { dbHandle, logger: false });
  await ensureInitialAdmin(deps, ADMIN);

  const rest: TestApp['rest'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await app.inject({
      method: method as 'GET',
      url: `/api/v1/${path.replace(/^\//, '')}`,
      query: opts.query
        ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))
        : undefined,
      payload: opts.body as object | undefined,
      headers,
      remoteAddress: opts.ip,
    });
    return {
      status: res.statusCode,
      headers: res.headers,
      body: res.body ? res.json() : (undefined as never),
    };
  };

  const login: TestApp['login'] = async (email = ADMIN.email, password = ADMIN.password) => {
    const res = await rest('POST', 'auth/login', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
    return res.body.data.tokens;
  };

  let adminToken: string | null = null;
  const createUser: TestApp['createUser'] = async (fields = {}) => {
    adminToken ??= (await login()).accessToken;
    counter += 1;
    const input = {
      username: `user${counter}`,
      email: `user${counter}@test.local`,
      role: 'user',
      status: 'active',
      password: 'user-password-1',
      ...fields,
    };
    const res = await rest('POST', 'users', { token: adminToken, body: input });
    if (res.status !== 200) throw new Error(`create user failed: ${JSON.stringify(res.body)}`);
    return { id: res.body.data.user.id, email: input.email, password: input.password };
  };

  return {
    app,
    deps,
    db: dbHandle.db,
    dbHandle,
    config,
    rest,
    waitForJob: async (id, token) => {
      for (let i = 0; i < 240; i++) {
        const job = (await rest('GET', `jobs/${id}`, { token })).body.data.job;
        if (['completed', 'failed', 'cancelled'].includes(job.status)) return job;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`job ${id} did not end`);
    },
    login,
    createUser,
    close: async () => {
      await app.close();
      await dbHandle.close();
    },
  };
}
