import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, rm, unlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  WordPressError,
  type ProgressFn,
  type ProvisionInput,
  type SiteCredentials,
  type WordPressHost,
} from '../types';
import {
  databaseExists,
  dropDatabase,
  dropUser,
  ensureDatabase,
  ensureUser,
  withRootConnection,
} from './database';
import {
  credentialsOf,
  inputFingerprint,
  readSiteInfo,
  usedPorts,
  writeSiteInfo,
  type SiteInfo,
} from './info-file';
import { normalizeDomain, normalizeInput, siteDbNames } from './names';
import { defaultSiteUrl, sitePaths, type SitePaths } from './paths';
import { TASK_MARKER } from './php-scripts';
import { newSalts, randomSecret, writeSiteFiles } from './site-files';
import { stopSiteServer } from './serve';

const run = promisify(execFile);

export type ProvisionStep = 'prepare' | 'database' | 'files' | 'install' | 'configure' | 'finish';

export interface ProvisionOptions {
  /**
   * Test hook: fail right before `step`. 'throw' is an ordinary failure (this run's creations are rolled
   * back); 'crash' simulates the process dying there (nothing is cleaned up, a rerun must complete).
   */
  fault?: { step: ProvisionStep; mode?: 'throw' | 'crash' };
  /** Admin login name (default 'admin'). */
  adminUser?: string;
}

class SimulatedCrash extends Error {}

const ADMIN_USER = 'admin';
const APP_PASSWORD_NAME = 'Blogfleet';

/** In-process locks: per domain (a whole provisioning or deprovisioning) and per host root (ports). */
const domainLocks = new Map<string, Promise<unknown>>();
const hostLocks = new Map<string, Promise<unknown>>();

/** Runs `fn` after every earlier holder of `key` in `locks` has settled. */
async function withLock<T>(
  locks: Map<string, Promise<unknown>>,
  key: string,
  fn: () => Promise<T>,
): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const current = previous.catch(() => undefined).then(fn);
  locks.set(key, current);
  try {
    return await current;
  } finally {
    if (locks.get(key) === current) locks.delete(key);
  }
}

/**
 * Creates a WordPress site on `host` (database + user, site files, WordPress install, options, first post
 * and page, application password, info file) and returns its credentials. Safe to rerun: a complete site
 * with the same input returns its stored credentials; an interrupted one is completed. Different input
 * for a domain that already has a site is rejected with 'ALREADY_HOSTED'.
 */
export async function provisionSite(
  host: WordPressHost,
  input: ProvisionInput,
  onProgress?: ProgressFn,
  options: ProvisionOptions = {},
): Promise<SiteCredentials> {
  let last = 0;
  const progress = (percent: number, message: string) => {
    last = Math.max(last, percent);
    try {
      onProgress?.(last, message);
    } catch {
      // A broken listener must not break provisioning.
    }
  };
  progress(1, 'Validating input');
  const normalized = normalizeInput(input);
  return withLock(domainLocks, normalized.domain, () => provisionLocked(host, normalized, progress, options));
}

async function portIsFree(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ host: address, port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

async function allocatePort(host: WordPressHost): Promise<number> {
  const used = await usedPorts(host);
  for (let port = host.firstPort; port <= 65535; port++) {
    if (!used.has(port) && (await portIsFree(host.bindAddress, port))) return port;
  }
  throw new WordPressError('PROVISION_FAILED', `No free port from ${host.firstPort} on ${host.bindAddress}`);
}

async function dirState(dir: string): Promise<'missing' | 'empty' | 'used'> {
  try {
    return (await readdir(dir)).length === 0 ? 'empty' : 'used';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
}

async function siteInstalled(host: WordPressHost, info: SiteInfo): Promise<boolean> {
  return withRootConnection(host, async (db) => {
    if (!(await databaseExists(db, info.dbName))) return false;
    try {
      const [rows] = await db.query(
        `SELECT option_value FROM \`${info.dbName}\`.wp_options WHERE option_name = ?`,
        ['siteurl'],
      );
      return Array.isArray(rows) && rows.length > 0;
    } catch {
      return false;
    }
  });
}

async function runTask(
  host: WordPressHost,
  paths: SitePaths,
  task: 'install' | 'configure',
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const inputFile = path.join(paths.siteDir, `.task-${task}-${randomBytes(6).toString('hex')}.json`);
  await writeFile(inputFile, JSON.stringify(data), { mode: 0o600 });
  try {
    const { stdout } = await run(host.php, [paths.taskFile, task, inputFile], {
      cwd: paths.publicDir,
      timeout: 180_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const line = stdout.split('\n').find((l) => l.startsWith(TASK_MARKER));
    if (!line) throw new Error(`WordPress ${task} printed no result: ${stdout.slice(-500)}`);
    return JSON.parse(line.slice(TASK_MARKER.length)) as Record<string, unknown>;
  } catch (error) {
    const err = error as Error & { stderr?: string; stdout?: string };
    const detail = (err.stderr || err.stdout || '').toString().trim().slice(-1000);
    throw new WordPressError(
      'PROVISION_FAILED',
      `WordPress ${task} failed: ${detail || err.message}`,
      {},
      { cause: error },
    );
  } finally {
    await unlink(inputFile).catch(() => undefined);
  }
}

async function provisionLocked(
  host: WordPressHost,
  input: ReturnType<typeof normalizeInput>,
  progress: ProgressFn,
  options: ProvisionOptions,
): Promise<SiteCredentials> {
  const { domain } = input;
  const paths = sitePaths(host, domain);
  const fingerprint = inputFingerprint(input);
  const fault = (step: ProvisionStep) => {
    if (options.fault?.step !== step) return;
    if (options.fault.mode === 'crash') throw new SimulatedCrash(`Simulated crash before ${step}`);
    throw new WordPressError('PROVISION_FAILED', `Injected failure before ${step}`);
  };

  // Checks that change nothing.
  const existing = await readSiteInfo(paths.infoFile).catch(() => {
    throw new WordPressError('ALREADY_HOSTED', `${domain} has a site directory that is not Blogfleet's`);
  });
  if (existing && existing.fingerprint !== fingerprint) {
    throw new WordPressError(
      'ALREADY_HOSTED',
      `${domain} is already hosted here by another provisioning (deprovision it first)`,
    );
  }
  if (!existing && (await dirState(paths.siteDir)) === 'used') {
    throw new WordPressError('ALREADY_HOSTED', `${paths.siteDir} already exists and is not a Blogfleet site`);
  }
  if (existing?.status === 'complete' && (await siteInstalled(host, existing))) {
    progress(100, 'Site already provisioned');
    return credentialsOf(existing);
  }

  const created = { dir: false, db: false, user: false };
  try {
    // 1. Site directory and info file with this site's secrets (reused by reruns).
    fault('prepare');
    progress(5, existing ? 'Resuming an interrupted provisioning' : 'Preparing the site directory');
    await mkdir(host.root, { recursive: true });
    if ((await dirState(paths.siteDir)) === 'missing') {
      await mkdir(paths.siteDir, { mode: 0o750 });
      created.dir = true;
    }
    const names = siteDbNames(domain);
    // One host-wide lock from choosing a port until the info file records it, so that concurrent
    // provisionings of other domains (which read every info file to find used ports) cannot pick it too.
    let info = await withLock(hostLocks, path.resolve(host.root), async () => {
      const port = existing?.port ?? (await allocatePort(host));
      const siteUrl = defaultSiteUrl(host, domain, port);
      const first: SiteInfo = existing ?? {
        version: 1,
        status: 'provisioning',
        domain,
        fingerprint,
        port,
        siteUrl,
        adminUrl: `${siteUrl}/wp-admin/`,
        adminUser: options.adminUser ?? ADMIN_USER,
        adminPassword: randomSecret(24),
        appPassword: '',
        dbName: names.dbName,
        dbUser: names.dbUser,
        dbPassword: randomSecret(32),
        dbHost: `${host.db.host}:${host.db.port}`,
        infoFilePath: paths.infoFile,
        locale: input.locale,
        input,
        createdAt: new Date().toISOString(),
      };
      const provisioning: SiteInfo = { ...first, status: 'provisioning' };
      await writeSiteInfo(paths.infoFile, provisioning);
      return provisioning;
    });
    progress(10, 'Site directory ready');

    // 2. Database and its user.
    fault('database');
    progress(15, 'Creating the database and its user');
    await withRootConnection(host, async (db) => {
      created.db = await ensureDatabase(db, info.dbName);
      created.user = await ensureUser(db, host, info.dbUser, info.dbPassword, info.dbName);
    });
    progress(25, `Database ${info.dbName} ready`);

    // 3. Files: public/ with symlinked core, wp-config.php, wp-content.
    fault('files');
    progress(30, 'Writing the site files');
    await writeSiteFiles(host, paths, info, newSalts());
    progress(40, 'Site files ready');

    // 4. WordPress's own installer.
    fault('install');
    progress(45, 'Installing WordPress');
    const taskInput = {
      abspath: `${paths.publicDir}/`,
      siteUrl: info.siteUrl,
      title: input.title,
      slogan: input.slogan,
      adminUser: info.adminUser,
      adminPassword: info.adminPassword,
      adminEmail: input.adminEmail,
      locale: input.locale,
      timezone: input.timezone,
      postTitle: input.postTitle,
      postContent: input.postContent,
      pageTitle: input.pageTitle,
      pageContent: input.pageContent,
      appName: APP_PASSWORD_NAME,
    };
    await runTask(host, paths, 'install', taskInput);
    progress(70, 'WordPress installed');

    // 5. Title, tagline, language, timezone, permalinks, first post and page, application password.
    fault('configure');
    progress(75, 'Configuring the site and publishing the first post and page');
    const result = await runTask(host, paths, 'configure', taskInput);
    if (typeof result.appPassword !== 'string' || result.appPassword === '') {
      throw new WordPressError('PROVISION_FAILED', 'WordPress returned no application password');
    }
    progress(90, 'Site configured');

    // 6. Info file with everything.
    fault('finish');
    info = {
      ...info,
      status: 'complete',
      appPassword: result.appPassword,
      languageInstalled: result.languageInstalled === true,
      completedAt: new Date().toISOString(),
    };
    await writeSiteInfo(paths.infoFile, info);
    progress(100, 'Site ready');
    return credentialsOf(info);
  } catch (error) {
    if (error instanceof SimulatedCrash) throw error;
    await rollback(host, paths, created);
    if (error instanceof WordPressError) throw error;
    throw new WordPressError(
      'PROVISION_FAILED',
      `Provisioning ${domain} failed: ${(error as Error).message}`,
      {},
      {
        cause: error,
      },
    );
  }
}

/**
 * Undoes what one failed run created (tracked in `created`, so it also works before the info file is
 * complete). Internal on purpose: deprovisionSite requires a matching info file, rollback must not.
 */
async function rollback(
  host: WordPressHost,
  paths: SitePaths,
  created: { dir: boolean; db: boolean; user: boolean },
): Promise<void> {
  const names = siteDbNames(path.basename(paths.siteDir));
  if (created.db || created.user) {
    await withRootConnection(host, async (db) => {
      if (created.db) await dropDatabase(db, names.dbName);
      if (created.user) await dropUser(db, names.dbUser);
    }).catch(() => undefined);
  }
  if (created.dir) await rm(paths.siteDir, { recursive: true, force: true }).catch(() => undefined);
}

async function pathExists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Removes a Blogfleet site: stops its server (if started here), drops the database and user named in its
 * info file and deletes its directory. Only a directory with a readable site-info.json for this domain is
 * touched; any other `{root}/{domain}` is refused with 'INVALID' and left as it is (database included).
 * Idempotent: with no directory at all it returns quietly.
 */
export async function deprovisionSite(host: WordPressHost, domainInput: string): Promise<void> {
  const domain = normalizeDomain(domainInput);
  await withLock(domainLocks, domain, () => deprovisionLocked(host, domain));
}

async function deprovisionLocked(host: WordPressHost, domain: string): Promise<void> {
  const paths = sitePaths(host, domain);
  const info = await readSiteInfo(paths.infoFile).catch(() => null);
  if (!info || info.domain !== domain) {
    if (!(await pathExists(paths.siteDir))) {
      await stopSiteServer(domain);
      return; // Nothing here (never provisioned or already removed).
    }
    throw new WordPressError(
      'INVALID',
      `Refusing to deprovision ${domain}: ${paths.siteDir} has no readable site-info.json for this ` +
        'domain, so it is not a Blogfleet site; nothing was removed',
    );
  }
  await stopSiteServer(domain);
  await withRootConnection(host, async (db) => {
    const { dbName, dbUser } = info as { dbName: unknown; dbUser: unknown };
    if (typeof dbName === 'string' && /^[a-z0-9_]{1,64}$/.test(dbName)) await dropDatabase(db, dbName);
    if (typeof dbUser === 'string' && /^[a-z0-9_]{1,32}$/.test(dbUser)) await dropUser(db, dbUser);
  });
  await rm(paths.siteDir, { recursive: true, force: true });
}
