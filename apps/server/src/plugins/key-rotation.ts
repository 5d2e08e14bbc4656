import { reencryptSecrets, type ApiDeps } from '@blogfleet/api';
import type { FastifyInstance } from 'fastify';
import type { Keyring } from '../keyring';

export const KEYRING_CHECK_INTERVAL_MS = 30_000;

/**
 * Finishes key rotations from inside the server: at start, and whenever the key ring file gets a new
 * current key, every stored secret still under an older key is re-encrypted (row by row, compare-and-set,
 * see reencryptSecrets). This is how a rotation completes on the embedded database, which only one
 * process can open; on Postgres the rotation script does the same work and this finds nothing left.
 */
export function reencryptWhenKeysChange(
  app: FastifyInstance,
  deps: ApiDeps,
  keyring: Keyring,
  intervalMs = KEYRING_CHECK_INTERVAL_MS,
) {
  let running: Promise<void> | null = null;
  let doneFor: string | null = null;
  let closing = false;

  const pass = () => {
    if (running || closing || keyring.size <= 1 || doneFor === keyring.keyId) return;
    const keyId = keyring.keyId;
    running = reencryptSecrets(deps.db, keyring)
      .then((result) => {
        doneFor = keyId;
        if (result.reencrypted > 0)
          app.log.info(
            { keyId, reencrypted: result.reencrypted },
            'stored secrets re-encrypted under the current key',
          );
        for (const u of result.unreadable)
          app.log.warn(
            { table: u.table, column: u.column, id: u.id, keyId: u.keyId },
            'a stored secret is under a key that is not loaded; it cannot be re-encrypted',
          );
      })
      .catch((err: unknown) => {
        if (!closing) app.log.warn({ err }, 're-encrypting stored secrets failed; retried on the next check');
      })
      .finally(() => {
        running = null;
      });
  };

  const timer = setInterval(() => {
    keyring.refresh();
    pass();
  }, intervalMs);
  timer.unref();

  app.addHook('onReady', async () => {
    pass();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}
