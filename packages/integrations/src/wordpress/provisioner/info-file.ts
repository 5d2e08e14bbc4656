import { createHash } from 'node:crypto';
import { chmod, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteCredentials, WordPressHost } from '../types';
import type { NormalizedInput } from './names';

/** The JSON info file (mode 0600) of a site: written first with its secrets, completed at the end. */
export interface SiteInfo extends SiteCredentials {
  version: 1;
  status: 'provisioning' | 'complete';
  domain: string;
  /** Hash of the provisioning input: a rerun with other input is another provisioning (ALREADY_HOSTED). */
  fingerprint: string;
  port: number;
  dbHost: string;
  locale: string;
  languageInstalled?: boolean;
  input: NormalizedInput;
  createdAt: string;
  completedAt?: string;
}

export function inputFingerprint(input: NormalizedInput): string {
  const fields = [
    input.domain,
    input.title,
    input.slogan,
    input.adminEmail,
    input.postTitle,
    input.postContent,
    input.pageTitle,
    input.pageContent,
    input.locale,
    input.timezone,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

export async function readSiteInfo(file: string): Promise<SiteInfo | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const info = JSON.parse(text) as SiteInfo;
  if (info.version !== 1 || typeof info.domain !== 'string')
    throw new Error(`${file} is not a site info file`);
  return info;
}

/** Atomic write (temp file + rename), owner-only permissions. */
export async function writeSiteInfo(file: string, info: SiteInfo): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
  await chmod(temp, 0o600);
  await rename(temp, file);
}

export function credentialsOf(info: SiteInfo): SiteCredentials {
  return {
    siteUrl: info.siteUrl,
    adminUrl: info.adminUrl,
    adminUser: info.adminUser,
    adminPassword: info.adminPassword,
    appPassword: info.appPassword,
    dbName: info.dbName,
    dbUser: info.dbUser,
    dbPassword: info.dbPassword,
    infoFilePath: info.infoFilePath,
  };
}

/** Ports recorded by every site under the host root. */
export async function usedPorts(host: WordPressHost): Promise<Set<number>> {
  const ports = new Set<number>();
  let entries: string[];
  try {
    entries = await readdir(host.root);
  } catch {
    return ports;
  }
  for (const entry of entries) {
    const info = await readSiteInfo(path.join(host.root, entry, 'site-info.json')).catch(() => null);
    if (info && Number.isInteger(info.port)) ports.add(info.port);
  }
  return ports;
}
