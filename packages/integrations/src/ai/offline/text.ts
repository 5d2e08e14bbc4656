import type { OfflineLanguage } from '../language';

export interface TemplateValues {
  /** Focus keyword. */
  k: string;
  /** Second keyword, when the caller gave more than one. */
  s?: string;
  website?: string;
  audience?: string;
  n: number;
}

/** `phrase` is a search phrase: no capital letter added at its start. */
export type TextMode = 'text' | 'title' | 'html' | 'phrase';

const EN_SMALL_WORDS = new Set(['a', 'an', 'the', 'and', 'or', 'for', 'of', 'in', 'on', 'to', 'with', 'vs']);

export function capitalize(text: string, lang: OfflineLanguage): string {
  return text.charAt(0).toLocaleUpperCase(lang) + text.slice(1);
}

function capitalizeWords(text: string, lang: OfflineLanguage, keepSmall: boolean): string {
  return text
    .split(' ')
    .map((word, i) => (keepSmall && i > 0 && EN_SMALL_WORDS.has(word) ? word : capitalize(word, lang)))
    .join(' ');
}

/** A keyword as it stands inside a title: English and Turkish titles capitalise words, German nouns. */
function titleForm(keyword: string, lang: OfflineLanguage): string {
  if (lang === 'en') return capitalizeWords(keyword, lang, true);
  if (lang === 'tr') return capitalizeWords(keyword, lang, false);
  if (lang === 'de') return capitalize(keyword, lang);
  return keyword;
}

/** German nouns are capitalised in running text too; the other languages keep the caller's spelling. */
function textForm(keyword: string, lang: OfflineLanguage): string {
  return lang === 'de' ? capitalize(keyword, lang) : keyword;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Fills a template; undefined when it needs a value the caller did not give (that template is skipped). */
export function render(
  template: string,
  values: TemplateValues,
  lang: OfflineLanguage,
  mode: TextMode,
): string | undefined {
  const form = (value: string) => (mode === 'title' ? titleForm(value, lang) : textForm(value, lang));
  const fill: Record<string, string | undefined> = {
    k: form(values.k),
    K: capitalize(form(values.k), lang),
    s: values.s === undefined ? undefined : form(values.s),
    w: values.website,
    a: values.audience,
    n: String(values.n),
  };
  let missing = false;
  const out = template.replace(/\{([kKswan])\}/g, (_, key: string) => {
    const value = fill[key];
    if (value === undefined) {
      missing = true;
      return '';
    }
    return mode === 'html' ? escapeHtml(value) : value;
  });
  if (missing) return undefined;
  const clean = out.replace(/\s+/g, ' ').trim();
  // A website opening the sentence keeps its own spelling (example.com, not Example.com).
  return mode === 'phrase' || template.startsWith('{w}') ? clean : capitalize(clean, lang);
}

/** Cut at a word boundary so the text fits `max` characters, closing with an ellipsis when cut. */
export function fitLength(text: string, max: number | undefined): string {
  if (max === undefined || text.length <= max) return text;
  if (max <= 1) return text.slice(0, Math.max(0, max));
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  const cut = space >= max * 0.5 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,;:.–-]+$/u, '')}…`;
}

const TRANSLIT: Record<string, string> = { ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l' };

/** ASCII words for slugs and domain names: `Çay Makinesi` → `cay-makinesi`. */
export function slugify(text: string, separator: '-' | '' = '-'): string {
  return text
    .toLocaleLowerCase('en')
    .replace(/[ıßæœøđł]/g, (c) => TRANSLIT[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/ /g, separator);
}
