import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api as restCall, freePort, spawnServer, type ServerProcess } from '@blogfleet/server/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

const started: ServerProcess[] = [];
const tempDirs: string[] = [];

afterEach(() => {
  for (const p of started.splice(0)) p.kill();
});
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** The real entry point, started the way an operator starts it (from source: no build step needed). */
async function start(env: Record<string, string>): Promise<ServerProcess> {
  const p = await spawnServer({ from: 'source', env });
  started.push(p);
  return p;
}

async function api(port: number, method: string, path: string, body?: unknown, token?: string) {
  return restCall(`http://127.0.0.1:${port}`, method, path, { body, token });
}

function freshDataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'blogfleet-process-'));
  tempDirs.push(dir);
  return dir;
}

describe('server process', () => {
  it('exits non-zero and names the variable when the configuration is invalid', async () => {
    const p = await start({ PORT: 'abc', HOST: '127.0.0.1', DATA_DIR: freshDataDir() });
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
    const first = await start({ ...env, PORT: String(await freePort()) });
    await first.waitFor();
    const out1 = await first.waitForOutput(/Blogfleet is listening/);
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

    const stopped1 = await first.stop();
    expect(stopped1).toMatchObject({ code: 0, signal: null });
    expect(stopped1.elapsedMs).toBeLessThan(10_000);
    expect(first.stdout()).toMatch(/shutting down/);

    // ---- Second start on the same DATA_DIR: nothing new printed, everything still valid.
    const second = await start({ ...env, PORT: String(await freePort()) });
    await second.waitFor();
    const out2 = await second.waitForOutput(/Blogfleet is listening/);
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

    const stopped2 = await second.stop();
    expect(stopped2).toMatchObject({ code: 0, signal: null });
  }, 180_000);
});
