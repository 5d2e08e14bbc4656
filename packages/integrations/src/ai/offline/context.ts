import { offlineLanguage, type OfflineLanguage } from '../language';
import type { GenerateInput } from '../types';
import {
  labelledKeywords,
  labelledValue,
  quotedPhrases,
  requestedCount,
  splitList,
  subjectPhrases,
} from './extract';
import { hash } from './hash';
import { packs, type LanguagePack } from './packs/index';

/** What the drafts are built from. */
export interface OfflineContext {
  language: OfflineLanguage;
  pack: LanguagePack;
  /** Subjects in the caller's order; never empty (the language's "this topic" at worst). */
  keywords: string[];
  website?: string;
  audience?: string;
  /** A title the caller already chose (a post written for an accepted idea keeps it). */
  title?: string;
  /** How many items the caller asked for. */
  count?: number;
  seed: number;
}

const KEYS = {
  keywords: [
    'keywords',
    'keyword',
    'keywordlist',
    'focuskeyword',
    'seedkeywords',
    'terms',
    'phrases',
    'tags',
  ],
  topic: ['topic', 'niche', 'subject', 'category', 'theme'],
  website: ['website', 'site', 'sitename', 'domain', 'url', 'siteurl', 'websiteurl', 'blog'],
  idea: ['idea', 'ideatext', 'ideadescription', 'description', 'brief'],
  title: ['title', 'posttitle', 'ideatitle'],
  audience: ['audience', 'targetaudience', 'readers'],
  count: ['count', 'number', 'n', 'limit', 'amount', 'quantity'],
};

type Field = keyof typeof KEYS;

function fieldOf(key: string): Field | undefined {
  const norm = key.toLowerCase().replace(/[^a-z]/g, '');
  return (Object.keys(KEYS) as Field[]).find((field) => KEYS[field].includes(norm));
}

/** Strings of a value: a string, a list, or objects that carry a keyword/name/title/text. */
function stringsOf(value: unknown, split: boolean): string[] {
  if (typeof value === 'string') return split ? splitList(value) : value.trim() ? [value.trim()] : [];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap((item) => stringsOf(item, false));
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    for (const key of ['keyword', 'phrase', 'name', 'title', 'text', 'value']) {
      if (typeof obj[key] === 'string') return [String(obj[key]).trim()];
    }
  }
  return [];
}

function hostOf(website: string): string {
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(website) ? website : `https://${website}`);
    if (url.hostname.includes('.')) return url.hostname.replace(/^www\./, '');
  } catch {
    // Not a URL: a site name such as "Coffee Corner" is used as written.
  }
  return website;
}

function uniqueCi(items: string[]): string[] {
  const seen = new Map<string, string>();
  for (const item of items) {
    const clean = item.replace(/\s+/g, ' ').trim();
    if (clean && !seen.has(clean.toLocaleLowerCase())) seen.set(clean.toLocaleLowerCase(), clean);
  }
  return [...seen.values()];
}

export interface ContextSource {
  prompt: string;
  input?: GenerateInput;
  language: string;
  schemaName?: string;
}

export function buildContext(source: ContextSource): OfflineContext {
  const language = offlineLanguage(source.language);
  const pack = packs[language];
  const found: Record<Field, string[]> = {
    keywords: [],
    topic: [],
    website: [],
    idea: [],
    title: [],
    audience: [],
    count: [],
  };
  const visit = (record: Record<string, unknown>, depth: number) => {
    for (const [key, value] of Object.entries(record)) {
      const field = fieldOf(key);
      if (field) found[field].push(...stringsOf(value, field === 'keywords'));
      // An idea passed as an object ({ title, description }) is read for its parts.
      if (!field || field === 'idea') {
        if (value && typeof value === 'object' && !Array.isArray(value) && depth < 2) {
          visit(value as Record<string, unknown>, depth + 1);
        }
      }
    }
  };
  if (source.input) visit(source.input as Record<string, unknown>, 0);

  const prompt = source.prompt;
  const title = found.title[0];
  let keywords = uniqueCi([...found.keywords, ...found.topic]);
  if (keywords.length === 0) keywords = uniqueCi([...labelledKeywords(prompt), ...quotedPhrases(prompt)]);
  if (keywords.length === 0) keywords = subjectPhrases([title, ...found.idea].filter(Boolean).join('. '));
  if (keywords.length === 0) keywords = subjectPhrases(prompt);
  if (keywords.length === 0) keywords = [pack.fallbackSubject];
  keywords = keywords.slice(0, 12);

  const websiteRaw = found.website[0] ?? labelledValue(prompt, 'website');
  const website = websiteRaw ? hostOf(websiteRaw) : undefined;
  const audience = found.audience[0] ?? labelledValue(prompt, 'audience');
  const countValue = Number(found.count[0]);
  const count =
    Number.isInteger(countValue) && countValue > 0 && countValue <= 100 ? countValue : requestedCount(prompt);

  const seed = hash(
    JSON.stringify([language, keywords, website, audience, title, count, source.schemaName, prompt]),
  );
  return { language, pack, keywords, website, audience, title, count, seed };
}
