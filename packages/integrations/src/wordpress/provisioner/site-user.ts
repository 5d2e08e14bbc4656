/**
 * Who the sites' PHP runs as, and with which environment. PHP runs the sites' code (themes, plugins,
 * whatever an admin account can make it run), so it gets neither the server's environment (JWT secret,
 * encryption key, DATABASE_URL, the MariaDB root password) nor, when the host has a separate system user
 * for it, the server's files.
 */
import { execFile, execFileSync } from 'node:child_process';
import { userInfo } from 'node:os';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { WordPressHostError } from '../errors';
import type { WordPressHost } from '../types';

const run = promisify(execFile);

/** The system user infra/wordpress/setup-host.sh creates for the sites. */
export const DEFAULT_SITES_USER = 'blogfleet-sites';

export interface SiteUser {
  name: string;
  uid: number;
  gid: number;
  home: string;
  /** True when PHP runs as another user than the server (spawned with its uid/gid). */
  separate: boolean;
}

const isRoot = () => process.getuid?.() === 0;

function parsePasswd(line: string): { uid: number; gid: number; home: string } | null {
  const fields = line.trim().split(':');
  if (fields.length < 7) return null;
  const uid = Number(fields[2]);
  const gid = Number(fields[3]);
  return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid, home: fields[5] ?? '/' } : null;
}

/** Whether `name` is a user of this system (getent: /etc/passwd and any other NSS source). */
export function systemUserExists(name: string): boolean {
  try {
    execFileSync('getent', ['passwd', name], { stdio: 'ignore', timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

/** Default of WP_RUN_AS_USER: the sites' own user when it exists and we can switch to it (root). */
export function defaultRunAs(): string | undefined {
  return isRoot() && systemUserExists(DEFAULT_SITES_USER) ? DEFAULT_SITES_USER : undefined;
}

function currentUser(): SiteUser {
  const me = userInfo();
  return { name: me.username, uid: me.uid, gid: me.gid, home: me.homedir, separate: false };
}

/** The user the sites of `host` run as; throws PROVISION_FAILED when it is missing or out of reach. */
export async function resolveSiteUser(host: WordPressHost): Promise<SiteUser> {
  if (!host.runAs) return currentUser();
  let entry: ReturnType<typeof parsePasswd> = null;
  try {
    entry = parsePasswd((await run('getent', ['passwd', host.runAs], { timeout: 5_000 })).stdout);
  } catch {
    entry = null;
  }
  if (!entry) {
    throw new WordPressHostError(
      'PROVISION_FAILED',
      `The sites' system user ${JSON.stringify(host.runAs)} (WP_RUN_AS_USER) does not exist on this host: ` +
        'run infra/wordpress/setup-host.sh as root, or set WP_RUN_AS_USER to an existing user',
    );
  }
  if (entry.uid === process.getuid?.()) return currentUser();
  if (!isRoot()) {
    throw new WordPressHostError(
      'PROVISION_FAILED',
      `Running the sites as ${JSON.stringify(host.runAs)} (WP_RUN_AS_USER) needs the server to run as root; ` +
        'unset WP_RUN_AS_USER to run them as the server user',
    );
  }
  return { name: host.runAs, ...entry, separate: true };
}

/** The whole environment of a PHP process of the sites: what PHP needs and nothing of the server's. */
export function phpEnvironment(user: SiteUser): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH || '/usr/local/bin:/usr/bin:/bin',
    LANG: process.env.LANG || 'C.UTF-8',
    HOME: user.home,
    // The server's TMPDIR may be private to the server user.
    TMPDIR: user.separate ? '/tmp' : tmpdir(),
  };
  if (process.env.LC_ALL) env.LC_ALL = process.env.LC_ALL;
  if (process.env.TZ) env.TZ = process.env.TZ;
  return env;
}

/** spawn/execFile options that run a process as the sites' user with the minimal environment. */
export function phpSpawnOptions(user: SiteUser): { env: Record<string, string>; uid?: number; gid?: number } {
  const env = phpEnvironment(user);
  return user.separate ? { env, uid: user.uid, gid: user.gid } : { env };
}
