import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretsSettings } from '../context';

const VERSION = 'v1';

/** AES-256-GCM under the current key; the stored form is `v1:<keyId>:<iv>:<tag>:<ciphertext>` in base64url. */
export function encryptSecret(settings: SecretsSettings, plaintext: string): string {
  // A rotation may have made another key current since the last write.
  settings.refresh?.();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', settings.key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, settings.keyId, iv, tag, ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':');
}

/** The id of the key a stored secret was encrypted with, or null for something that is not one. */
export function secretKeyId(stored: string): string | null {
  const [version, keyId] = stored.split(':');
  return version === VERSION && keyId ? keyId : null;
}

function keyFor(settings: SecretsSettings, keyId: string): Buffer | undefined {
  if (keyId === settings.keyId) return settings.key;
  return settings.previousKeys?.[keyId];
}

/** Decrypts with whichever loaded key the stored form names (current or previous). */
export function decryptSecret(settings: SecretsSettings, stored: string): string {
  const [version, keyId, iv, tag, ciphertext] = stored.split(':');
  if (version !== VERSION || !keyId || !iv || !tag || ciphertext === undefined) {
    throw new Error('Unrecognised secret format');
  }
  let key = keyFor(settings, keyId);
  // A key this process has not seen yet may have been added by a rotation running right now.
  if (!key && settings.refresh) {
    settings.refresh();
    key = keyFor(settings, keyId);
  }
  if (!key) throw new Error(`Secret was encrypted with key '${keyId}', which is not loaded`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
