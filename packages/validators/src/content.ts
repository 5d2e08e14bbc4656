import { z } from 'zod';
import { MAX_ID, noNulBytes } from './common';
import { CONTENT_PAGE_SIZE, contentSorts, contentStatuses, contentTypes } from './constants';
import { listInput } from './list';

const id = z.coerce.number<number>().int().positive().max(MAX_ID);
/** A required id picked in a form: missing, empty or zero gives the form's message. */
const picked = (message: string) =>
  z.coerce
    .number<number>({ error: () => message })
    .int(message)
    .positive(message)
    .max(MAX_ID, message);
const text = (max: number, message: string) =>
  z.string().max(max, message).refine(noNulBytes, 'Must not contain NUL characters');

export const contentType = z.enum(contentTypes);
export const contentStatus = z.enum(contentStatuses);

/** GET content: filters site, status, type; search in the title. */
export const listContentInput = listInput({
  sorts: contentSorts,
  defaultSort: 'created_at',
  defaultLimit: CONTENT_PAGE_SIZE,
}).extend({
  siteId: id.optional(),
  status: contentStatus.optional(),
  type: contentType.optional(),
});
export type ListContentInput = z.infer<typeof listContentInput>;
export type ListContentQuery = z.input<typeof listContentInput>;

/** POST content/generate (doc2 §5: generation needs both a site and a keyword group). */
export const generateContentInput = z.object({
  siteId: picked('Please select a site'),
  keywordGroupId: picked('Please select a keyword group'),
  contentType: contentType.default('article'),
});
export type GenerateContentInput = z.infer<typeof generateContentInput>;

/** The edit dialog: the piece's words; publishing is its own call. */
export const contentFields = z.object({
  title: z
    .string()
    .max(2048)
    .transform((v) => v.trim())
    .pipe(text(500, 'A title has at most 500 characters').pipe(z.string().min(1, 'Title is required'))),
  content: text(200_000, 'The content is longer than 200,000 characters'),
  meta_description: text(320, 'A meta description has at most 320 characters').default(''),
  focus_keyword: text(200, 'A focus keyword has at most 200 characters')
    .transform((v) => v.trim())
    .optional(),
  /** draft or pending (ready for review); published only by publishing. */
  status: z.enum(['draft', 'pending'], 'A piece becomes published by publishing it').optional(),
});
export const updateContentInput = contentFields.extend({ id });
export type UpdateContentInput = z.infer<typeof updateContentInput>;

/**
 * What the AI text integration writes for a piece: sections of plain text the server turns into HTML
 * (no markup from the model reaches WordPress).
 */
export const generatedContent = z.object({
  title: z.string().min(1).max(200),
  meta_description: z.string().min(1).max(320),
  intro: z.string().min(1).max(4000),
  sections: z
    .array(
      z.object({
        heading: z.string().min(1).max(200),
        paragraphs: z.array(z.string().min(1).max(4000)).min(1).max(6),
      }),
    )
    .min(2)
    .max(10),
  conclusion: z.string().min(1).max(4000),
});
export type GeneratedContent = z.infer<typeof generatedContent>;
