/** What a string field holds, guessed from its name (and its description when the name says nothing). */
export type StringKind =
  | 'seoTitle'
  | 'metaDescription'
  | 'slug'
  | 'domain'
  | 'url'
  | 'email'
  | 'language'
  | 'content'
  | 'excerpt'
  | 'summary'
  | 'slogan'
  | 'keyword'
  | 'tag'
  | 'category'
  | 'idea'
  | 'reason'
  | 'question'
  | 'answer'
  | 'cta'
  | 'heading'
  | 'intro'
  | 'conclusion'
  | 'paragraph'
  | 'description'
  | 'title'
  | 'name'
  | 'generic';

// Order matters: the specific names (seo_title, meta_description) before the general ones.
const STRING_RULES: [RegExp, StringKind][] = [
  [/(^|_)(seo|meta)_?title$/, 'seoTitle'],
  [/(^|_)idea_text$/, 'idea'],
  [/(^|_)(meta|seo)_?desc(ription)?$/, 'metaDescription'],
  [/(^|_)slugs?$/, 'slug'],
  [/(^|_)(domains?|domain_names?|hostnames?|hosts?)$/, 'domain'],
  [/(^|_)(urls?|uris?|links?|href|website_url|site_url)$/, 'url'],
  [/(^|_)e?_?mails?$/, 'email'],
  [/(^|_)(lang|language|locale)$/, 'language'],
  [/(^|_)(content|body|html|article|post_content|content_html|body_html)$/, 'content'],
  [/(^|_)excerpts?$/, 'excerpt'],
  [/(^|_)(summary|summaries|abstract|tldr|synopsis)$/, 'summary'],
  [/(^|_)(slogans?|taglines?|mottos?|subtitle)$/, 'slogan'],
  [/(^|_)tags?$/, 'tag'],
  [/(^|_)(keywords?|key_?phrases?|phrases?|queries|query|terms?|search_terms?|focus_keyword)$/, 'keyword'],
  [/(^|_)categor(y|ies)$/, 'category'],
  [/(^|_)(ideas?|angles?|concepts?|pitch)$/, 'idea'],
  [
    /(^|_)(reasons?|reasoning|rationale|feedback|comments?|notes?|explanation|justification|why|review|critique)$/,
    'reason',
  ],
  [/(^|_)questions?$/, 'question'],
  [/(^|_)answers?$/, 'answer'],
  [/(^|_)(cta|call_to_action)$/, 'cta'],
  [/(^|_)(headings?|h2|section_titles?|subheadings?|outline|sections)$/, 'heading'],
  [/(^|_)(intro|introduction|lead)$/, 'intro'],
  [/(^|_)(conclusion|outro|closing)$/, 'conclusion'],
  [/(^|_)(paragraphs?|text)$/, 'paragraph'],
  [/(^|_)(description|desc|details|overview)$/, 'description'],
  [/(^|_)(titles?|headlines?|subject)$/, 'title'],
  [/(^|_)(topics?|niches?|themes?)$/, 'keyword'],
  [/(^|_)(names?|site_name|brand|brand_name|blog_name)$/, 'name'],
];

/** `metaDescription`, `meta-description`, `Meta Description` → `meta_description`. */
export function normalizeName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

export function stringKind(name: string | undefined, description?: string): StringKind {
  for (const candidate of [name, description]) {
    if (!candidate) continue;
    const norm = normalizeName(candidate);
    for (const [rule, kind] of STRING_RULES) if (rule.test(norm)) return kind;
    // A description is prose: look for the hint words anywhere in it.
    if (candidate === description) {
      for (const word of norm.split('_')) {
        for (const [rule, kind] of STRING_RULES) if (rule.test(word)) return kind;
      }
    }
  }
  return 'generic';
}

export type NumberKind = 'score' | 'volume' | 'difficulty' | 'price' | 'count' | 'position' | 'generic';

const NUMBER_RULES: [RegExp, NumberKind][] = [
  [/(^|_)(score|rating|quality|relevance|confidence|priority|potential|stars)$/, 'score'],
  [/(^|_)(volume|search_volume|searches|monthly_searches|traffic)$/, 'volume'],
  [/(^|_)(difficulty|competition|kd)$/, 'difficulty'],
  [/(^|_)(cpc|price|cost|bid)$/, 'price'],
  [/(^|_)(word_count|words|length|reading_time|minutes)$/, 'count'],
  [/(^|_)(position|rank|order|index|id)$/, 'position'],
];

export function numberKind(name: string | undefined): NumberKind {
  const norm = name ? normalizeName(name) : '';
  for (const [rule, kind] of NUMBER_RULES) if (rule.test(norm)) return kind;
  return 'generic';
}

/** Flags that say "this passed": an offline draft claims success rather than inventing a failure. */
export function isAffirmativeFlag(name: string | undefined): boolean {
  return /(^|_)(ok|success|valid|approved|accepted|available|recommended|relevant|is_\w+)$/.test(
    normalizeName(name ?? ''),
  );
}
