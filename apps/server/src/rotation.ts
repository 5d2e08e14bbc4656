import {
  reencryptSecrets,
  secretsNotUnderCurrentKey,
  type ReencryptProgress,
  type ReencryptResult,
} from '@blogfleet/api';
import { createDb, type Database, type Kysely } from '@blogfleet/db';
import { ConfigError, type Config } from './config';
import { addKeyToRing, loadKeyring, type Keyring } from './keyring';
import { KEYRING_CHECK_INTERVAL_MS } from './plugins/key-rotation';
import { loadSecrets } from './secret-files';

export interface RotationOptions {
  config: Config;
  /** Id of the new key (default: the next kN). File mode only. */
  keyId?: string;
  /** An open database to re-encrypt in (tests); otherwise DATABASE_URL is opened. */
  db?: Kysely<Database>;
  log?: (line: string) => void;
  /** Called after each re-encrypted row (tests read secrets through the running server here). */
  onRow?: (progress: ReencryptProgress) => Promise<void> | void;
}

export interface RotationOutcome {
  keyId: string;
  /** Whether a key was added to the key ring file (file mode) or the environment's keys were used. */
  mode: 'file' | 'environment';
  /** null when the database is the embedded one and the server finishes the work. */
  result: ReencryptResult | null;
  /** Secrets still under another key after the pass (0 when complete). */
  remaining: number | null;
  keyring: Keyring;
}

/**
 * `npm run rotate-encryption-key`. File mode (no ENCRYPTION_KEY): adds a new key to
 * DATA_DIR/encryption-keys.json and makes it current; running servers pick it up from the file (they
 * keep every older key, so nothing becomes unreadable). Environment mode: the operator has already made
 * the new key current (ENCRYPTION_KEY, ENCRYPTION_KEY_ID) and listed the old one in
 * ENCRYPTION_KEYS_PREVIOUS. Then every stored secret is re-encrypted under the current key, row by row
 * in short transactions; on the embedded database, which one process alone may open, the server does
 * that itself (within KEYRING_CHECK_INTERVAL_MS while running, or at its next start).
 */
export async function rotateEncryptionKey(opts: RotationOptions): Promise<RotationOutcome> {
  const { config } = opts;
  const log = opts.log ?? ((line: string) => console.log(line));
  const keyring = loadKeyring(config, loadSecrets(config).encryptionKey);
  let mode: RotationOutcome['mode'];
  if (keyring.path) {
    const before = keyring.keyId;
    const { keyId, path } = addKeyToRing(keyring, opts.keyId);
    mode = 'file';
    log(`Added key ${keyId} to ${path} and made it current (was ${before}); older keys stay readable.`);
  } else if (config.encryptionKey) {
    if (opts.keyId)
      throw new ConfigError(
        '--key-id applies to the key ring file; with ENCRYPTION_KEY set, use ENCRYPTION_KEY_ID',
      );
    if (keyring.size <= 1) {
      throw new ConfigError(
        'ENCRYPTION_KEY is set, so the keys come from the environment: make the new key ENCRYPTION_KEY with a new ' +
          'ENCRYPTION_KEY_ID, list the old one in ENCRYPTION_KEYS_PREVIOUS as id:key, restart the servers, then run this again.',
      );
    }
    mode = 'environment';
    log(`Keys come from the environment; re-encrypting under ${keyring.keyId}.`);
  } else {
    throw new ConfigError('DATA_DIR is in memory: there is no key ring to rotate');
  }

  let db = opts.db;
  let close: (() => Promise<void>) | null = null;
  if (!db && !config.databaseUrl) {
    log(
      'The embedded database (PGlite) can be opened by one process only: the running server re-encrypts the ' +
        `stored secrets itself within ${KEYRING_CHECK_INTERVAL_MS / 1000} s (a stopped one at its next start) and logs ` +
        '"stored secrets re-encrypted under the current key".',
    );
    return { keyId: keyring.keyId, mode, result: null, remaining: null, keyring };
  }
  if (!db) {
    const handle = await createDb({ databaseUrl: config.databaseUrl, poolSize: 2 });
    db = handle.db;
    close = () => handle.close();
  }
  try {
    const result = await reencryptSecrets(db, keyring, { onRow: opts.onRow });
    const remaining = await secretsNotUnderCurrentKey(db, keyring);
    const where = result.columns.map((c) => `${c.table}.${c.column}`).join(', ');
    log(`Re-encrypted ${result.reencrypted} stored secret(s) under ${keyring.keyId} (${where}).`);
    for (const u of result.unreadable) {
      log(`Not readable with the loaded keys (key ${u.keyId ?? '?'}): ${u.table}.${u.column} #${u.id}`);
    }
    log(
      remaining === 0
        ? 'Every stored secret is under the current key.'
        : `${remaining} stored secret(s) remain under other keys.`,
    );
    return { keyId: keyring.keyId, mode, result, remaining, keyring };
  } finally {
    await close?.();
  }
}
