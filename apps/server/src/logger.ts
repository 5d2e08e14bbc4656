import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** Anything that could carry a credential is masked before a log line is written. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_hash',
  '*.refreshToken',
  '*.accessToken',
  '*.token',
  '*.secret',
  '*.appPassword',
  '*.adminPassword',
  '*.dbPassword',
  // Settings → Integrations and the account screen (their inputs are never logged; this is the net).
  '*.apiKey',
  '*.apiToken',
  '*.secretApiKey',
  '*.apikey',
  '*.secretapikey',
  '*.currentPassword',
  '*.newPassword',
  '*.secret_ciphertext',
  // Database errors carry the failed statement and its bound values (PGlite adds query/params;
  // Postgres puts the failing row in detail), which can include password hashes and other secrets.
  'err.query',
  'err.params',
  'err.detail',
  'err.cause.query',
  'err.cause.params',
  'err.cause.detail',
];

export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return { level: config.logLevel, redact: { paths: redactedPaths, censor: '[redacted]' } };
}
