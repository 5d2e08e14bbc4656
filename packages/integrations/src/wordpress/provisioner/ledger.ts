/**
 * What Blogfleet created in MariaDB for a domain, kept in `{root}/.blogfleet/ledger/{domain}.json`
 * (directory 0700, files 0600, the server's user). The sites cannot write there, unlike their own
 * directory and info file, so this is what decides whether a database or user with a site's derived name
 * is ours to adopt (a rerun after a crash) or to drop (rollback, deprovisioning). A name we did not
 * record is someone else's: provisioning refuses to touch it.
 * (When PHP runs as the server's own user nothing on disk is out of its reach; WP_RUN_AS_USER fixes that.)
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { WordPressHost } from '../types';

export interface Ledger {
  version: 1;
  domain: string;
  /**
   * True from just before CREATE DATABASE / CREATE USER (so a crash right after it still finds the entry)
   * until the object is dropped again.
   */
  database: boolean;
  user: boolean;
}

/** `{root}/.blogfleet`: no domain starts with a dot, so it never meets a site directory. */
export function stateDir(host: WordPressHost): string {
  return path.join(path.resolve(host.root), '.blogfleet');
}

function ledgerFile(host: WordPressHost, domain: string): string {
  return path.join(stateDir(host), 'ledger', `${domain}.json`);
}

export async function readLedger(host: WordPressHost, domain: string): Promise<Ledger | null> {
  let text: string;
  try {
    text = await readFile(ledgerFile(host, domain), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const ledger = JSON.parse(text) as Ledger;
  if (ledger.version !== 1 || ledger.domain !== domain) {
    throw new Error(`${ledgerFile(host, domain)} is not the ledger of ${domain}`);
  }
  return { version: 1, domain, database: ledger.database === true, user: ledger.user === true };
}

/** Atomic (temp file + rename), owner-only. */
export async function writeLedger(host: WordPressHost, ledger: Ledger): Promise<void> {
  const file = ledgerFile(host, ledger.domain);
  for (const dir of [stateDir(host), path.dirname(file)]) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chmod(dir, 0o700);
  }
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(ledger)}\n`, { mode: 0o600 });
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
}

export async function removeLedger(host: WordPressHost, domain: string): Promise<void> {
  await rm(ledgerFile(host, domain), { force: true });
}
