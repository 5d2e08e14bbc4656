import { lstat, rm } from 'node:fs/promises';
import { WordPressHostError } from '../errors';
import type { WordPressHost } from '../types';
import { dropDatabase, dropUser, withRootConnection } from './database';
import { readSiteInfo } from './info-file';
import { readLedger, removeLedger } from './ledger';
import { domainLocks, withLock } from './locks';
import { normalizeDomain, siteDbNames } from './names';
import { sitePaths } from './paths';
import { stopHostedServer } from './serve';

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
 * Removes a Blogfleet site: stops its server (if started here), drops its database and user and deletes
 * its directory. Only a directory with a readable site-info.json for this domain is touched; any other
 * `{root}/{domain}` is refused with 'INVALID' and left as it is (database included).
 * The database and user are the names derived from the domain, never those in the info file (the site
 * can write that file), and only what the ledger says Blogfleet created (all of it for sites provisioned
 * before the ledger existed). Idempotent: with no directory at all it returns quietly.
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
      await stopHostedServer(host, domain);
      return; // Nothing here (never provisioned or already removed).
    }
    throw new WordPressHostError(
      'INVALID',
      `Refusing to deprovision ${domain}: ${paths.siteDir} has no readable site-info.json for this ` +
        'domain, so it is not a Blogfleet site; nothing was removed',
    );
  }
  const ledger = await readLedger(host, domain).catch((error: Error) => {
    throw new WordPressHostError(
      'PROVISION_FAILED',
      `Refusing to deprovision ${domain}: ${error.message}; nothing was removed`,
    );
  });
  const ours = ledger ?? { database: true, user: true };
  const names = siteDbNames(domain);
  await stopHostedServer(host, domain);
  await withRootConnection(host, async (db) => {
    if (ours.database) await dropDatabase(db, names.dbName);
    if (ours.user) await dropUser(db, names.dbUser);
  });
  await rm(paths.siteDir, { recursive: true, force: true });
  await removeLedger(host, domain);
}
