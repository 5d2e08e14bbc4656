import { article } from './content';
import type { StringKind } from './fields';
import { hash, pickIndex } from './hash';
import { choose, pathShape, templateValues, type Slot } from './slot';
import { capitalize, fitLength, render, slugify } from './text';

export interface StringLimits {
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
}

// What search engines show; a longer value would be cut on the results page anyway.
const KIND_MAX: Partial<Record<StringKind, number>> = { seoTitle: 60, metaDescription: 160, slug: 80 };

const CC_TLD = { en: 'co', tr: 'com.tr', es: 'es', fr: 'fr', de: 'de' } as const;

function domainName(slot: Slot): string {
  const { keywords, pack, language, seed } = slot.ctx;
  const n = keywords.length;
  const round = Math.floor(slot.index / n);
  const base = slugify(keywords[slot.index % n]!, '').slice(0, 40) || 'site';
  const start = pickIndex(pack.domainWords.length, seed, pathShape(slot.path));
  const word = pack.domainWords[(start + round) % pack.domainWords.length]!;
  const tlds = ['com', CC_TLD[language], 'net', 'org', 'io'];
  const tld = tlds[Math.floor(round / pack.domainWords.length) % tlds.length]!;
  return `${base}${word}.${tld}`;
}

function keywordPhrase(slot: Slot): string {
  const { keywords, pack, seed } = slot.ctx;
  const n = keywords.length;
  const phrases = pack.keywordPhrases;
  const start = pickIndex(phrases.length, seed, pathShape(slot.path));
  const round = Math.floor(slot.index / n);
  const values = { k: keywords[slot.index % n]!, n: 5 };
  const phrase = render(phrases[(start + round) % phrases.length]!, values, slot.ctx.language, 'phrase')!;
  return round >= phrases.length ? `${phrase} ${round + 1}` : phrase;
}

function titleOf(slot: Slot): string {
  if (slot.ctx.title && !slot.inArray) return slot.ctx.title;
  return choose(slot.ctx.pack.titles, slot, 'title');
}

/** A sibling's path, so a slug or SEO title follows the title that the same object got. */
const sibling = (slot: Slot, name: string): Slot => ({
  ...slot,
  path: slot.path.replace(/[^.]*$/, name),
});

function byKind(kind: StringKind, slot: Slot, limits: StringLimits): string {
  const { pack, keywords, website, language } = slot.ctx;
  const focus = templateValues(slot).k;
  switch (kind) {
    case 'title':
      return titleOf(slot);
    case 'seoTitle': {
      const title = titleOf(sibling(slot, 'title'));
      return title.length <= 60 ? title : choose(pack.seoTitles, slot, 'title');
    }
    case 'metaDescription':
      return choose(pack.metaDescriptions, slot, 'text');
    case 'slug':
      return slugify(titleOf(sibling(slot, 'title')));
    case 'content':
      return article(slot, limits.minLength, limits.maxLength);
    case 'keyword':
      return slot.inArray ? keywordPhrase(slot) : focus;
    case 'tag':
      return slot.index < keywords.length
        ? render('{k}', { k: keywords[slot.index]!, n: 0 }, language, 'phrase')!
        : keywordPhrase({ ...slot, index: slot.index - keywords.length });
    case 'category':
      return capitalize(focus, language);
    case 'domain':
      return domainName(slot);
    case 'url':
      return `https://${website?.includes('.') ? website : domainName(slot)}/${slugify(focus)}/`;
    case 'email':
      return `info@${website?.includes('.') ? website : domainName(slot)}`;
    case 'language':
      return language;
    case 'name':
      return choose(pack.names, slot, 'title');
    case 'excerpt':
      return choose(pack.excerpts, slot, 'text');
    case 'summary':
      return choose(pack.summaries, slot, 'text');
    case 'slogan':
      return choose(pack.slogans, slot, 'text');
    case 'idea':
      return choose(pack.ideas, slot, 'text');
    case 'reason':
      return choose(pack.reasons, slot, 'text');
    case 'question':
      return choose(pack.questions, slot, 'text');
    case 'answer':
      return choose(pack.answers, slot, 'text');
    case 'cta':
      return choose(pack.ctas, slot, 'text');
    case 'heading':
      return choose(pack.headings, slot, 'text');
    case 'intro':
      return choose(pack.intros, slot, 'text');
    case 'conclusion':
      return choose(pack.conclusions, slot, 'text');
    case 'paragraph':
      return choose(pack.paragraphs, slot, 'text');
    case 'description':
      return choose(pack.descriptions, slot, 'text');
    case 'generic':
      return choose(pack.generic, slot, 'text');
  }
}

/** Values in the shapes JSON schema formats ask for; dates are fixed so drafts stay reproducible. */
function byFormat(format: string, slot: Slot): string | undefined {
  const h = hash(`${slot.ctx.seed}:${slot.path}`);
  const hex = (h.toString(16).padStart(8, '0') + hash(slot.path).toString(16).padStart(8, '0')).repeat(2);
  const day = String(1 + (h % 28)).padStart(2, '0');
  switch (format) {
    case 'email':
      return byKind('email', slot, {});
    case 'uri':
    case 'url':
    case 'iri':
      return byKind('url', slot, {});
    case 'hostname':
    case 'idn-hostname':
      return byKind('domain', slot, {});
    case 'date-time':
      return `2025-01-${day}T09:00:00Z`;
    case 'date':
      return `2025-01-${day}`;
    case 'time':
      return '09:00:00Z';
    case 'duration':
      return 'PT10M';
    case 'uuid':
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    case 'ipv4':
      return `192.0.2.${1 + (h % 254)}`;
    case 'ipv6':
      return `2001:db8::${(h % 65535).toString(16)}`;
    default:
      return undefined;
  }
}

/** More text of the same language for a field that must be longer than its template. */
function lengthen(text: string, slot: Slot, min: number): string {
  let out = text;
  for (let turn = 0; out.length < min && turn < 200; turn++) {
    out = `${out} ${choose(slot.ctx.pack.paragraphs, slot, 'text', { salt: '#more', turn })}`;
  }
  return out;
}

function matchesPattern(value: string, pattern: string | undefined): boolean {
  if (!pattern) return true;
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return true;
  }
}

export function stringValue(kind: StringKind, slot: Slot, limits: StringLimits): string {
  const formatted = limits.format ? byFormat(limits.format, slot) : undefined;
  if (formatted !== undefined) return formatted;
  const min = limits.minLength ?? 0;
  const cap = KIND_MAX[kind];
  const max = Math.max(min, Math.min(limits.maxLength ?? Infinity, cap ?? Infinity));
  let value = byKind(kind, slot, { ...limits, maxLength: max });
  if (value.length < min) value = lengthen(value, slot, min);
  value = kind === 'slug' ? value.slice(0, max).replace(/-+$/, '') : fitLength(value, max);
  if (matchesPattern(value, limits.pattern)) return value;
  // A pattern usually asks for a slug-like or plain-word value.
  const focus = templateValues(slot).k;
  const candidates = [slugify(value), slugify(value, ''), slugify(focus), slugify(focus, ''), focus];
  return candidates.find((candidate) => matchesPattern(candidate, limits.pattern)) ?? value;
}
