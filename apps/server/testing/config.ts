import { loadConfig, type Config } from '../src/config';

export const ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };

/** The configuration of an in-process test server: silent, in-memory, fixed secrets. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-at-least-32-characters',
    ENCRYPTION_KEY: '0'.repeat(64),
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    // API tests must not depend on whether the web console happens to be built on this machine.
    WEB_DIST_DIR: '/nonexistent/blogfleet-web-dist',
    // Tests that run jobs turn workers on; the others need only the queue for enqueueing.
    JOB_WORKERS: 'false',
    ...env,
  });
}
