import { describe, expect, it } from 'vitest';
import { checkSeo, plainText } from '../src/services/seo-check';

const sentence = (n: number, word = 'coffee') =>
  `${Array.from({ length: n - 1 }, () => word).join(' ')} end.`;
/** `words` words of filler in sentences of `perSentence` words, with the keyword every `every` words. */
function body(words: number, perSentence: number, keyword: string, every: number) {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(i % every === 0 ? keyword : 'word');
  const sentences: string[] = [];
  for (let i = 0; i < out.length; i += perSentence)
    sentences.push(`${out.slice(i, i + perSentence).join(' ')}.`);
  return sentences.join(' ');
}
const byId = (r: ReturnType<typeof checkSeo>) => Object.fromEntries(r.checks.map((c) => [c.id, c]));

describe('SEO checker', () => {
  it('gives 10 to a piece that passes every check', () => {
    const content = `<p>${body(700, 12, 'grinder', 100)}</p><h2>Choosing a grinder</h2><p>${body(100, 10, 'word', 1000)}</p>`;
    const r = checkSeo({
      title: 'The best grinder for espresso',
      content,
      metaDescription:
        'How to choose a grinder for espresso at home: burrs, steps, retention and what a good one costs today.',
      focusKeyword: 'Grinder',
    });
    expect(r.checks.map((c) => [c.id, c.points])).toEqual([
      ['keyword_in_title', 2],
      ['keyword_in_headings', 1.5],
      ['keyword_density', 2],
      ['length', 1.5],
      ['meta_description', 1.5],
      ['readability', 1.5],
    ]);
    expect(r.score).toBe(10);
    expect(r.wordCount).toBe(803);
  });

  it('gives half points for the keyword’s words out of order, and none when missing', () => {
    const r = checkSeo({
      title: 'Grinder reviews for espresso lovers',
      content: '<h2>Nothing here</h2><p>Short.</p>',
      metaDescription: '',
      focusKeyword: 'espresso grinder',
    });
    const c = byId(r);
    expect(c.keyword_in_title).toMatchObject({ points: 1, detail: { match: 'words' } });
    expect(c.keyword_in_headings).toMatchObject({ points: 0, detail: { headings: 1, match: 'none' } });
    expect(c.meta_description!.points).toBe(0);
    expect(c.length!.points).toBe(0);
  });

  it('scores density by the phrase’s share of the words', () => {
    // 2-word phrase 10 times in 400 words = 5 %: too much.
    const stuffed = checkSeo({
      title: 'x',
      content: `<p>${body(400, 10, 'espresso grinder', 20)}</p>`,
      metaDescription: '',
      focusKeyword: 'espresso grinder',
    });
    expect(byId(stuffed).keyword_density!.detail.percent).toBeGreaterThan(4);
    expect(byId(stuffed).keyword_density!.points).toBe(0);
    // Once in 300 words = 0.33 %: half.
    const thin = checkSeo({
      title: 'x',
      content: `<p>${body(300, 10, 'grinder', 1000)}</p>`,
      metaDescription: '',
      focusKeyword: 'grinder',
    });
    expect(byId(thin).keyword_density).toMatchObject({ points: 1, detail: { percent: 0.3 } });
  });

  it('reads long sentences as harder', () => {
    const long = checkSeo({
      title: 'x',
      content: `<p>${sentence(30)} ${sentence(30)}</p>`,
      metaDescription: '',
      focusKeyword: 'x',
    });
    expect(byId(long).readability).toMatchObject({
      points: 0,
      detail: { words_per_sentence: 30, sentences: 2 },
    });
    const medium = checkSeo({
      title: 'x',
      content: `<p>${sentence(22)} ${sentence(24)}</p>`,
      metaDescription: '',
      focusKeyword: 'x',
    });
    expect(byId(medium).readability!.points).toBe(0.75);
  });

  it('lower-cases Turkish as Turkish', () => {
    const r = checkSeo({
      title: 'İSTANBUL gezi rehberi',
      content: '<h2>İstanbul’da gezilecek yerler</h2>',
      metaDescription:
        'İstanbul için kısa bir rehber: gezilecek yerler, ulaşım ve yemek önerileri bir arada burada sizi bekliyor.',
      focusKeyword: 'istanbul',
      language: 'tr',
    });
    const c = byId(r);
    expect(c.keyword_in_title!.points).toBe(2);
    expect(c.meta_description!.points).toBe(1.5);
  });

  it('counts paragraphs and list items as sentence ends, and headings not as sentences', () => {
    const r = checkSeo({
      title: 'x',
      content: `<h2>${'heading '.repeat(30)}</h2><p>${sentence(10)}</p><ul><li>one two three four five six</li><li>seven eight nine ten</li></ul><p>“Quoted sentence here.” Next one follows</p>`,
      metaDescription: '',
      focusKeyword: 'x',
    });
    expect(byId(r).readability!.detail).toEqual({ words_per_sentence: 5.2, sentences: 5 });
  });

  it('finds a keyword inside Turkish suffixes, in other forms of Unicode and dotless i', () => {
    const tr = checkSeo({
      title: "İstanbul'da gezilecek yerler",
      content: '<h2>Istanbul’un müzeleri</h2>',
      metaDescription: '',
      focusKeyword: 'istanbul',
      language: 'tr',
    });
    expect(byId(tr).keyword_in_title!.points).toBe(2);
    expect(byId(tr).keyword_in_headings!.points).toBe(1.5);
    const es = checkSeo({
      title: 'La mejor cancio\u0301n del an\u0303o',
      content: '',
      metaDescription: '',
      focusKeyword: 'canción',
      language: 'es',
    });
    expect(byId(es).keyword_in_title!.points).toBe(2);
    const iphone = checkSeo({
      title: 'IPHONE case',
      content: '',
      metaDescription: '',
      focusKeyword: 'iphone',
      language: 'tr',
    });
    expect(byId(iphone).keyword_in_title!.points).toBe(2);
  });

  it('leaves out shortcodes but not text after a stray bracket', () => {
    expect(plainText('<p>Price [1] 10 [gallery ids="1,2"] and more [/caption] words</p>')).toBe(
      'Price [1] 10 and more words',
    );
    expect(plainText('a [ b c d')).toBe('a [ b c d');
  });

  it('takes the text out of HTML', () => {
    expect(plainText('<p>Tea &amp; <b>cake</b></p><script>alert(1)</script>')).toBe('Tea & cake');
  });
});
