import { generateSitePostInput, SITE_MEDIA_MAX_BYTES, uploadSiteMediaInput } from '@blogfleet/validators';
import { z } from 'zod';
import { uploadSiteMedia } from '../services/site-media';
import { generateSitePost } from '../services/site-post-ai';
import { protectedProcedure } from '../trpc';

const tags = ['sites'];

/** Media upload and AI drafts of posts; spread into the sites router. */
export const siteContentProcedures = {
  uploadMedia: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/media',
        tags,
        summary: "Upload an image to the site's WordPress media library",
        description:
          'JSON with `filename`, `content_type` (JPEG, PNG, GIF or WebP), `data` (base64, at most 10 MB decoded) and an optional `title`. The bytes must be the image they claim to be.',
      },
      // base64 of 10 MB plus the JSON around it.
      bodyLimit: Math.ceil(SITE_MEDIA_MAX_BYTES / 3) * 4 + 64 * 1024,
    })
    .input(uploadSiteMediaInput)
    .output(
      z.object({
        media: z.object({
          id: z.number().int(),
          wp_id: z.number().int(),
          source_url: z.string(),
          title: z.string(),
          mime_type: z.string().nullable(),
          thumbnail_url: z.string().nullable(),
          created_at: z.string(),
        }),
      }),
    )
    .mutation(async ({ ctx, input }) => ({ media: await uploadSiteMedia(ctx, input) })),

  generatePost: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/posts/ai',
        tags,
        summary: 'Write a draft of a post with AI (not saved)',
        description:
          'Title, excerpt and content (HTML paragraphs) on the topic, in the site’s language, from the AI text integration or, without a model, the offline generator (`generator: "offline"`). The create dialog is filled with it; nothing is stored.',
      },
    })
    .input(generateSitePostInput)
    .output(
      z.object({
        title: z.string(),
        excerpt: z.string(),
        content: z.string(),
        generator: z.enum(['openai', 'offline']),
      }),
    )
    .mutation(({ ctx, input }) => generateSitePost(ctx, input)),
};
