import mysql from 'mysql2/promise';
import type { WordPressHost } from '../types';
import { assertIdentifier } from './names';

export type RootConnection = mysql.Connection;

export async function withRootConnection<T>(
  host: WordPressHost,
  fn: (db: RootConnection) => Promise<T>,
): Promise<T> {
  const db = await mysql.createConnection({
    host: host.db.host,
    port: host.db.port,
    user: host.db.user,
    password: host.db.password,
    connectTimeout: 5_000,
  });
  try {
    return await fn(db);
  } finally {
    await db.end().catch(() => db.destroy());
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** Account hosts a site user is created for: loopback spellings when the DB is local, else any host. */
export function userHosts(host: WordPressHost): string[] {
  return LOOPBACK.has(host.db.host) ? ['localhost', '127.0.0.1', '::1'] : ['%'];
}

export async function databaseExists(db: RootConnection, dbName: string): Promise<boolean> {
  const [rows] = await db.query<mysql.RowDataPacket[]>(
    'SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?',
    [dbName],
  );
  return rows.length > 0;
}

export async function userExists(db: RootConnection, dbUser: string): Promise<boolean> {
  const [rows] = await db.query<mysql.RowDataPacket[]>('SELECT User FROM mysql.user WHERE User = ?', [
    dbUser,
  ]);
  return rows.length > 0;
}

/**
 * The database part of `GRANT … ON \`db\`.*`, where MariaDB reads `_` and `%` as wildcards: unescaped,
 * `wp_a_b` would also grant `wpXaYb`. Escaped, the grant covers this one database.
 */
export function grantDatabasePattern(dbName: string): string {
  assertIdentifier(dbName, 64);
  return dbName.replace(/[_%]/g, (wildcard) => `\\${wildcard}`);
}

/** CREATE DATABASE without IF NOT EXISTS: a database someone else made since our check is not adopted. */
export async function createDatabase(db: RootConnection, dbName: string): Promise<void> {
  assertIdentifier(dbName, 64);
  await db.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
}

/**
 * Creates the site user for every host it connects from (see userHosts). `adopt` is for a user an earlier
 * run of this provisioning created (recorded in the ledger): it may exist for some hosts already and is
 * re-keyed. Without it, CREATE USER fails on an existing account instead of taking it over. `onCreated`
 * runs right after the first account exists, so a failure later on still has it rolled back.
 */
export async function createUser(
  db: RootConnection,
  host: WordPressHost,
  dbUser: string,
  password: string,
  opts: { adopt: boolean; onCreated: () => void },
): Promise<void> {
  assertIdentifier(dbUser, 32);
  for (const userHost of userHosts(host)) {
    // Values are bound by the driver's escaping; identifiers are checked above.
    if (opts.adopt) {
      await db.query('CREATE USER IF NOT EXISTS ?@? IDENTIFIED BY ?', [dbUser, userHost, password]);
      await db.query('ALTER USER ?@? IDENTIFIED BY ?', [dbUser, userHost, password]);
    } else {
      await db.query('CREATE USER ?@? IDENTIFIED BY ?', [dbUser, userHost, password]);
      opts.onCreated();
    }
  }
}

/** Grants the site user everything on the site database and nothing else. */
export async function grantDatabase(
  db: RootConnection,
  host: WordPressHost,
  dbUser: string,
  dbName: string,
): Promise<void> {
  assertIdentifier(dbUser, 32);
  const pattern = grantDatabasePattern(dbName);
  for (const userHost of userHosts(host)) {
    await db.query(`GRANT ALL PRIVILEGES ON \`${pattern}\`.* TO ?@?`, [dbUser, userHost]);
  }
}

export async function dropDatabase(db: RootConnection, dbName: string): Promise<void> {
  assertIdentifier(dbName, 64);
  await db.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
}

export async function dropUser(db: RootConnection, dbUser: string): Promise<void> {
  assertIdentifier(dbUser, 32);
  const [rows] = await db.query<mysql.RowDataPacket[]>('SELECT Host FROM mysql.user WHERE User = ?', [
    dbUser,
  ]);
  for (const row of rows) {
    await db.query('DROP USER IF EXISTS ?@?', [dbUser, String(row.Host)]);
  }
}
