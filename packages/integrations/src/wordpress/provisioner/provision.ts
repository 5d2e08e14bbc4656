import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { WordPressError, WordPressHostError } from '../errors';
import type { ProgressFn, ProvisionInput, SiteCredentials, WordPressHost } from '../types';
import { databaseExists, withRootConnection } from './database';
import { credentialsOf, inputFingerprint, readSiteInfo, writeSiteInfo, type SiteInfo } from './info-file';
import { readLedger, removeLedger, writeLedger, type Ledger } from './ledger';
import { domainLocks, hostLocks, withLock } from './locks';
import { normalizeInput, siteDbNames } from './names';
import { defaultSiteUrl, sitePaths, type SitePaths } from './paths';
import { allocatePort } from './ports';
import {
  assertNamesOurs,
  createSiteDatabase,
  emptyRunRecord,
  rollbackSiteDatabase,
  type DbNames,
  type RunRecord,
} from './site-database';
import { writeAnalyticsPlugin } from './site-analytics';
import { newSalts, randomSecret, writeSiteFiles } from './site-files';
import { runSiteTask } from './site-task';
import { resolveSiteUser } from './site-user';

export type ProvisionStep = 'prepare' | 'database' | 'grant' | 'files' | 'install' | 'configure' | 'finish';

export interface ProvisionOptions {
  /**
   * Test hook: fail right before `step` ('grant': after the database user exists, before its GRANT).
   * 'throw' is an ordinary failure (this run's creations are rolled back); 'crash' simulates the process
   * dying there (nothing is cleaned up, a rerun must complete).
   */
  fault?: { step: ProvisionStep; mode?: 'throw' | 'crash' };
  /** Admin login name (default 'admin'). */
  adminUser?: string;
}

class SimulatedCrash extends Error {}

const ADMIN_USER = 'admin';
const APP_PASSWORD_NAME = 'Blogfleet';

/**
 * Creates a WordPress site on `host` (database + user, site files, WordPress install, options, first post
 * and page, application password, info file) and returns its credentials. Safe to rerun: a complete site
 * with the same input returns its stored credentials; an interrupted one is completed. Different input
 * for a domain that already has a site, or a database or user with the site's names that Blogfleet did
 * not create, is rejected with 'ALREADY_HOSTED' before anything changes.
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

async function dirState(dir: string): Promise<'missing' | 'empty' | 'used'> {
  try {
    return (await readdir(dir)).length === 0 ? 'empty' : 'used';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
}

/** Whether the site's database (by its derived name, never the info file's) holds an installed WordPress. */
async function siteInstalled(host: WordPressHost, names: DbNames): Promise<boolean> {
  return withRootConnection(host, async (db) => {
    if (!(await databaseExists(db, names.dbName))) return false;
    try {
      const [rows] = await db.query(
        `SELECT option_value FROM \`${names.dbName}\`.wp_options WHERE option_name = ?`,
        ['siteurl'],
      );
      return Array.isArray(rows) && rows.length > 0;
    } catch {
      return false;
    }
  });
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
    throw new WordPressHostError('PROVISION_FAILED', `Injected failure before ${step}`);
  };

  // Checks that change nothing.
  const names = siteDbNames(domain);
  const existing = await readSiteInfo(paths.infoFile).catch(() => {
    throw new WordPressHostError('ALREADY_HOSTED', `${domain} has a site directory that is not Blogfleet's`);
  });
  if (existing && existing.fingerprint !== fingerprint) {
    throw new WordPressHostError(
      'ALREADY_HOSTED',
      `${domain} is already hosted here by another provisioning (deprovision it first)`,
    );
  }
  if (!existing && (await dirState(paths.siteDir)) === 'used') {
    throw new WordPressHostError(
      'ALREADY_HOSTED',
      `${paths.siteDir} already exists and is not a Blogfleet site`,
    );
  }
  if (existing?.status === 'complete' && (await siteInstalled(host, names))) {
    progress(100, 'Site already provisioned');
    return credentialsOf({ ...existing, ...names });
  }
  const user = await resolveSiteUser(host);
  const found = await readLedger(host, domain).catch((error: Error) => {
    throw new WordPressHostError('PROVISION_FAILED', `Cannot provision ${domain}: ${error.message}`);
  });
  await withRootConnection(host, (db) => assertNamesOurs(db, domain, names, found));

  const ledger: Ledger = found ?? { version: 1, domain, database: false, user: false };
  const run = emptyRunRecord();
  try {
    // 1. Site directory and info file with this site's secrets (reused by reruns).
    fault('prepare');
    progress(5, existing ? 'Resuming an interrupted provisioning' : 'Preparing the site directory');
    await mkdir(host.root, { recursive: true });
    if (!found) await writeLedger(host, ledger);
    if ((await dirState(paths.siteDir)) === 'missing') {
      await mkdir(paths.siteDir, { mode: 0o750 });
      run.dir = true;
    }
    // One host-wide lock from choosing a port until the info file records it, so that concurrent
    // provisionings of other domains (which read every info file to find used ports) cannot pick it too.
    let info = await withLock(hostLocks, path.resolve(host.root), async () => {
      const port = existing?.port ?? (await allocatePort(host));
      const siteUrl = defaultSiteUrl(host, domain, port);
      const first: SiteInfo = existing
        ? { ...existing, ...names }
        : {
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
    await withRootConnection(host, (db) =>
      createSiteDatabase(host, db, domain, names, info.dbPassword, ledger, run, () => fault('grant')),
    );
    progress(25, `Database ${names.dbName} ready`);

    // 3. Files: public/ with symlinked core, wp-config.php, wp-content.
    fault('files');
    progress(30, 'Writing the site files');
    await writeSiteFiles(host, paths, info, newSalts(), user);
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
    await runSiteTask(host, paths, user, 'install', taskInput);
    progress(70, 'WordPress installed');

    // 5. Analytics plugin, title, tagline, language, timezone, permalinks, first post and page,
    //    application password.
    fault('configure');
    progress(75, 'Configuring the site and publishing the first post and page');
    // Blogfleet's first-party analytics: a must-use plugin (no activation needed), in place before the
    // site is configured and served. Rewritten by every run that gets here, so it is always current.
    await writeAnalyticsPlugin(paths, user);
    const result = await runSiteTask(host, paths, user, 'configure', taskInput);
    if (typeof result.appPassword !== 'string' || result.appPassword === '') {
      throw new WordPressHostError('PROVISION_FAILED', 'WordPress returned no application password');
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
    await rollback(host, domain, paths, ledger, run);
    if (error instanceof WordPressError) throw error;
    throw new WordPressHostError(
      'PROVISION_FAILED',
      `Provisioning ${domain} failed: ${(error as Error).message}`,
      {},
      { cause: error },
    );
  }
}

/**
 * Undoes what one failed run created (tracked in `run`, so it also works before the info file is
 * complete) and brings the ledger back in line. Internal on purpose: deprovisionSite requires a matching
 * info file, rollback must not.
 */
async function rollback(
  host: WordPressHost,
  domain: string,
  paths: SitePaths,
  ledger: Ledger,
  run: RunRecord,
): Promise<void> {
  const names = siteDbNames(domain);
  await withRootConnection(host, (db) => rollbackSiteDatabase(db, names, ledger, run)).catch(() => undefined);
  if (run.dir) await rm(paths.siteDir, { recursive: true, force: true }).catch(() => undefined);
  const keep = ledger.database || ledger.user || !run.dir;
  await (keep ? writeLedger(host, ledger) : removeLedger(host, domain)).catch(() => undefined);
}
