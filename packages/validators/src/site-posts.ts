import { z } from 'zod';
import { MAX_ID, noNulBytes } from './common';
import { listInput } from './list';

export const SITE_POSTS_PAGE_SIZE = 20;
export const sitePostFormStatuses = ['draft', 'published', 'scheduled'] as const;

const text = (max: number) => z.string().max(max).refine(noNulBytes, 'Must not contain NUL characters');
const futureDate = z.coerce
  .date('Enter a date and time')
  .refine((d) => d.getTime() > Date.now(), 'The schedule date must be in the future');

export const listSitePostsInput = listInput({
  sorts: ['created_at', 'title', 'status'] as const,
  defaultSort: 'created_at',
  defaultLimit: SITE_POSTS_PAGE_SIZE,
}).extend({
  id: z.coerce.number<number>().int().positive().max(MAX_ID),
  status: z.enum(['draft', 'published', 'scheduled', 'pending', 'private', 'trash']).optional(),
  /** Also start a WordPress pull of the site (core §7 "GET /sites/{id}/posts with a sync flag"). */
  sync: z.stringbool().optional().default(false),
});
export type ListSitePostsInput = z.infer<typeof listSitePostsInput>;

const postFields = z.object({
  title: text(500).pipe(z.string().trim().min(1, 'Title is required')),
  content: text(200_000).default(''),
  excerpt: text(2_000).default(''),
  status: z.enum(sitePostFormStatuses).default('draft'),
  scheduled_date: futureDate.optional(),
  /** WordPress ids of the site's categories and tags, and of its featured image (null: none). */
  category_ids: z.array(z.number().int().positive().max(MAX_ID)).max(100).optional(),
  tag_ids: z.array(z.number().int().positive().max(MAX_ID)).max(100).optional(),
  featured_media_id: z.number().int().positive().max(MAX_ID).nullable().optional(),
});

const needsDate = (v: { status: string; scheduled_date?: Date }, ctx: z.RefinementCtx) => {
  if (v.status === 'scheduled' && !v.scheduled_date) {
    ctx.addIssue({ code: 'custom', path: ['scheduled_date'], message: 'A scheduled post needs its date' });
  }
};

const siteId = z.coerce.number<number>().int().positive().max(MAX_ID);

/** Create-post dialog (core §2 posts tab): the date only when scheduled, and then required and ahead. */
export const sitePostInput = postFields.superRefine(needsDate);
export type SitePostInput = z.infer<typeof sitePostInput>;
/** POST sites/{id}/posts and PUT sites/{id}/posts/{postId}: the path ids with the post. */
export const createSitePostRequest = postFields.extend({ id: siteId }).superRefine(needsDate);
export const updateSitePostRequest = postFields.extend({ id: siteId, postId: siteId }).superRefine(needsDate);

export const schedulePostsInput = z.object({
  post_ids: z.array(z.number().int().positive().max(MAX_ID)).min(1, 'Select at least one post').max(500),
  schedule_date: futureDate,
});

/** Images WordPress shows in the media library; SVG is refused (it can carry scripts). */
export const SITE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const SITE_MEDIA_MAX_BYTES = 10 * 1024 * 1024;

/** POST sites/{id}/media: one image as base64 (JSON, like every other call). */
export const uploadSiteMediaInput = z.object({
  id: siteId,
  filename: text(255).pipe(z.string().trim().min(1, 'A file name is required')),
  content_type: z.enum(SITE_MEDIA_TYPES, 'Only JPEG, PNG, GIF and WebP images can be uploaded'),
  /** The file's bytes, base64 (at most 10 MB once decoded). */
  data: z
    .string()
    .min(1, 'The file is empty')
    .max(Math.ceil(SITE_MEDIA_MAX_BYTES / 3) * 4 + 4, 'The file is larger than 10 MB')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The file must be base64'),
  title: text(200).optional(),
});
export type UploadSiteMediaInput = z.infer<typeof uploadSiteMediaInput>;

/** POST sites/{id}/posts/ai: a draft from the AI text integration for the create dialog to fill. */
export const generateSitePostInput = z.object({
  id: siteId,
  topic: text(300).pipe(z.string().trim().min(1, 'Enter a topic or a title')),
  keywords: z
    .array(text(100).pipe(z.string().trim().min(1)))
    .max(20)
    .default([]),
});
export type GenerateSitePostInput = z.infer<typeof generateSitePostInput>;

export const generatedSitePost = z.object({
  title: z.string().min(1).max(200),
  excerpt: z.string().min(1).max(500),
  /** Paragraphs of the post, plain text; the server turns them into HTML. */
  paragraphs: z.array(z.string().min(1).max(4000)).min(3).max(12),
});
