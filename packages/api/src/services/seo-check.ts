import type { SeoCheckRow } from '@blogfleet/db';
import { wordCount } from './site-sync';

/**
 * The SEO checker (0–10), shared by content management and the AI content pool. Six checks, their
 * points adding up to 10; docs/seo-checker.md explains them:
 *
 * | check               | full points                                   | half points                           |
 * | ------------------- | --------------------------------------------- | ------------------------------------- |
 * | keyword_in_title 2  | the focus keyword as a phrase in the title    | all of its words, not as a phrase     |
 * | keyword_in_headings 1.5 | in an h2–h4 heading                       | all of its words in one heading       |
 * | keyword_density 2   | 0.5–2.5 % of the words                        | 0.2–0.5 % or 2.5–4 %                  |
 * | length 1.5          | 600 words or more                             | 300 or more                           |
 * | meta_description 1.5| 70–160 characters with the keyword            | present (30+), keyword or length off  |
 * | readability 1.5     | sentences of 20 words or fewer on average     | 25 or fewer                           |
 */
export interface SeoCheckInput {
  title: string;
  /** HTML. */
  content: string;
  metaDescription: string;
  focusKeyword: string;
  /** Lower-casing follows the language (Turkish İ/ı). */
  language?: string;
}

export interface SeoCheckResult {
  /** 0–10, one decimal. */
  score: number;
  wordCount: number;
  checks: SeoCheckRow[];
}

export const SEO_CHECK_IDS = [
  'keyword_in_title',
  'keyword_in_headings',
  'keyword_density',
  'length',
  'meta_description',
  'readability',
] as const;
export type SeoCheckId = (typeof SEO_CHECK_IDS)[number];

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;
const HAS_WORD = /[\p{L}\p{N}]/u;
/** WordPress shortcodes (`[gallery ids="1"]`, `[/caption]`), not any text between brackets. */
const SHORTCODE = /\[\/?[a-zA-Z][\w-]*(?:\s[^\]]*)?\]/g;

const decode = (s: string) =>
  s
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#0?39;|&apos;/gi, "'")
    .replace(/&[a-z#0-9]+;/gi, ' ');

/** The visible text of HTML: scripts and styles out, tags become spaces, entities decoded. */
export function plainText(html: string): string {
  return decode(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(SHORTCODE, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Words for matching: NFC, lower case in the language, dotted and dotless i folded together (İ, I, ı, i
 * meet whatever the language). Turkish suffixes after an apostrophe are left off: "İstanbul'da" counts
 * as "istanbul".
 */
function tokens(text: string, language: string): string[] {
  let folded = text
    .normalize('NFC')
    .toLocaleLowerCase(language)
    .replace(/\u0307/g, '')
    .replace(/ı/g, 'i');
  if (language === 'tr') folded = folded.replace(/['’][\p{L}]+/gu, '');
  return (folded.match(WORD) ?? []).map((w) => w.replace(/’/g, "'"));
}

/** The text's sentences: paragraphs, list items and line breaks end one too; headings are not sentences. */
function sentencesOf(html: string): string[] {
  const body = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<h[1-6]\b[^>]*>[\s\S]*?<\/h[1-6]>/gi, '\n')
    .replace(/<\/(p|li|div|blockquote|td|th|dd|dt)>|<br\s*\/?>/gi, '\n');
  return body
    .split('\n')
    .map(plainText)
    .flatMap((block) => block.split(/[.!?…。]+["'”’)\]]*(?:\s+|$)/))
    .filter((sentence) => HAS_WORD.test(sentence));
}

/** How many times `phrase` occurs in `words` as consecutive words. */
function occurrences(words: string[], phrase: string[]): number {
  if (phrase.length === 0) return 0;
  let n = 0;
  for (let i = 0; i + phrase.length <= words.length; i++) {
    let hit = true;
    for (let j = 0; j < phrase.length; j++) {
      if (words[i + j] !== phrase[j]) {
        hit = false;
        break;
      }
    }
    if (hit) n++;
  }
  return n;
}

/** Full points for the phrase, half for all of its words in any order, none otherwise. */
function phrasePoints(text: string, phrase: string[], max: number, language: string) {
  const words = tokens(text, language);
  if (phrase.length > 0 && occurrences(words, phrase) > 0) return { points: max, match: 'phrase' };
  const set = new Set(words);
  if (phrase.length > 0 && phrase.every((w) => set.has(w))) return { points: max / 2, match: 'words' };
  return { points: 0, match: 'none' };
}

const headingsOf = (html: string) =>
  [...html.matchAll(/<h([2-4])\b[^>]*>([\s\S]*?)<\/h\1>/gi)].map((m) => plainText(m[2] ?? ''));

const round1 = (n: number) => Math.round(n * 10) / 10;

export function checkSeo(input: SeoCheckInput): SeoCheckResult {
  const language = input.language ?? 'en';
  const keyword = tokens(input.focusKeyword, language);
  const text = plainText(input.content);
  const words = tokens(text, language);
  const checks: SeoCheckRow[] = [];

  const title = phrasePoints(input.title, keyword, 2, language);
  checks.push({ id: 'keyword_in_title', points: title.points, max: 2, detail: { match: title.match } });

  const headings = headingsOf(input.content);
  const best = headings
    .map((h) => phrasePoints(h, keyword, 1.5, language))
    .reduce((a, b) => (b.points > a.points ? b : a), { points: 0, match: 'none' });
  checks.push({
    id: 'keyword_in_headings',
    points: best.points,
    max: 1.5,
    detail: { headings: headings.length, match: best.match },
  });

  const density =
    words.length === 0 ? 0 : (occurrences(words, keyword) * keyword.length * 100) / words.length;
  const densityPoints = density >= 0.5 && density <= 2.5 ? 2 : density >= 0.2 && density <= 4 ? 1 : 0;
  checks.push({ id: 'keyword_density', points: densityPoints, max: 2, detail: { percent: round1(density) } });

  const count = wordCount(input.content);
  checks.push({
    id: 'length',
    points: count >= 600 ? 1.5 : count >= 300 ? 0.75 : 0,
    max: 1.5,
    detail: { words: count },
  });

  const meta = input.metaDescription.trim();
  const metaHasKeyword = phrasePoints(meta, keyword, 1, language).points === 1;
  const metaLengthOk = meta.length >= 70 && meta.length <= 160;
  checks.push({
    id: 'meta_description',
    points: metaLengthOk && metaHasKeyword ? 1.5 : meta.length >= 30 ? 0.75 : 0,
    max: 1.5,
    detail: { length: meta.length, keyword: metaHasKeyword },
  });

  const sentences = sentencesOf(input.content);
  const sentenceWords = sentences.reduce((n, sentence) => n + tokens(sentence, language).length, 0);
  const perSentence = sentences.length === 0 ? 0 : sentenceWords / sentences.length;
  checks.push({
    id: 'readability',
    points: sentences.length === 0 ? 0 : perSentence <= 20 ? 1.5 : perSentence <= 25 ? 0.75 : 0,
    max: 1.5,
    detail: { words_per_sentence: round1(perSentence), sentences: sentences.length },
  });

  const score = round1(checks.reduce((sum, c) => sum + c.points, 0));
  return { score: Math.min(10, score), wordCount: count, checks };
}
