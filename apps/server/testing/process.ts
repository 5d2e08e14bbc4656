import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabaseUrl } from '@blogfleet/db/testing';
import { freePort } from './ports';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
export const SERVER_BUNDLE = join(REPO, 'apps/server/dist/main.js');
export const WORKER_BUNDLE = join(REPO, 'apps/server/dist/worker.js');
export const WEB_INDEX = join(REPO, 'apps/web/dist/index.html');
const SOURCE: Record<Entry, string> = {
  server: join(REPO, 'apps/server/src/main.ts'),
  worker: join(REPO, 'apps/server/src/worker.ts'),
};
const BUNDLE: Record<Entry, string> = { server: SERVER_BUNDLE, worker: WORKER_BUNDLE };

export type Entry = 'server' | 'worker';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once /healthz answers (or `path`), rejects with the output if the process exits first. */
  waitFor(path?: string, timeoutMs?: number): Promise<void>;
  /** Resolves once stdout matches: a log line written after listen() may reach the pipe after /healthz answers. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGTERM and wait (SIGKILL after `withinMs`); answers how it ended and how long it took. */
  stop(withinMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; elapsedMs: number }>;
  kill(signal?: NodeJS.Signals): void;
}

export interface SpawnOptions {
  entry?: Entry;
  /** Run the bundle in dist/ (what operators run) or the TypeScript source through tsx. */
  from?: 'built' | 'source';
  env: Record<string, string>;
  /** Keep the test runner's environment (default: only PATH/HOME/TMPDIR pass through). */
  inheritEnv?: boolean;
  /** Another TypeScript entry to run through tsx instead (a test's own wrapper of the worker). */
  script?: string;
}

/** Starts the server (or the worker-only process) as its own process, the way an operator does. */
export async function spawnServer(opts: SpawnOptions): Promise<ServerProcess> {
  const entry = opts.entry ?? 'server';
  const port = opts.env.PORT ? Number(opts.env.PORT) : await freePort();
  const baseEnv: Record<string, string> = {};
  if (opts.inheritEnv) Object.assign(baseEnv, process.env);
  else
    for (const key of ['PATH', 'HOME', 'TMPDIR']) {
      const v = process.env[key];
      if (v !== undefined) baseEnv[key] = v;
    }
  const args = opts.script
    ? ['--import', 'tsx', opts.script]
    : opts.from === 'source'
      ? ['--import', 'tsx', SOURCE[entry]]
      : [BUNDLE[entry]];
  const child = spawn(process.execPath, args, {
    cwd: REPO,
    env: { ...baseEnv, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const describe = () => `stdout:\n${out}\nstderr:\n${err}`;
  return {
    child,
    port,
    url,
    stdout: () => out,
    stderr: () => err,
    exited,
    async waitFor(path = '/healthz', timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`server exited with ${child.exitCode ?? child.signalCode}\n${describe()}`);
        }
        try {
          if ((await fetch(`${url}${path}`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 150));
      }
      throw new Error(`server did not answer ${path} within ${timeoutMs} ms\n${describe()}`);
    },
    async waitForOutput(pattern: RegExp, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(out)) {
        if (Date.now() > deadline)
          throw new Error(`stdout did not match ${pattern} within ${timeoutMs} ms\n${describe()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return out;
    },
    async stop(withinMs = 10_000) {
      const t0 = Date.now();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), withinMs);
      const result = await exited;
      clearTimeout(timer);
      return { ...result, elapsedMs: Date.now() - t0 };
    },
    kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

export interface RunningServer extends ServerProcess {
  jwtSecret: string;
  /** The database it runs on: a fresh Postgres database (TEST_DATABASE_URL) or null for PGlite. */
  databaseUrl: string | null;
  dataDir: string;
  /** Stops the process and removes its data directory and database. */
  dispose(): Promise<void>;
}

/** The built server on a fresh database (PGlite in a temp dir, or a new Postgres database), ready. */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'blogfleet-server-'));
  const database = env.DATABASE_URL === undefined ? await createTestDatabaseUrl() : null;
  const jwtSecret = 'built-server-secret-at-least-32-characters';
  const server = await spawnServer({
    inheritEnv: true,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  try {
    await server.waitFor('/readyz');
  } catch (e) {
    server.kill();
    await database?.drop();
    throw e;
  }
  return {
    ...server,
    jwtSecret,
    databaseUrl: database?.url ?? env.DATABASE_URL ?? null,
    dataDir,
    async dispose() {
      await server.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Why the built app cannot be started here, or null when it can. */
export function builtAppMissing(): string | null {
  if (!existsSync(SERVER_BUNDLE) || !existsSync(WEB_INDEX)) return 'the app is not built (run npm run build)';
  return null;
}
