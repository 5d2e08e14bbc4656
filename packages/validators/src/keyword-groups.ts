import { z } from 'zod';
import { MAX_ID, noNulBytes } from './common';
import {
  KEYWORD_GROUPS_PAGE_SIZE,
  keywordGroupPriorities,
  keywordGroupSorts,
  keywordGroupStatuses,
} from './constants';
import { keywordWebsiteField } from './keywords';
import { listInput } from './list';

const id = z.coerce.number<number>().int().positive().max(MAX_ID);
const keywordId = z.number().int().positive().max(MAX_ID);

export const keywordGroupStatus = z.enum(keywordGroupStatuses);
export const keywordGroupPriority = z.enum(keywordGroupPriorities);

export const listKeywordGroupsInput = listInput({
  sorts: keywordGroupSorts,
  defaultSort: 'created_at',
  defaultLimit: KEYWORD_GROUPS_PAGE_SIZE,
}).extend({
  status: keywordGroupStatus.optional(),
  priority: keywordGroupPriority.optional(),
  /** Only groups assigned to this site (its keywords tab). */
  siteId: id.optional(),
});
export type ListKeywordGroupsInput = z.infer<typeof listKeywordGroupsInput>;
export type ListKeywordGroupsQuery = z.input<typeof listKeywordGroupsInput>;

/**
 * Keyword group dialog (doc2 §5): name required; description and the prioritized flag optional. The
 * primary and secondary keywords are keyword ids; status and priority may be set (priority otherwise
 * follows the flag and the score).
 */
export const keywordGroupFields = z.object({
  name: z
    .string()
    .max(2048)
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, 'Group name is required')
        .max(200, 'A group name has at most 200 characters')
        .refine(noNulBytes, 'Must not contain NUL characters'),
    ),
  description: z
    .string()
    .max(2_000, 'A description has at most 2,000 characters')
    .refine(noNulBytes, 'Must not contain NUL characters')
    .nullable()
    .optional(),
  is_prioritized: z.boolean().optional(),
  primary_keyword_id: keywordId.nullable().optional(),
  secondary_keyword_ids: z.array(keywordId).max(200, 'At most 200 keywords in a group').optional(),
  status: keywordGroupStatus.optional(),
  /** Chosen, or null to follow the prioritized flag and the score (the default). */
  priority: keywordGroupPriority.nullable().optional(),
});
export const createKeywordGroupInput = keywordGroupFields;
export type CreateKeywordGroupInput = z.infer<typeof createKeywordGroupInput>;
export const updateKeywordGroupInput = keywordGroupFields.extend({ id });
export type UpdateKeywordGroupInput = z.infer<typeof updateKeywordGroupInput>;

/** POST keyword-groups/{id}/assign (doc2 §7): the website (a site id) and the assignment's status. */
export const assignKeywordGroupInput = z.object({
  id,
  websiteId: z.coerce.number<number>().int().positive().max(MAX_ID),
  status: z.enum(['active', 'inactive']).default('active'),
});

const groupIds = z
  .array(z.number().int().positive().max(MAX_ID))
  .min(1, 'Please select at least one keyword group')
  .max(500, 'At most 500 groups at once');
/** DELETE keyword-groups/{id}/assign/{websiteId}: the group (and its keywords) taken off the site. */
export const unassignKeywordGroupInput = z.object({ id, websiteId: id });

export const bulkKeywordGroupsInput = z.object({ groupIds });
export const bulkKeywordGroupStatusInput = z.object({ groupIds, status: keywordGroupStatus });
export const bulkKeywordGroupPriorityInput = z.object({ groupIds, priority: keywordGroupPriority });

/** GET keyword-groups/suggestions: groups proposed for a website's keywords that are in no group yet. */
export const suggestKeywordGroupsInput = z.object({
  targetWebsite: keywordWebsiteField,
  maxGroups: z.coerce.number<number>().int().min(1).max(50).default(20),
});
export type SuggestKeywordGroupsInput = z.infer<typeof suggestKeywordGroupsInput>;

/** POST keyword-groups/bulk-create: accepted suggestions (or any groups), created together or not at all. */
export const bulkCreateKeywordGroupsInput = z.object({
  groups: z
    .array(createKeywordGroupInput)
    .min(1, 'Please select at least one keyword group')
    .max(50, 'At most 50 groups at once'),
});
export type BulkCreateKeywordGroupsInput = z.infer<typeof bulkCreateKeywordGroupsInput>;
