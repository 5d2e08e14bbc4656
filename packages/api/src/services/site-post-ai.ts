import { generatedSitePost, type GenerateSitePostInput } from '@blogfleet/validators';
import type { Context } from '../context';
import { textGenerator } from './integration-config';
import { escapeHtml } from './model-text';
import { getSite } from './sites';

/**
 * "Create with AI" (core §2 posts tab, POST sites/{id}/posts/ai): a title, an excerpt and the content of
 * a post on a topic, in the site's language, from the AI text integration (the offline generator without
 * a model). Nothing is saved: the dialog is filled and the user saves. The model writes plain paragraphs;
 * the HTML is made here, escaped, so no markup from the model reaches WordPress.
 */
export async function generateSitePost(
  ctx: Pick<Context, 'db' | 'secrets' | 'integrations'>,
  input: GenerateSitePostInput,
) {
  const site = await getSite(ctx, input.id);
  const generator = await textGenerator(ctx);
  const result = await generator.generate({
    schema: generatedSitePost,
    schemaName: 'site_post',
    system:
      'You write blog posts for a WordPress site: a clear title, a one or two sentence excerpt and between three and eight paragraphs of plain text (no markdown, no HTML).',
    prompt: `Write a post about "${input.topic}" for the site ${site.site_title} (${site.domain_name_unicode}).`,
    language: site.targeted_language,
    input: {
      topic: input.topic,
      keywords: input.keywords,
      website: site.domain_name_unicode,
      title: input.topic,
    },
  });
  const { title, excerpt, paragraphs } = result.output;
  return {
    title,
    excerpt,
    content: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
    generator: result.generator,
  };
}
