import { randomBytes } from 'node:crypto';
import type { DbHandle } from '@blogfleet/db';
import { buildApp, loadConfig } from '@blogfleet/server/testing';

/** The whole app as production runs it (fresh secrets, silent, no job workers) on the bench's database. */
export async function benchApp(dbHandle: DbHandle) {
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    JOB_WORKERS: 'false',
  });
  return { config, ...(await buildApp(config, { dbHandle, logger: false })) };
}
