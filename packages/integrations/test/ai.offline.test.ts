import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IntegrationError } from '../src/errors';
import { OfflineTextGenerator, createTextGenerator, type GenerateRequest } from '../src/ai/index';

const generator = new OfflineTextGenerator();

const ideaList = z.object({
  ideas: z
    .array(
      z.object({
        title: z.string().max(120),
        description: z.string(),
        score: z.number().min(0).max(5),
        reason: z.string(),
      }),
    )
    .min(3)
    .max(10),
});

const post = z.object({
  title: z.string().max(120),
  seo_title: z.string().max(70),
  meta_description: z.string().max(160),
  excerpt: z.string().max(300),
  content: z.string().min(800),
  tags: z.array(z.string()).min(3).max(8),
  status: z.enum(['draft', 'publish']),
});

const keywordList = z.object({
  keywords: z
    .array(
      z.object({
        keyword: z.string().max(80),
        intent: z.enum(['informational', 'commercial', 'transactional', 'navigational']),
        search_volume: z.number().int().nonnegative(),
        difficulty: z.number().int().min(0).max(100),
      }),
    )
    .min(5)
    .max(20),
});

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const ci = (s: string) => s.toLocaleLowerCase('en');

async function run<T>(request: Omit<GenerateRequest<T>, 'schemaName'> & { schemaName?: string }) {
  return generator.generate({ schemaName: 'draft', ...request });
}

describe('offline generator', () => {
  it('labels its results and reports no usage', async () => {
    const result = await run({
      schema: ideaList,
      prompt: 'Ideas',
      language: 'en',
      input: { keywords: 'kayak' },
    });
    expect(result).toMatchObject({
      generator: 'offline',
      model: 'offline',
      usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
      repaired: false,
    });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(createTextGenerator(null).kind).toBe('offline');
  });

  it('writes an idea list that fits the schema, one keyword per idea, scores within 0–5', async () => {
    const keywords = ['espresso machine', 'milk frother', 'coffee grinder', 'french press'];
    const { output } = await run({
      schema: ideaList,
      prompt: 'Suggest post ideas for these keywords.',
      language: 'en',
      input: { keywords, count: 4 },
    });
    expect(ideaList.parse(output)).toEqual(output);
    expect(output.ideas).toHaveLength(4);
    output.ideas.forEach((idea, i) => {
      expect(ci(idea.title)).toContain(keywords[i]);
      expect(idea.score).toBeGreaterThanOrEqual(0);
      expect(idea.score).toBeLessThanOrEqual(5);
      expect(idea.description.length).toBeGreaterThan(40);
    });
    expect(new Set(output.ideas.map((i) => i.title)).size).toBe(4);
  });

  it('gives the same output for the same input', async () => {
    const request = {
      schema: post,
      prompt: 'Write a post',
      language: 'de',
      input: { keywords: ['Kaffeemühle', 'Espressomaschine'] },
    };
    const a = await run(request);
    const b = await run(request);
    expect(a.output).toEqual(b.output);
  });

  it('builds the post from the given keywords, so other keywords give another post', async () => {
    const coffee = await run({
      schema: post,
      prompt: 'Write a post',
      language: 'en',
      input: { keywords: ['espresso machine', 'milk frother'] },
    });
    const running = await run({
      schema: post,
      prompt: 'Write a post',
      language: 'en',
      input: { keywords: ['trail running shoes'] },
    });
    expect(ci(coffee.output.title)).toContain('espresso machine');
    expect(coffee.output.content).toContain('espresso machine');
    expect(coffee.output.content).toContain('milk frother');
    expect(coffee.output.tags).toEqual(expect.arrayContaining(['espresso machine', 'milk frother']));
    expect(ci(running.output.title)).toContain('trail running shoes');
    expect(running.output.content).toContain('trail running shoes');
    expect(running.output.content).not.toContain('espresso');
  });

  it('varies the wording between inputs, not only the keyword', async () => {
    const subjects = ['kayak', 'tent', 'headlamp', 'compass', 'sleeping bag', 'water filter'];
    const shapes = new Set<string>();
    for (const subject of subjects) {
      const { output } = await run({
        schema: post,
        prompt: 'x',
        language: 'en',
        input: { keywords: [subject] },
      });
      shapes.add(ci(output.title).replace(subject, '…'));
    }
    expect(shapes.size).toBeGreaterThan(1);
  });

  it('writes a post with SEO limits kept and an HTML body', async () => {
    const { output } = await run({
      schema: post,
      prompt: 'Write a post',
      language: 'en',
      input: {
        keywords: ['sourdough starter', 'rye flour', 'dutch oven'],
        website: 'https://www.bakerscorner.com/',
      },
    });
    expect(post.parse(output)).toEqual(output);
    expect(output.seo_title.length).toBeLessThanOrEqual(60);
    expect(output.meta_description.length).toBeLessThanOrEqual(160);
    expect(output.content).toMatch(/^<p>/);
    expect(output.content.match(/<h2>/g)!.length).toBeGreaterThanOrEqual(3);
    expect(output.content).not.toMatch(/<h1>/);
    expect(output.status).toBe('draft');
    expect(output.tags.slice(0, 3)).toEqual(['sourdough starter', 'rye flour', 'dutch oven']);
  });

  it('escapes HTML in the caller’s words inside the body', async () => {
    const { output } = await run({
      schema: post,
      prompt: 'x',
      language: 'en',
      input: { keywords: ['<b>tea</b> & cakes'] },
    });
    expect(output.content).toContain('&lt;b&gt;tea&lt;/b&gt; &amp; cakes');
    expect(output.content).not.toContain('<b>');
  });

  it('writes a keyword list of short, distinct phrases built on the seed', async () => {
    const { output } = await run({
      schema: keywordList,
      prompt: 'Suggest 12 keywords for the niche: home coffee roasting',
      language: 'en',
    });
    expect(keywordList.parse(output)).toEqual(output);
    expect(output.keywords).toHaveLength(12);
    const phrases = output.keywords.map((k) => k.keyword);
    expect(new Set(phrases).size).toBe(12);
    for (const phrase of phrases) {
      expect(phrase).toContain('home coffee roasting');
      expect(phrase.split(' ').length).toBeLessThanOrEqual(7);
    }
    for (const k of output.keywords) expect(k.search_volume).toBeLessThan(1_000_000);
  });

  it('reads keywords, website and count from the prompt when no input is given', async () => {
    const schema = z.object({
      ideas: z.array(z.object({ title: z.string() })).max(10),
      site: z.url(),
    });
    const { output } = await run({
      schema,
      prompt: 'Write 3 blog post ideas about "sourdough bread" for the website: bakerscorner.com',
      language: 'en',
    });
    expect(output.ideas).toHaveLength(3);
    for (const idea of output.ideas) expect(ci(idea.title)).toContain('sourdough bread');
    expect(output.site).toMatch(/^https:\/\/bakerscorner\.com\//);
  });

  it('takes the subject of an idea text passed as input', async () => {
    const { output } = await run({
      schema: post,
      prompt: 'Write the post for this idea.',
      language: 'en',
      input: { idea: { title: 'Cold brew coffee at home', description: 'For busy parents' } },
    });
    expect(output.title).toBe('Cold brew coffee at home');
    expect(ci(output.content)).toContain('cold brew coffee');
  });

  it('fills formats, nullable, optional, tuple and record fields, and nested lists', async () => {
    const schema = z.object({
      name: z.string(),
      slogan: z.string().max(60),
      description: z.string().min(300).max(600),
      language: z.enum(['en', 'tr', 'de']),
      url: z.url(),
      contact: z.email(),
      launched: z.iso.date(),
      id: z.uuid(),
      slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
      rating: z.number().int().min(1).max(10),
      featured: z.boolean(),
      note: z.string().nullable(),
      subtitle: z.string().optional(),
      pair: z.tuple([z.string(), z.number()]),
      volumes: z.record(z.string(), z.number().int().nonnegative()),
      domains: z
        .array(z.object({ domain: z.string().regex(/^[a-z0-9-]+(\.[a-z]{2,})+$/), reason: z.string() }))
        .min(3),
      faq: z.array(z.object({ question: z.string(), answer: z.string() })).length(2),
    });
    const { output } = await run({
      schema,
      prompt: 'x',
      language: 'de',
      input: { keywords: ['Kaffeemühle'] },
    });
    expect(schema.parse(output)).toEqual(output);
    expect(output.language).toBe('de');
    expect(output.domains.map((d) => d.domain)[0]).toMatch(/^kaffeemuehle|^kaffeemuhle/);
    expect(new Set(output.domains.map((d) => d.domain)).size).toBe(output.domains.length);
    expect(output.faq[0]!.question).toContain('Kaffeemühle');
  });

  it('says which field it cannot fill', async () => {
    const schema = z.object({ code: z.string().refine((s) => s === 'XYZ-42', 'must be the secret code') });
    const err = await run({ schema, prompt: 'x', language: 'en' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IntegrationError);
    expect((err as IntegrationError).kind).toBe('upstream');
    expect((err as IntegrationError).message).toContain('code: must be the secret code');
  });
});

describe('offline languages', () => {
  // Words that only the language's own templates use, so their presence shows real sentences in it.
  const cases = [
    { language: 'en', keywords: ['coffee grinder'], words: ['the', 'and', 'you', 'with', 'to', 'for'] },
    { language: 'tr', keywords: ['kahve makinesi'], words: ['ve', 'için', 'bir', 'bu', 'daha', 'konusunda'] },
    { language: 'es', keywords: ['cafetera italiana'], words: ['los', 'para', 'que', 'las', 'de', 'con'] },
    { language: 'fr', keywords: ['machine à café'], words: ['les', 'pour', 'vous', 'des', 'et', 'de'] },
    { language: 'de', keywords: ['Kaffeemühle'], words: ['und', 'die', 'Sie', 'der', 'mit', 'für', 'zu'] },
  ];
  const englishOnly = ['the', 'and', 'your', 'with'];
  const has = (body: string, word: string) =>
    new RegExp(`(^|[\\s,.;:!?])${word}(?=[\\s,.;:!?]|$)`, 'u').test(body);

  for (const { language, keywords, words } of cases) {
    it(`writes ${language} in ${language}`, async () => {
      const { output } = await run({ schema: post, prompt: 'Write a post', language, input: { keywords } });
      const body = `${text(output.content)} ${output.meta_description} ${output.excerpt}`;
      const found = words.filter((word) => has(body, word));
      expect(found.length, `${language} words found: ${found.join(', ')}`).toBeGreaterThanOrEqual(4);
      if (language !== 'en') {
        for (const word of englishOnly)
          expect(has(body, word), `English "${word}" in ${language}`).toBe(false);
      }
      expect(body).toContain(language === 'de' ? 'Kaffeemühle' : keywords[0]);
    });
  }

  it('falls back to English for a language without templates', async () => {
    const it1 = await run({
      schema: post,
      prompt: 'Write a post',
      language: 'it',
      input: { keywords: ['moka'] },
    });
    const en = await run({
      schema: post,
      prompt: 'Write a post',
      language: 'en',
      input: { keywords: ['moka'] },
    });
    expect(it1.output).toEqual(en.output);
    expect(has(text(it1.output.content), 'the')).toBe(true);
  });

  it('accepts regional codes such as tr-TR', async () => {
    const a = await run({ schema: post, prompt: 'x', language: 'tr-TR', input: { keywords: ['çay'] } });
    const b = await run({ schema: post, prompt: 'x', language: 'tr', input: { keywords: ['çay'] } });
    expect(a.output).toEqual(b.output);
  });
});
