import { keywordGroupPriority, keywordGroupStatus } from '@blogfleet/validators';
import { z } from 'zod';
import { keywordView } from './keyword-view';

/** What callers see of a keyword group; its score and keyword count are derived from its keywords. */
export const keywordGroupView = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  primary_keyword: z.string().nullable(),
  primary_keyword_id: z.number().int().nullable(),
  /** In the group's order. */
  secondary_keywords: z.array(z.string()),
  secondary_keywords_ids: z.array(z.number().int()),
  is_prioritized: z.boolean(),
  /** 0–10: the mean of its keywords' scores (0–100) divided by ten, one decimal. */
  score: z.number(),
  priority: keywordGroupPriority,
  /** False: the priority follows the prioritized flag and the score, and changes with them. */
  priority_set_by_hand: z.boolean(),
  /** The primary keyword (when set) plus the secondary ones. */
  keyword_count: z.number().int(),
  status: keywordGroupStatus,
  /** Sites the group is assigned to. */
  sites: z.array(
    z.object({ id: z.number().int(), domain_name: z.string(), status: z.enum(['active', 'inactive']) }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
});
export type KeywordGroupView = z.infer<typeof keywordGroupView>;

/** One group with its keywords (loaded when a row is expanded). */
export const keywordGroupDetail = keywordGroupView.extend({ keywords: z.array(keywordView) });
