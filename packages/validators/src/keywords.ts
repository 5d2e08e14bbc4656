import { z } from 'zod';
import { MAX_ID, noNulBytes } from './common';
import {
  competitionLevels,
  generationLanguages,
  KEYWORDS_GENERATED,
  KEYWORDS_PAGE_SIZE,
  keywordSorts,
  keywordUseStatuses,
} from './constants';
import { listInput } from './list';

const id = z.coerce.number<number>().int().positive().max(MAX_ID);

/** A keyword as people search it: one line, trimmed, inner runs of spaces made one. */
export const keywordTextField = z
  .string()
  .max(2048)
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, 'Keyword is required')
      .max(200, 'A keyword has at most 200 characters')
      .refine(noNulBytes, 'Must not contain NUL characters'),
  );

/** The website a keyword is for, as a host name (`Example.com` and `example.com` are one website). */
export const keywordWebsiteField = z
  .string({ error: (issue) => (issue.input === undefined ? 'Please select a website' : undefined) })
  .max(2048)
  .transform((v) => {
    const host = v
      .trim()
      .toLowerCase()
      .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
      .replace(/[/?#].*$/, '')
      .replace(/\.$/, '');
    if (!host) return host;
    try {
      // IDNA as browsers apply it: `bücher.de` is stored as `xn--bcher-kva.de`.
      return new URL(`http://${host}`).hostname;
    } catch {
      return host;
    }
  })
  .pipe(
    z
      .string()
      .min(1, 'Please select a website')
      .max(253)
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'Enter a website such as example.com'),
  );

export const listKeywordsInput = listInput({
  sorts: keywordSorts,
  defaultSort: 'created_at',
  defaultLimit: KEYWORDS_PAGE_SIZE,
}).extend({
  targetWebsite: keywordWebsiteField.optional(),
  groupId: id.optional(),
  status: z.enum(keywordUseStatuses).optional(),
  /** Only keywords no site has an active assignment of (core §7 `unassigned=true`). */
  unassigned: z.stringbool().optional(),
});
export type ListKeywordsInput = z.infer<typeof listKeywordsInput>;

/** POST keywords (doc2 §7): `keyword`, `targetWebsite`. */
export const createKeywordInput = z.object({
  keyword: keywordTextField,
  targetWebsite: keywordWebsiteField,
});
export type CreateKeywordInput = z.infer<typeof createKeywordInput>;

/** A number field of a form: empty or not a number is 0 (doc2 §5 "a non-number becomes 0"). */
const volumeField = z.preprocess((v) => {
  if (v === null || v === undefined || v === '') return 0;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
}, z.number().int('Search volume is a whole number').min(0, 'Search volume cannot be negative').max(2_000_000_000));
const onStep = (step: number) => (v: number) => Math.abs(v / step - Math.round(v / step)) < 1e-9;

/** PUT keywords/{id} (doc2 §5): text required; intent 0–1 step 0.01; score 0–100 step 0.01. */
export const updateKeywordInput = z.object({
  id,
  keyword_text: keywordTextField,
  search_volume: volumeField.optional(),
  competition_level: z.enum(competitionLevels).optional(),
  commercial_intent: z
    .number()
    .min(0, 'Commercial intent is between 0 and 1')
    .max(1, 'Commercial intent is between 0 and 1')
    .refine(onStep(0.01), 'Commercial intent has at most two decimals')
    .optional(),
  /** A number sets the score by hand (kept when metrics change); null computes it from the metrics again. */
  score: z
    .number()
    .min(0, 'Score is between 0 and 100')
    .max(100, 'Score is between 0 and 100')
    .refine(onStep(0.01), 'Score has at most two decimals')
    .nullable()
    .optional(),
});
export type UpdateKeywordInput = z.infer<typeof updateKeywordInput>;

const keywordIds = z
  .array(z.number().int().positive().max(MAX_ID))
  .min(1, 'Select at least one keyword')
  .max(500, 'At most 500 keywords at once');

export const bulkKeywordsInput = z.object({ keywordIds });
export const bulkMarkKeywordsInput = z.object({ keywordIds, used: z.boolean() });

export type ListKeywordsQuery = z.input<typeof listKeywordsInput>;

/**
 * POST keywords/generate (doc2 §7 targetWebsite, language; doc2 §5: a target website is required):
 * candidates from the AI text integration around a topic, then their metrics from the keyword data
 * integration.
 */
export const generateKeywordsInput = z.object({
  targetWebsite: keywordWebsiteField,
  language: z.enum(generationLanguages).default('en'),
  topic: z
    .string()
    .max(200, 'A topic has at most 200 characters')
    .refine(noNulBytes, 'Must not contain NUL characters')
    .transform((v) => v.trim())
    .optional(),
  count: z
    .number()
    .int()
    .min(1, `Between 1 and ${KEYWORDS_GENERATED.max} keywords`)
    .max(KEYWORDS_GENERATED.max, `Between 1 and ${KEYWORDS_GENERATED.max} keywords`)
    .default(KEYWORDS_GENERATED.default),
});
export type GenerateKeywordsInput = z.infer<typeof generateKeywordsInput>;

/** POST keywords/refresh-metrics: the selected keywords' metrics asked again of the keyword data integration. */
export const refreshKeywordMetricsInput = z.object({
  keywordIds,
  /** Without it, each keyword is measured in the language of its website's site (English when none). */
  language: z.enum(generationLanguages).optional(),
});

const siteIds = z
  .array(z.number().int().positive().max(MAX_ID))
  .min(1, 'Please select a website')
  .max(100, 'At most 100 websites at once');

/** PUT keywords/{id}/assignments (core §7): the sites the keyword is assigned to, with the status. */
export const keywordAssignmentsInput = z.object({
  id,
  websiteIds: siteIds,
  status: z.enum(['active', 'inactive']).default('active'),
});
export type KeywordAssignmentsInput = z.infer<typeof keywordAssignmentsInput>;

/** GET sites/{id}/keywords: the site's keywords, on the keywords list's contract. */
export const listSiteKeywordsInput = listKeywordsInput
  .omit({ targetWebsite: true, unassigned: true })
  .extend({ id });
export type ListSiteKeywordsInput = z.infer<typeof listSiteKeywordsInput>;
export type ListSiteKeywordsQuery = z.input<typeof listSiteKeywordsInput>;

/** POST sites/{id}/keywords: assign several keywords at once (the assign-keywords dialog, core §2). */
export const assignSiteKeywordsInput = z.object({
  id,
  keywordIds: z
    .array(z.number().int().positive().max(MAX_ID))
    .min(1, 'Please select at least one keyword')
    .max(500, 'At most 500 keywords at once'),
  status: z.enum(['active', 'inactive']).default('active'),
});
export type AssignSiteKeywordsInput = z.infer<typeof assignSiteKeywordsInput>;

/** GET keywords/export: the filtered list (the list's filters and sort) as CSV. */
export const exportKeywordsInput = listKeywordsInput.omit({ page: true, limit: true, cursor: true });
export type ExportKeywordsInput = z.infer<typeof exportKeywordsInput>;
export type ExportKeywordsQuery = z.input<typeof exportKeywordsInput>;

/**
 * POST keywords/import: CSV text (a header with keyword, website, search_volume, competition, cpc,
 * keyword_difficulty, commercial_intent in any order; or one keyword per line). A dry run answers the
 * preview with each row's problem; otherwise the good rows are added.
 */
export const importKeywordsInput = z.object({
  csv: z
    .string()
    // Counted in UTF-8 bytes (ü is two): with JSON escaping the request stays under the 1 MB body limit.
    .max(750_000, 'A CSV file has at most 750 kB: split bigger ones')
    .refine(
      (v) => new TextEncoder().encode(v).length <= 750_000,
      'A CSV file has at most 750 kB: split bigger ones',
    )
    .refine((v) => v.trim() !== '', 'Paste or upload a CSV file'),
  /** For rows without a website column. */
  targetWebsite: keywordWebsiteField.optional(),
  dryRun: z.boolean().default(true),
});
export type ImportKeywordsInput = z.infer<typeof importKeywordsInput>;
