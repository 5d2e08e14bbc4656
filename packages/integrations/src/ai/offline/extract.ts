import { offlineLanguages } from '../language';
import { packs } from './packs/index';

// Prompts are often written in English even when the drafts are wanted in another language, so every
// language's stopwords apply to every text.
const STOPWORDS = new Set(offlineLanguages.flatMap((lang) => packs[lang].stopwords.split(' ')));

const normalizeQuotes = (text: string) => text.replace(/[’‘`´]/g, "'");

/** Splits a list written as text: `a, b; c` or one item a line. */
export function splitList(text: string): string[] {
  return text
    .split(/[,;\n|]+/)
    .map((part) => part.replace(/^[\s\-*•\d.)]+/, '').trim())
    .filter((part) => part.length > 0 && part.length <= 80);
}

const LABELS = {
  keywords:
    /(?:key ?words?|key ?phrases?|anahtar kelimeler?|palabras? clave|mots?[- ]cl[ée]s?|schl[üu]sselw[öo]rter|topics?|niche|konu|niş|tema|nicho|sujet|thema|nische)\s*[:=]\s*([^\n]+)/giu,
  website: /(?:website|web ?site|site|web sitesi|sitio web|site web|webseite)\s*[:=]\s*([^\s,;]+)/iu,
  audience: /(?:audience|hedef kitle|público|public cible|zielgruppe)\s*[:=]\s*([^\n]+)/iu,
};

export function labelledKeywords(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(LABELS.keywords)) found.push(...splitList(match[1]!));
  return found;
}

export function labelledValue(text: string, label: 'website' | 'audience'): string | undefined {
  return LABELS[label].exec(text)?.[1]?.trim().replace(/[.]+$/, '') || undefined;
}

export function quotedPhrases(text: string): string[] {
  return [...text.matchAll(/["“«„]([^"”»“\n]{2,60})["”»“]/gu)].map((m) => m[1]!.trim());
}

/**
 * The subjects of free text: runs of up to three consecutive words that are not stopwords, in order of
 * appearance. "Write a beginner's guide to cold brew coffee at home" → ["cold brew coffee", "home"].
 */
export function subjectPhrases(text: string, limit = 3): string[] {
  const phrases: string[] = [];
  for (const segment of normalizeQuotes(text).split(/[.,;:!?()[\]{}"“”«»„\n]+/u)) {
    let run: string[] = [];
    const flush = () => {
      if (run.length > 0) phrases.push(run.slice(0, 3).join(' '));
      run = [];
    };
    for (const raw of segment.split(/\s+/)) {
      const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      const lower = word.toLocaleLowerCase();
      if (word.length < 2 || /^\d+$/.test(word) || STOPWORDS.has(lower)) flush();
      else run.push(word);
    }
    flush();
  }
  const unique = [...new Map(phrases.map((p) => [p.toLocaleLowerCase(), p])).values()];
  // Multi-word runs name a subject better than stray single words.
  return [...unique.filter((p) => p.includes(' ')), ...unique.filter((p) => !p.includes(' '))].slice(
    0,
    limit,
  );
}

export function requestedCount(text: string): number | undefined {
  const m =
    /\b(\d{1,3})\s+(?:[\p{L}-]+\s+){0,2}?(?:ideas?|titles?|keywords?|posts?|articles?|domains?|names?|suggestions?|slogans?|fikir|başlık|anahtar|öneri|alan adı|títulos?|palabras|idées|titres?|mots|noms|ideen|titel|vorschläge|namen)/iu.exec(
      text,
    );
  const n = m ? Number(m[1]) : NaN;
  return Number.isInteger(n) && n > 0 && n <= 100 ? n : undefined;
}
