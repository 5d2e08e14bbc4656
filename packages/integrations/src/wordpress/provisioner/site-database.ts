/**
 * A site's MariaDB database and user under the ledger's rule: Blogfleet creates them, adopts them only
 * when the ledger says an earlier run of this provisioning created them, and never takes over an account
 * or database someone else made (a derived name is predictable: anyone could have made it first).
 */
import { WordPressHostError } from '../errors';
import type { WordPressHost } from '../types';
import {
  createDatabase,
  createUser,
  databaseExists,
  dropDatabase,
  dropUser,
  grantDatabase,
  userExists,
  type RootConnection,
} from './database';
import { writeLedger, type Ledger } from './ledger';
import type { siteDbNames } from './names';

export type DbNames = ReturnType<typeof siteDbNames>;

/** What this run created (rolled back on failure) and which ledger entries it turned on. */
export interface RunRecord {
  dir: boolean;
  db: boolean;
  user: boolean;
  claimedDb: boolean;
  claimedUser: boolean;
}

export const emptyRunRecord = (): RunRecord => ({
  dir: false,
  db: false,
  user: false,
  claimedDb: false,
  claimedUser: false,
});

function notOurs(domain: string, what: 'database' | 'user', name: string): WordPressHostError {
  return new WordPressHostError(
    'ALREADY_HOSTED',
    `Cannot host ${domain} here: the MariaDB ${what} ${name} already exists and Blogfleet did not create ` +
      `it for this site, so it is left as it is and nothing was changed (remove it or host the site elsewhere)`,
  );
}

/** Refuses (ALREADY_HOSTED) when a derived name exists that the ledger does not record as ours. */
export async function assertNamesOurs(
  db: RootConnection,
  domain: string,
  names: DbNames,
  ledger: Ledger | null,
): Promise<void> {
  if (!ledger?.database && (await databaseExists(db, names.dbName)))
    throw notOurs(domain, 'database', names.dbName);
  if (!ledger?.user && (await userExists(db, names.dbUser))) throw notOurs(domain, 'user', names.dbUser);
}

/**
 * Creates the database and the user (or adopts ours), then grants the user that database only. The
 * ledger entry is written before each CREATE, so a crash right after it still knows the object is ours;
 * the CREATE has no IF NOT EXISTS, so one made by someone else since the check fails instead.
 * `beforeGrant` is the provisioner's fault hook.
 */
export async function createSiteDatabase(
  host: WordPressHost,
  db: RootConnection,
  domain: string,
  names: DbNames,
  password: string,
  ledger: Ledger,
  run: RunRecord,
  beforeGrant: () => void,
): Promise<void> {
  await assertNamesOurs(db, domain, names, ledger);
  if (!(await databaseExists(db, names.dbName))) {
    if (!ledger.database) {
      ledger.database = run.claimedDb = true;
      await writeLedger(host, ledger);
    }
    await createDatabase(db, names.dbName);
    run.db = true;
  }
  // Ours from an earlier run (perhaps not for every host yet): re-keyed. Else created now.
  const adopt = ledger.user && (await userExists(db, names.dbUser));
  if (!ledger.user) {
    ledger.user = run.claimedUser = true;
    await writeLedger(host, ledger);
  }
  await createUser(db, host, names.dbUser, password, { adopt, onCreated: () => (run.user = true) });
  beforeGrant();
  await grantDatabase(db, host, names.dbUser, names.dbName);
}

/**
 * Drops what this run created and turns off the ledger entries it turned on (or whose object it dropped).
 * An entry stays on when the drop failed, so that a rerun or deprovisioning still knows the object.
 */
export async function rollbackSiteDatabase(
  db: RootConnection,
  names: DbNames,
  ledger: Ledger,
  run: RunRecord,
): Promise<void> {
  const drop = async (made: boolean, claimed: boolean, dropIt: () => Promise<void>): Promise<boolean> => {
    if (!made) return claimed;
    try {
      await dropIt();
      return true;
    } catch {
      return false;
    }
  };
  if (await drop(run.db, run.claimedDb, () => dropDatabase(db, names.dbName))) ledger.database = false;
  if (await drop(run.user, run.claimedUser, () => dropUser(db, names.dbUser))) ledger.user = false;
}
