import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

/** The real entry point, started the way an operator starts it (no build step needed). */
const ROOT = resolve(import.meta.dirname, '../../..');
const MAIN = 'apps/server/src/main.ts';

interface Running {
  child: ChildProcess;
  port: number;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: ChildProcess[] = [];
const tempDirs: string[] = [];

afterEach(() => {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

function start(env: Record<string, string>): Running {
  // Only what the server needs: nothing from the test runner's own configuration leaks in.
  const baseEnv: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'SystemRoot']) {
    const v = process.env[key];
    if (v !== undefined) baseEnv[key] = v;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...baseEnv, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  return { child, port: Number(env.PORT ?? 0), stdout: () => out, stderr: () => err, exited };
}

async function waitForHealth(p: Running, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null) {
      throw new Error(
        `server exited with ${p.child.exitCode}\nstdout:\n${p.stdout()}\nstderr:\n${p.stderr()}`,
      );
    }
    try {
      const res = await fetch(`http://127.0.0.1:${p.port}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy\nstdout:\n${p.stdout()}\nstderr:\n${p.stderr()}`);
}

async function stop(p: Running, withinMs = 10_000) {
  const t0 = Date.now();
  p.child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), withinMs).unref());
  const result = await Promise.race([p.exited, timeout]);
  return { result, elapsedMs: Date.now() - t0 };
}

async function api(port: number, method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

function freshDataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'blogfleet-process-'));
  tempDirs.push(dir);
  return dir;
}

describe('server process', () => {
  it('exits non-zero and names the variable when the configuration is invalid', async () => {
    const p = start({ PORT: 'abc', HOST: '127.0.0.1', DATA_DIR: freshDataDir() });
    const { code } = await p.exited;
    expect(code).not.toBe(0);
    expect(p.stderr()).toContain('PORT');
    expect(p.stderr()).toMatch(/Invalid configuration/);
    // It stopped before opening anything: no "listening" line.
    expect(p.stdout()).not.toMatch(/listening/i);
  });

  it('creates the first admin once, shuts down cleanly on SIGTERM, and keeps data and secrets across restarts', async () => {
    const dataDir = freshDataDir();
    const env = { HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' };

    // ---- First start: the admin account and its password are printed exactly once.
    const first = start({ ...env, PORT: String(await freePort()) });
    await waitForHealth(first);
    const out1 = first.stdout();
    const emails = [...out1.matchAll(/email:\s+(\S+)/g)].map((m) => m[1]);
    const passwords = [...out1.matchAll(/password:\s+(\S+)/g)].map((m) => m[1]!);
    expect(emails).toEqual(['admin@blogfleet.local']);
    expect(passwords).toHaveLength(1);
    const password = passwords[0]!;
    expect(password.length).toBeGreaterThanOrEqual(12);
    // Printed by the banner only, never inside a pino line.
    const logLines = out1.split('\n').filter((l) => l.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toContain(password);
    expect(out1.split(password)).toHaveLength(2);
    expect(out1).toMatch(/"database":"pglite"/);

    const ready = await fetch(`http://127.0.0.1:${first.port}/readyz`);
    expect(ready.status).toBe(200);

    const login1 = await api(first.port, 'POST', 'auth/login', { email: 'admin@blogfleet.local', password });
    expect(login1.status).toBe(200);
    expect(login1.body.data.user).toMatchObject({ email: 'admin@blogfleet.local', role: 'admin' });
    const { accessToken, refreshToken } = login1.body.data.tokens;
    const created = await api(
      first.port,
      'POST',
      'users',
      {
        username: 'persisted',
        email: 'persisted@test.local',
        role: 'user',
        status: 'active',
        password: 'persisted-pass-1',
      },
      accessToken,
    );
    expect(created.status).toBe(200);

    // Generated secrets live in DATA_DIR, readable by the owner only.
    for (const name of ['jwt-secret', 'encryption-key']) {
      expect(statSync(join(dataDir, name)).mode & 0o077).toBe(0);
    }

    const stopped1 = await stop(first);
    expect(stopped1.result).toEqual({ code: 0, signal: null });
    expect(stopped1.elapsedMs).toBeLessThan(10_000);
    expect(first.stdout()).toMatch(/shutting down/);

    // ---- Second start on the same DATA_DIR: nothing new printed, everything still valid.
    const second = start({ ...env, PORT: String(await freePort()) });
    await waitForHealth(second);
    const out2 = second.stdout();
    expect(out2).not.toMatch(/password:/);
    expect(out2).not.toMatch(/First start/);
    expect(out2).not.toContain(password);

    // The same JWT secret and sessions: the token issued before the restart still works.
    const me = await api(second.port, 'GET', 'auth/me', undefined, accessToken);
    expect(me.status).toBe(200);
    expect(me.body.data.user.email).toBe('admin@blogfleet.local');
    const refreshed = await api(second.port, 'POST', 'auth/refresh-token', { refreshToken });
    expect(refreshed.status).toBe(200);

    const login2 = await api(second.port, 'POST', 'auth/login', { email: 'admin@blogfleet.local', password });
    expect(login2.status).toBe(200);
    const userLogin = await api(second.port, 'POST', 'auth/login', {
      email: 'persisted@test.local',
      password: 'persisted-pass-1',
    });
    expect(userLogin.status).toBe(200);

    const stopped2 = await stop(second);
    expect(stopped2.result).toEqual({ code: 0, signal: null });
  }, 180_000);
});
