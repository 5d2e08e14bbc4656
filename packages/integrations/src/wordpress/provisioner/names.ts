import { createHash } from 'node:crypto';
import { WordPressHostError } from '../errors';
import type { ProvisionInput } from '../types';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Validates a domain as a DNS hostname and returns it lowercased; throws WordPressError 'INVALID'. */
export function normalizeDomain(input: unknown): string {
  if (typeof input !== 'string') throw new WordPressHostError('INVALID', 'Domain must be a string');
  const domain = input.trim().toLowerCase().replace(/\.$/, '');
  const labels = domain.split('.');
  if (
    domain.length === 0 ||
    domain.length > 253 ||
    labels.length < 2 ||
    !labels.every((label) => LABEL.test(label)) ||
    /^[0-9]+$/.test(labels[labels.length - 1] ?? '')
  ) {
    throw new WordPressHostError(
      'INVALID',
      `Invalid domain name ${JSON.stringify(input.slice(0, 80))}: use a hostname such as example.com (labels of a-z, 0-9 and inner hyphens, 1-63 characters each, at least one dot, at most 253 characters)`,
    );
  }
  return domain;
}

function shortHash(domain: string): string {
  return createHash('sha256').update(domain).digest('hex').slice(0, 8);
}

function derive(domain: string, max: number): string {
  const hash = shortHash(domain);
  const slug = domain.replace(/[^a-z0-9]/g, '_').slice(0, max - 'wp_'.length - 1 - hash.length);
  return `wp_${slug}_${hash}`;
}

/** MariaDB names of a site: only [a-z0-9_], db ≤ 64 and user ≤ 32 characters, unique per domain. */
export function siteDbNames(domain: string): { dbName: string; dbUser: string } {
  const names = { dbName: derive(domain, 64), dbUser: derive(domain, 32) };
  assertIdentifier(names.dbName, 64);
  assertIdentifier(names.dbUser, 32);
  return names;
}

/** Guard for identifiers that end up quoted in SQL (identifiers cannot be bound as parameters). */
export function assertIdentifier(name: string, max: number): void {
  if (!/^[a-z0-9_]+$/.test(name) || name.length > max) {
    throw new WordPressHostError('INVALID', `Unsafe database identifier ${JSON.stringify(name)}`);
  }
}

/** Short language codes to WordPress locales; '' is WordPress's en_US. */
export function wordpressLocale(language: string): string {
  const code = language.trim();
  const map: Record<string, string> = { en: '', en_us: '', 'en-us': '', tr: 'tr_TR', es: 'es_ES' };
  const mapped = map[code.toLowerCase()];
  if (mapped !== undefined) return mapped;
  const locale = code.replace('-', '_');
  if (/^[a-z]{2,3}(_[A-Z]{2})?$/.test(locale)) return locale;
  throw new WordPressHostError(
    'INVALID',
    `Unknown language ${JSON.stringify(language)} (use en, tr, es or a locale like de_DE)`,
  );
}

function validTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return /^[A-Za-z0-9_+\-/]+$/.test(timezone);
  } catch {
    return false;
  }
}

export interface NormalizedInput extends ProvisionInput {
  /** WordPress locale ('' for en_US). */
  locale: string;
}

/** Checks every input field before anything is created; throws WordPressError 'INVALID'. */
export function normalizeInput(input: ProvisionInput): NormalizedInput {
  const domain = normalizeDomain(input?.domain);
  const text = (field: keyof ProvisionInput, required: boolean, max: number): string => {
    const value = input[field];
    if (typeof value !== 'string') throw new WordPressHostError('INVALID', `${field} must be a string`);
    if (required && value.trim() === '') throw new WordPressHostError('INVALID', `${field} is required`);
    if (value.length > max)
      throw new WordPressHostError('INVALID', `${field} is longer than ${max} characters`);
    return value;
  };
  const adminEmail = text('adminEmail', true, 100).trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) {
    throw new WordPressHostError(
      'INVALID',
      `adminEmail ${JSON.stringify(adminEmail)} is not an email address`,
    );
  }
  const timezone = text('timezone', true, 64).trim();
  if (!validTimezone(timezone))
    throw new WordPressHostError('INVALID', `Unknown timezone ${JSON.stringify(timezone)}`);
  const language = text('language', true, 16);
  return {
    domain,
    title: text('title', true, 200),
    slogan: text('slogan', false, 500),
    adminEmail,
    postTitle: text('postTitle', true, 500),
    postContent: text('postContent', false, 1_000_000),
    pageTitle: text('pageTitle', true, 500),
    pageContent: text('pageContent', false, 1_000_000),
    language,
    timezone,
    locale: wordpressLocale(language),
  };
}
