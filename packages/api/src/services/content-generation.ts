import {
  generatedContent,
  type ContentType,
  type GenerateContentInput,
  type GeneratedContent,
} from '@blogfleet/validators';
import { WordPressError } from '@blogfleet/integrations/wordpress';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { audit } from './audit';
import { textGenerator } from './integration-config';
import { escapeHtml, plainLine } from './model-text';
import { checkSeo } from './seo-check';
import { createSitePost } from './site-posts';
import { requireSiteClient } from './sites';

type Ctx = Pick<Context, 'db' | 'req' | 'secrets' | 'integrations'> & { user: { id: number } };

/** What WordPress answers when it will not take the draft, whatever the number of tries. */
const REFUSALS: string[] = ['unauthorized', 'forbidden', 'invalid', 'not_found'];

/** How long and how shaped each content type is. */
const SHAPES: Record<
  ContentType,
  { sections: string; words: number; kind: string; writing: (focus: string) => string }
> = {
  article: {
    sections: 'five to seven',
    words: 1200,
    kind: 'an in-depth article',
    writing: (focus) => `Writing an in-depth article about ${focus}`,
  },
  post: {
    sections: 'three or four',
    words: 700,
    kind: 'a blog post',
    writing: (focus) => `Writing a blog post about ${focus}`,
  },
  page: {
    sections: 'two to four',
    words: 500,
    kind: 'an evergreen page (no dates, no news)',
    writing: (focus) => `Writing an evergreen page (no dates, no news) about ${focus}`,
  },
};

/** The model writes plain text; the HTML is made here, escaped, so no markup from the model reaches WordPress. */
export function contentHtml(piece: GeneratedContent): string {
  const p = (text: string) => `<p>${escapeHtml(text)}</p>`;
  return [
    p(piece.intro),
    ...piece.sections.flatMap((s) => [`<h2>${escapeHtml(s.heading)}</h2>`, ...s.paragraphs.map(p)]),
    p(piece.conclusion),
  ].join('\n');
}

/** The group's keywords, the primary one first: what the piece is about. */
async function groupKeywords(ctx: Pick<Context, 'db'>, groupId: number) {
  const group = await ctx.db
    .selectFrom('keyword_groups')
    .select(['id', 'name'])
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!group) throw notFound('Keyword group');
  const keywords = await ctx.db
    .selectFrom('keyword_group_keywords as m')
    .innerJoin('keywords as k', 'k.id', 'm.keyword_id')
    .select(['k.id', 'k.keyword_text'])
    .where('m.group_id', '=', groupId)
    .orderBy('m.is_primary', 'desc')
    .orderBy('m.position')
    .orderBy('k.id')
    .execute();
  return { group, keywords };
}

/**
 * Checked before the job is queued, so the caller hears at once what is missing: the site (with its
 * WordPress credentials, where the draft goes) and a group that has keywords.
 */
export async function checkContentRequest(ctx: Pick<Context, 'db' | 'secrets'>, input: GenerateContentInput) {
  await requireSiteClient(ctx, input.siteId);
  const { group, keywords } = await groupKeywords(ctx, input.keywordGroupId);
  if (keywords.length === 0) {
    throw new AppError('VALIDATION_ERROR', `The keyword group ${group.name} has no keywords yet`);
  }
}

export interface GeneratedContentResult {
  contentId: number;
  title: string;
  siteId: number;
  sitePostId: number | null;
  wpPageId: number | null;
  seoScore: number;
  wordCount: number;
  generator: string;
  /** Why WordPress refused the draft: the piece is kept here and Publish creates it there. */
  draftError: string | null;
}

/**
 * POST content/generate (run as a job): the AI text integration writes the piece from the group's
 * keywords in the site's language; it is stored as a content item (one per job, so a repeated attempt
 * reuses it) and as a draft on the site: a post of the site for articles and posts, a WordPress page
 * for pages. The group's keywords count as used.
 */
export async function generateContent(
  ctx: Ctx,
  jobId: string,
  input: GenerateContentInput,
  progress: (percent: number, message: string) => Promise<void> = async () => undefined,
): Promise<GeneratedContentResult> {
  const { site, client } = await requireSiteClient(ctx, input.siteId);
  const { group, keywords } = await groupKeywords(ctx, input.keywordGroupId);
  if (keywords.length === 0) {
    throw new AppError('VALIDATION_ERROR', `The keyword group ${group.name} has no keywords yet`);
  }
  const focus = keywords[0]!.keyword_text;
  const texts = keywords.map((k) => k.keyword_text);

  let row = await ctx.db
    .selectFrom('content_items')
    .selectAll()
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  if (!row) {
    const shape = SHAPES[input.contentType];
    await progress(10, shape.writing(focus));
    const generator = await textGenerator(ctx);
    const answer = await generator.generate({
      schema: generatedContent,
      schemaName: 'content_piece',
      system:
        'You are an SEO writer for affiliate and niche blogs. You write helpful, specific text in plain sentences (no markdown, no HTML): a title that contains the focus keyword, a meta description of 120–155 characters that contains it, an introduction, sections each with a heading and paragraphs, and a conclusion. Use the focus keyword naturally (about once per 100 words) and the other keywords where they fit; keep sentences short.',
      prompt:
        `Write ${shape.kind} of about ${shape.words} words with ${shape.sections} sections for the website ${site.domain_name} (${site.site_title}).` +
        ` Focus keyword: "${focus}".` +
        (texts.length > 1 ? ` Other keywords: ${texts.slice(1, 15).join('; ')}.` : ''),
      language: site.targeted_language,
      maxTokens: 4000,
      input: { keywords: texts, focus_keyword: focus, topic: focus, website: site.domain_name },
    });
    const title = plainLine(answer.output.title) || focus;
    const metaDescription = plainLine(answer.output.meta_description);
    const html = contentHtml(answer.output);
    const seo = checkSeo({
      title,
      content: html,
      metaDescription,
      focusKeyword: focus,
      language: site.targeted_language,
    });
    await progress(60, 'Saving the piece');
    row = await ctx.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('content_items')
        .values({
          site_id: site.id,
          keyword_group_id: group.id,
          title,
          content: html,
          type: input.contentType,
          status: 'draft',
          word_count: seo.wordCount,
          seo_score: seo.score,
          seo_checks: JSON.stringify(seo.checks),
          meta_description: metaDescription,
          focus_keyword: focus,
          keywords: texts,
          generator: answer.generator === 'offline' ? 'offline' : answer.model,
          job_id: jobId,
          created_by: ctx.user.id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('keywords')
        .set({ is_used: true, updated_at: new Date() })
        .where(
          'id',
          'in',
          keywords.map((k) => k.id),
        )
        .where('is_used', '=', false)
        .execute();
      await audit(
        { ...ctx, db: trx },
        {
          action: 'content.generate',
          subjectType: 'content',
          subjectId: inserted.id,
          details: {
            siteId: site.id,
            groupId: group.id,
            type: input.contentType,
            generator: answer.generator,
          },
        },
      );
      return inserted;
    });
  }

  await progress(80, `Saving the draft on ${site.domain_name}`);
  let sitePostId = row.site_post_id;
  let wpPageId = row.wp_page_id;
  const draft = {
    title: row.title,
    content: row.content,
    excerpt: row.meta_description,
    status: 'draft' as const,
  };
  let draftError: string | null = null;
  try {
    if (row.type === 'page' && wpPageId === null) {
      wpPageId = (await client.createPage(draft)).id;
    } else if (row.type !== 'page' && sitePostId === null) {
      sitePostId = (await createSitePost(ctx, site.id, draft)).id;
    }
  } catch (error) {
    // WordPress refused (another try would be refused too): the piece is kept, and Publish tries again.
    if (!(error instanceof WordPressError) || !REFUSALS.includes(error.kind)) throw error;
    draftError = error.message;
  }
  if (sitePostId !== row.site_post_id || wpPageId !== row.wp_page_id) {
    await ctx.db
      .updateTable('content_items')
      .set({ site_post_id: sitePostId, wp_page_id: wpPageId })
      .where('id', '=', row.id)
      .execute();
  }
  return {
    contentId: row.id,
    title: row.title,
    siteId: site.id,
    sitePostId,
    wpPageId,
    seoScore: Number(row.seo_score ?? 0),
    wordCount: row.word_count,
    generator: row.generator ?? 'offline',
    draftError,
  };
}
