import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Reads a generated secret from DATA_DIR, creating it on first start so that restarts keep
 * tokens and stored credentials valid. Configure the variable instead when several hosts share one database.
 */
export function readOrCreateSecret(dataDir: string, name: string, bytes: number): Buffer {
  const path = join(dataDir, name);
  try {
    return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(bytes);
  writeFileSync(path, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
  return secret;
}

export function decodeKey(value: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64url');
}
