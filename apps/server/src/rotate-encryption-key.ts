/**
 * `npm run rotate-encryption-key [-- --key-id k3]`: see rotation.ts and the README (Configuration →
 * Rotating the encryption key).
 */
import { ConfigError, loadConfig } from './config';
import { rotateEncryptionKey } from './rotation';

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--key-id');
  const keyId = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && !keyId) throw new ConfigError('--key-id needs a value');
  const outcome = await rotateEncryptionKey({ config: loadConfig(), keyId });
  if (outcome.remaining) process.exitCode = 2;
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
