import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, type Config } from './config';

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;
// Windows has no owner/group/other bits to tighten.
const POSIX = process.platform !== 'win32';

/**
 * Makes `path` readable by its owner only. Something more open (made by hand, restored from a backup)
 * is tightened and reported rather than refused, because the start must not depend on the umask of
 * whoever copied the files; a mode that cannot be fixed stops the start.
 */
function keepPrivate(path: string, mode: number, notices: string[]): void {
  if (!POSIX) return;
  const current = statSync(path).mode & 0o777;
  if ((current & 0o077) === 0) return;
  try {
    chmodSync(path, mode);
  } catch (e) {
    throw new ConfigError(
      `${path} is readable by other users (mode ${current.toString(8)}) and could not be made private: ${(e as Error).message}`,
    );
  }
  notices.push(
    `${path} was readable by other users (mode ${current.toString(8)}); it is now ${mode.toString(8)}`,
  );
}

/** Creates DATA_DIR for the owner only (0700), or tightens an existing one. */
export function prepareDataDir(dataDir: string, notices: string[] = []): string[] {
  if (dataDir.startsWith('memory://')) return notices;
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
  keepPrivate(dataDir, PRIVATE_DIR, notices);
  return notices;
}

export interface SecretRule {
  /** Length of a generated secret. */
  bytes: number;
  /** Shortest accepted length of a secret read from the file; `exact` accepts `bytes` only. */
  minBytes: number;
  exact?: boolean;
  /** What the operator can do about a bad file (it names the variable that replaces it). */
  remedy: string;
}

/**
 * Reads a generated secret from DATA_DIR, creating it (0600) on first start so that restarts keep
 * tokens and stored credentials valid. Configure the variable instead when several hosts share one database.
 */
export function readOrCreateSecret(
  dataDir: string,
  name: string,
  rule: SecretRule,
  notices: string[] = [],
): Buffer {
  const path = join(dataDir, name);
  let text: string | null = null;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  if (text !== null) {
    keepPrivate(path, PRIVATE_FILE, notices);
    const secret = Buffer.from(text.trim(), 'base64url');
    const fits = rule.exact ? secret.length === rule.bytes : secret.length >= rule.minBytes;
    if (!fits) {
      const wanted = rule.exact ? `exactly ${rule.bytes}` : `at least ${rule.minBytes}`;
      throw new ConfigError(
        `${resolve(path)} holds a ${secret.length}-byte secret; it must be ${wanted} bytes, base64url-encoded. ${rule.remedy}`,
      );
    }
    return secret;
  }
  prepareDataDir(dataDir, notices);
  const secret = randomBytes(rule.bytes);
  writeFileSync(path, secret.toString('base64url'), { mode: PRIVATE_FILE, flag: 'wx' });
  return secret;
}

export function decodeKey(value: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64url');
}

const JWT_SECRET_FILE: SecretRule = {
  bytes: 64,
  minBytes: 32,
  remedy: 'Delete the file to have a new one generated (everyone signs in again), or set JWT_SECRET.',
};
// A new key cannot decrypt what the old one stored, so the remedy is the right file, not a fresh one.
const ENCRYPTION_KEY_FILE: SecretRule = {
  bytes: 32,
  minBytes: 32,
  exact: true,
  remedy: 'Restore the file from your backup, or set ENCRYPTION_KEY.',
};

export interface Secrets {
  jwtSecret: Uint8Array;
  encryptionKey: Buffer;
  /** Things the operator should hear about once the logger is up (permissions that were tightened). */
  notices: string[];
}

/**
 * The signing secret and the encryption key, from the environment or DATA_DIR. Runs before the database
 * opens, so a bad file stops the start at once, and DATA_DIR is private before PGlite writes into it.
 */
export function loadSecrets(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'jwtSecret' | 'encryptionKey'>,
): Secrets {
  const notices: string[] = [];
  if (!config.databaseUrl || !config.jwtSecret || !config.encryptionKey)
    prepareDataDir(config.dataDir, notices);
  const jwtSecret = config.jwtSecret
    ? new TextEncoder().encode(config.jwtSecret)
    : new Uint8Array(readOrCreateSecret(config.dataDir, 'jwt-secret', JWT_SECRET_FILE, notices));
  const encryptionKey = config.encryptionKey
    ? decodeKey(config.encryptionKey)
    : readOrCreateSecret(config.dataDir, 'encryption-key', ENCRYPTION_KEY_FILE, notices);
  return { jwtSecret, encryptionKey, notices };
}
