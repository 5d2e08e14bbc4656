import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from '../src/services/secrets';

const settings = { key: randomBytes(32), keyId: 'k1' };

describe('stored third-party secrets', () => {
  it('round-trips, and the stored form carries version and key id but not the secret', () => {
    const stored = encryptSecret(settings, 'wp-app-pass abcd efgh');
    expect(stored).toMatch(/^v1:k1:/);
    expect(stored).not.toContain('wp-app-pass');
    expect(decryptSecret(settings, stored)).toBe('wp-app-pass abcd efgh');
  });

  it('uses a fresh IV every time, so equal secrets do not look equal', () => {
    expect(encryptSecret(settings, 'same')).not.toBe(encryptSecret(settings, 'same'));
  });

  it('refuses a tampered ciphertext, another key, and an unknown key id', () => {
    const stored = encryptSecret(settings, 'secret');
    const parts = stored.split(':');
    const flipped = Buffer.from(parts[4]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    const tampered = [...parts.slice(0, 4), flipped.toString('base64url')].join(':');
    expect(() => decryptSecret(settings, tampered)).toThrow();
    expect(() => decryptSecret({ key: randomBytes(32), keyId: 'k1' }, stored)).toThrow();
    expect(() => decryptSecret({ ...settings, keyId: 'k2' }, stored)).toThrow(/key 'k1'/);
    expect(() => decryptSecret(settings, 'plain text')).toThrow(/format/);
  });
});
