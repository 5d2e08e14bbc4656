import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretsSettings } from '../context';

const VERSION = 'v1';

/** AES-256-GCM; the stored form is `v1:<keyId>:<iv>:<tag>:<ciphertext>` in base64url. */
export function encryptSecret(settings: SecretsSettings, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', settings.key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, settings.keyId, iv, tag, ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':');
}

export function decryptSecret(settings: SecretsSettings, stored: string): string {
  const [version, keyId, iv, tag, ciphertext] = stored.split(':');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
    throw new Error('Unrecognised secret format');
  }
  if (keyId !== settings.keyId)
    throw new Error(`Secret was encrypted with key '${keyId}', which is not loaded`);
  const decipher = createDecipheriv('aes-256-gcm', settings.key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
