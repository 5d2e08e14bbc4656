import { access } from 'node:fs/promises';
import path from 'node:path';
import type { WordPressHost } from '../types';
import { withRootConnection } from './database';
import { runPhp } from './php-process';
import { defaultRunAs, resolveSiteUser, type SiteUser } from './site-user';

/** WordPressHost from WP_* environment variables (defaults suit infra/wordpress/setup-host.sh). */
export function hostFromEnv(env: NodeJS.ProcessEnv = process.env): WordPressHost {
  const int = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > 65535)
      throw new Error(`${name} must be a port number`);
    return value;
  };
  return {
    root: path.resolve(env.WP_HOST_ROOT || './data/wordpress-sites'),
    core: path.resolve(env.WP_CORE_DIR || '/usr/share/wordpress'),
    db: {
      host: env.WP_DB_HOST || '127.0.0.1',
      port: int('WP_DB_PORT', 3306),
      user: env.WP_DB_USER || 'root',
      password: env.WP_DB_PASSWORD ?? '',
    },
    php: env.WP_PHP_BIN || 'php',
    bindAddress: env.WP_BIND_ADDRESS || '127.0.0.1',
    firstPort: int('WP_FIRST_PORT', 8100),
    runAs: env.WP_RUN_AS_USER || defaultRunAs(),
  };
}

/**
 * Why this machine cannot host WordPress sites (sites' user missing, no PHP/mysqli, no core, MariaDB
 * unreachable), or null. PHP is tried as the sites' user, the way the sites will run it.
 */
export async function wordpressHostAvailable(host: WordPressHost): Promise<string | null> {
  let user: SiteUser;
  try {
    user = await resolveSiteUser(host);
  } catch (error) {
    return (error as Error).message;
  }
  try {
    const { stdout } = await runPhp(
      host.php,
      ['-r', 'echo extension_loaded("mysqli") ? "ok" : "no-mysqli";'],
      {
        user,
        cwd: '/',
        timeoutMs: 10_000,
      },
    );
    if (stdout.trim() !== 'ok') return `PHP (${host.php}) lacks the mysqli extension (install php-mysql)`;
  } catch (error) {
    return `PHP CLI not runnable as ${JSON.stringify(host.php)} (install php-cli): ${(error as Error).message}`;
  }
  try {
    await access(path.join(host.core, 'wp-load.php'));
    await access(path.join(host.core, 'wp-admin', 'includes', 'upgrade.php'));
  } catch {
    return `WordPress core not found at ${host.core} (install Debian's wordpress package or set WP_CORE_DIR)`;
  }
  try {
    await withRootConnection(host, async (db) => {
      await db.query('SELECT 1');
    });
  } catch (error) {
    return `MariaDB unreachable at ${host.db.host}:${host.db.port} as ${host.db.user}: ${(error as Error).message}`;
  }
  return null;
}
