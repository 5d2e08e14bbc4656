import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config';
import { loadSecrets, prepareDataDir } from '../src/secret-files';

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function scratch() {
  const dir = mkdtempSync(join(tmpdir(), 'blogfleet-secrets-'));
  tempDirs.push(dir);
  return dir;
}

const mode = (path: string) => statSync(path).mode & 0o777;
const fromDataDir = (dataDir: string) => ({
  dataDir,
  databaseUrl: undefined,
  jwtSecret: undefined,
  encryptionKey: undefined,
});

describe('DATA_DIR', () => {
  it('is created for the owner only (0700), with generated secret files 0600', () => {
    const dataDir = join(scratch(), 'nested', 'data');
    const first = loadSecrets(fromDataDir(dataDir));
    expect(mode(dataDir)).toBe(0o700);
    for (const name of ['jwt-secret', 'encryption-key']) expect(mode(join(dataDir, name))).toBe(0o600);
    expect(first.jwtSecret.length).toBe(64);
    expect(first.encryptionKey.length).toBe(32);
    expect(first.notices).toEqual([]);

    const again = loadSecrets(fromDataDir(dataDir));
    expect(Buffer.from(again.jwtSecret)).toEqual(Buffer.from(first.jwtSecret));
    expect(again.encryptionKey).toEqual(first.encryptionKey);
  });

  it('is tightened to 0700 when it already exists more open, and the operator is told', () => {
    const dataDir = join(scratch(), 'data');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    const notices = prepareDataDir(dataDir);
    expect(mode(dataDir)).toBe(0o700);
    expect(notices).toEqual([`${dataDir} was readable by other users (mode 755); it is now 700`]);
  });

  it('tightens an existing secret file that others can read', () => {
    const dataDir = scratch();
    writeFileSync(join(dataDir, 'jwt-secret'), Buffer.alloc(48, 7).toString('base64url'), { mode: 0o644 });
    chmodSync(join(dataDir, 'jwt-secret'), 0o644);
    const { notices } = loadSecrets(fromDataDir(dataDir));
    expect(mode(join(dataDir, 'jwt-secret'))).toBe(0o600);
    expect(notices).toContain(
      `${join(dataDir, 'jwt-secret')} was readable by other users (mode 644); it is now 600`,
    );
  });

  it('is left alone when the database and both secrets come from the environment', () => {
    const dataDir = join(scratch(), 'unused');
    loadSecrets({
      dataDir,
      databaseUrl: 'postgres://db/app',
      jwtSecret: 'x'.repeat(32),
      encryptionKey: '0'.repeat(64),
    });
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('secret files that are too short', () => {
  it('stop the start with a message that names the jwt-secret file', () => {
    const dataDir = scratch();
    writeFileSync(join(dataDir, 'jwt-secret'), Buffer.alloc(31, 1).toString('base64url') + '\n', {
      mode: 0o600,
    });
    expect(() => loadSecrets(fromDataDir(dataDir))).toThrow(ConfigError);
    expect(() => loadSecrets(fromDataDir(dataDir))).toThrow(
      `${resolve(dataDir, 'jwt-secret')} holds a 31-byte secret; it must be at least 32 bytes, base64url-encoded. ` +
        'Delete the file to have a new one generated (everyone signs in again), or set JWT_SECRET.',
    );
  });

  it('refuse an empty jwt-secret and an encryption-key that is not exactly 32 bytes', () => {
    const empty = scratch();
    writeFileSync(join(empty, 'jwt-secret'), '', { mode: 0o600 });
    expect(() => loadSecrets(fromDataDir(empty))).toThrow(/jwt-secret holds a 0-byte secret/);

    const longKey = scratch();
    writeFileSync(join(longKey, 'encryption-key'), Buffer.alloc(33, 2).toString('base64url'), {
      mode: 0o600,
    });
    expect(() => loadSecrets(fromDataDir(longKey))).toThrow(
      /encryption-key holds a 33-byte secret; it must be exactly 32 bytes.*Restore the file from your backup, or set ENCRYPTION_KEY/,
    );
  });

  it('stop the real server before it opens the database, printing the message without a stack trace', async () => {
    const dataDir = scratch();
    writeFileSync(join(dataDir, 'jwt-secret'), 'c2hvcnQ', { mode: 0o600 });
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
    };
    for (const key of ['PATH', 'HOME', 'TMPDIR']) if (process.env[key]) env[key] = process.env[key]!;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: resolve(import.meta.dirname, '../../..'),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((done) => child.once('exit', done));

    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `${resolve(dataDir, 'jwt-secret')} holds a 5-byte secret; it must be at least 32 bytes, base64url-encoded. ` +
        'Delete the file to have a new one generated (everyone signs in again), or set JWT_SECRET.',
    );
    expect(stdout).not.toMatch(/listening/i);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  }, 60_000);
});
