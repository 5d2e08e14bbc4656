import { access } from 'node:fs/promises';
import path from 'node:path';
import type { WordPressHost } from '../types';
import { withRootConnection } from './database';
import { runPhp } from './php-process';
import { allocatePort } from './ports';
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

export type HostCheckName = 'sites_user' | 'php' | 'core' | 'database' | 'ports';

export interface HostCheck {
  name: HostCheckName;
  ok: boolean;
  /** What was found, or why it failed and what to install or set. */
  detail: string;
}

/**
 * Each thing a hosting target needs, checked on its own: the sites' user, PHP with mysqli (tried as that
 * user, the way the sites will run it), WordPress core, MariaDB reachable with the provisioning account,
 * and a free port for the next site.
 */
export async function checkWordPressHost(host: WordPressHost): Promise<HostCheck[]> {
  const checks: HostCheck[] = [];
  let user: SiteUser | null = null;
  try {
    user = await resolveSiteUser(host);
    checks.push({
      name: 'sites_user',
      ok: true,
      detail: host.runAs ? `Sites run as ${host.runAs}` : "Sites run as the server's user",
    });
  } catch (error) {
    checks.push({ name: 'sites_user', ok: false, detail: (error as Error).message });
  }
  if (user) {
    try {
      const { stdout } = await runPhp(
        host.php,
        ['-r', 'echo extension_loaded("mysqli") ? "ok " . PHP_VERSION : "no-mysqli";'],
        { user, cwd: '/', timeoutMs: 10_000 },
      );
      const out = stdout.trim();
      checks.push(
        out.startsWith('ok ')
          ? { name: 'php', ok: true, detail: `PHP ${out.slice(3)} with mysqli` }
          : {
              name: 'php',
              ok: false,
              detail: `PHP (${host.php}) lacks the mysqli extension (install php-mysql)`,
            },
      );
    } catch (error) {
      checks.push({
        name: 'php',
        ok: false,
        detail: `PHP CLI not runnable as ${JSON.stringify(host.php)} (install php-cli): ${(error as Error).message}`,
      });
    }
  } else {
    checks.push({ name: 'php', ok: false, detail: "Not checked: the sites' user is missing" });
  }
  try {
    await access(path.join(host.core, 'wp-load.php'));
    await access(path.join(host.core, 'wp-admin', 'includes', 'upgrade.php'));
    checks.push({ name: 'core', ok: true, detail: `WordPress core at ${host.core}` });
  } catch {
    checks.push({
      name: 'core',
      ok: false,
      detail: `WordPress core not found at ${host.core} (install Debian's wordpress package or set WP_CORE_DIR)`,
    });
  }
  try {
    await withRootConnection(host, async (db) => {
      await db.query('SELECT 1');
    });
    checks.push({
      name: 'database',
      ok: true,
      detail: `MariaDB at ${host.db.host}:${host.db.port} as ${host.db.user}`,
    });
  } catch (error) {
    checks.push({
      name: 'database',
      ok: false,
      detail: `MariaDB unreachable at ${host.db.host}:${host.db.port} as ${host.db.user}: ${(error as Error).message}`,
    });
  }
  try {
    const port = await allocatePort(host);
    checks.push({ name: 'ports', ok: true, detail: `Next site port ${port} on ${host.bindAddress}` });
  } catch (error) {
    checks.push({ name: 'ports', ok: false, detail: (error as Error).message });
  }
  return checks;
}

/**
 * Why this machine cannot host WordPress sites (sites' user missing, no PHP/mysqli, no core, MariaDB
 * unreachable, no free port), or null.
 */
export async function wordpressHostAvailable(host: WordPressHost): Promise<string | null> {
  const failed = (await checkWordPressHost(host)).find((c) => !c.ok);
  return failed ? failed.detail : null;
}
