import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SecretsSettings } from '@blogfleet/api';
import { ConfigError, type Config } from './config';
import { decodeKey } from './secret-files';

/**
 * The key ring in DATA_DIR (used when ENCRYPTION_KEY is not set): `{"current": "k2", "keys": {"k1":
 * "<base64url>", "k2": "<base64url>"}}`, mode 0600. Before the first rotation there is no such file
 * and the single key in DATA_DIR/encryption-key is `k1`.
 */
export const KEYRING_FILE = 'encryption-keys.json';
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

interface KeyringFile {
  current: string;
  keys: Record<string, string>;
}

function parseKeyring(path: string): { keyId: string; keys: Map<string, Buffer> } {
  let parsed: KeyringFile;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as KeyringFile;
  } catch (e) {
    throw new ConfigError(`${resolve(path)} is not a readable key ring: ${(e as Error).message}`);
  }
  const keys = new Map<string, Buffer>();
  for (const [id, value] of Object.entries(parsed.keys ?? {})) {
    const key = Buffer.from(String(value), 'base64url');
    if (!KEY_ID.test(id) || key.length !== 32) {
      throw new ConfigError(
        `${resolve(path)}: key '${id}' must be 32 bytes, base64url-encoded, with an id of letters, digits, _ or -`,
      );
    }
    keys.set(id, key);
  }
  if (!keys.has(parsed.current)) {
    throw new ConfigError(`${resolve(path)}: the current key '${parsed.current}' is not in its keys`);
  }
  return { keyId: parsed.current, keys };
}

/**
 * The loaded encryption keys: the current one (new secrets) and the previous ones (still decrypted).
 * In file mode `refresh()` re-reads the key ring when its file changed, so a key added by
 * `npm run rotate-encryption-key` is used by this process without a restart.
 */
export class Keyring implements SecretsSettings {
  key: Buffer;
  keyId: string;
  previousKeys: Record<string, Buffer>;
  /** The key ring file this process follows (file mode), or null (environment or in-memory). */
  readonly path: string | null;
  #signature: string | null = null;

  constructor(init: { keyId: string; keys: Map<string, Buffer>; path: string | null }) {
    this.path = init.path;
    this.key = init.keys.get(init.keyId)!;
    this.keyId = init.keyId;
    this.previousKeys = {};
    this.#apply(init.keyId, init.keys);
    if (this.path) this.#signature = this.#stat();
  }

  #apply(keyId: string, keys: Map<string, Buffer>) {
    // Keys once loaded stay loaded: a value written under one of them must stay readable here.
    const all = new Map<string, Buffer>(Object.entries(this.previousKeys));
    all.set(this.keyId, this.key);
    for (const [id, key] of keys) all.set(id, key);
    this.key = all.get(keyId)!;
    this.keyId = keyId;
    all.delete(keyId);
    this.previousKeys = Object.fromEntries(all);
  }

  #stat(): string | null {
    try {
      const st = statSync(this.path!);
      return `${st.mtimeMs}:${st.size}:${st.ino}`;
    } catch {
      return null;
    }
  }

  /** Re-reads the key ring file if it changed; answers whether the current key changed. */
  refresh = (): boolean => {
    if (!this.path) return false;
    const signature = this.#stat();
    if (signature === null || signature === this.#signature) return false;
    const before = this.keyId;
    try {
      const ring = parseKeyring(this.path);
      this.#apply(ring.keyId, ring.keys);
      this.#signature = signature;
    } catch {
      // Half-written or broken: keep the keys we have and try again next time.
      return false;
    }
    return this.keyId !== before;
  };

  /** How many keys are loaded (a re-encryption pass is only worth running with more than one). */
  get size(): number {
    return 1 + Object.keys(this.previousKeys).length;
  }
}

/**
 * The keys of this process. With ENCRYPTION_KEY set: that key (ENCRYPTION_KEY_ID) plus
 * ENCRYPTION_KEYS_PREVIOUS, fixed until restart. Otherwise the key ring file in DATA_DIR, or, before
 * any rotation, DATA_DIR/encryption-key as `k1` (`legacyKey`, read or created by loadSecrets).
 */
export function loadKeyring(
  config: Pick<Config, 'dataDir' | 'encryptionKey' | 'encryptionKeyId' | 'encryptionKeysPrevious'>,
  legacyKey: Buffer,
): Keyring {
  if (config.encryptionKey) {
    const keys = new Map<string, Buffer>();
    for (const [id, value] of Object.entries(config.encryptionKeysPrevious)) keys.set(id, decodeKey(value));
    keys.set(config.encryptionKeyId, decodeKey(config.encryptionKey));
    return new Keyring({ keyId: config.encryptionKeyId, keys, path: null });
  }
  if (config.dataDir.startsWith('memory://')) {
    return new Keyring({ keyId: 'k1', keys: new Map([['k1', legacyKey]]), path: null });
  }
  const path = join(config.dataDir, KEYRING_FILE);
  if (existsSync(path)) return new Keyring({ ...parseKeyring(path), path });
  return new Keyring({ keyId: 'k1', keys: new Map([['k1', legacyKey]]), path });
}

/** The next free id after k1, k2, … */
export function nextKeyId(existing: Iterable<string>): string {
  let max = 0;
  for (const id of existing) {
    const n = /^k(\d+)$/.exec(id)?.[1];
    if (n) max = Math.max(max, Number(n));
  }
  return `k${max + 1}`;
}

/**
 * Adds a fresh key to the key ring file and makes it current (written to a temporary file and renamed,
 * so a server reading it never sees half a file). Older keys stay in the ring: what they encrypted
 * stays readable until it is re-encrypted, and after.
 */
export function addKeyToRing(keyring: Keyring, newId?: string): { keyId: string; path: string } {
  if (!keyring.path) throw new Error('The key ring is not file-based (ENCRYPTION_KEY is set)');
  keyring.refresh();
  const keys: Record<string, string> = {};
  for (const [id, key] of Object.entries(keyring.previousKeys)) keys[id] = key.toString('base64url');
  keys[keyring.keyId] = keyring.key.toString('base64url');
  const keyId = newId ?? nextKeyId(Object.keys(keys));
  if (!KEY_ID.test(keyId)) throw new ConfigError(`Key id '${keyId}' must be 1-32 letters, digits, _ or -`);
  if (keys[keyId]) throw new ConfigError(`The key ring already has a key '${keyId}'`);
  keys[keyId] = randomBytes(32).toString('base64url');
  const body: KeyringFile = { current: keyId, keys };
  const tmp = `${keyring.path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(tmp, keyring.path);
  keyring.refresh();
  return { keyId, path: keyring.path };
}
