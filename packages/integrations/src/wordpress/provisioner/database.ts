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

/** Creates the database if missing; true when this call created it. Names are checked identifiers. */
export async function ensureDatabase(db: RootConnection, dbName: string): Promise<boolean> {
  assertIdentifier(dbName, 64);
  if (await databaseExists(db, dbName)) return false;
  await db.query(
    `CREATE DATABASE IF NOT EXISTS \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
  );
  return true;
}

/** Creates (or re-keys) the site user with the given password and grants it the site database only. */
export async function ensureUser(
  db: RootConnection,
  host: WordPressHost,
  dbUser: string,
  password: string,
  dbName: string,
): Promise<boolean> {
  assertIdentifier(dbUser, 32);
  assertIdentifier(dbName, 64);
  const existed = await userExists(db, dbUser);
  for (const userHost of userHosts(host)) {
    // Values are bound by the driver's escaping; identifiers are checked above.
    await db.query('CREATE USER IF NOT EXISTS ?@? IDENTIFIED BY ?', [dbUser, userHost, password]);
    await db.query('ALTER USER ?@? IDENTIFIED BY ?', [dbUser, userHost, password]);
    await db.query(`GRANT ALL PRIVILEGES ON \`${dbName}\`.* TO ?@?`, [dbUser, userHost]);
  }
  return !existed;
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
