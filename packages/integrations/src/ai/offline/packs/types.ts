/**
 * Sentence templates of one language. Placeholders: {k} the focus keyword, {K} the same at the start
 * of a sentence, {s} a second keyword, {w} the website, {a} the audience, {n} a small number. A template
 * whose placeholder has no value is skipped, so every template must read well with all of its own.
 * Keywords are inserted without case endings or articles: the sentences are built around that.
 */
export interface LanguagePack {
  /** Stands in for the keyword when the caller gave nothing usable. */
  fallbackSubject: string;
  titles: string[];
  seoTitles: string[];
  metaDescriptions: string[];
  descriptions: string[];
  excerpts: string[];
  summaries: string[];
  slogans: string[];
  ideas: string[];
  reasons: string[];
  names: string[];
  /** Search phrases built around a keyword. */
  keywordPhrases: string[];
  headings: string[];
  paragraphs: string[];
  intros: string[];
  conclusions: string[];
  checklistHeading: string;
  checklist: string[];
  questions: string[];
  answers: string[];
  ctas: string[];
  generic: string[];
  /** Words that make a domain name from a keyword (`{keyword}{word}.com`). */
  domainWords: string[];
  /** Words that carry no topic, for picking subjects out of free text (space-separated). */
  stopwords: string;
}
