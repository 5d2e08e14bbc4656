import type { ListKeywordGroupsQuery } from '@blogfleet/validators';
import { KEYWORD_GROUPS_PAGE_SIZE } from '@blogfleet/validators/constants';
import { listSearchValidator } from '../../lib/list-search';

/** What the keyword groups page keeps in its URL: the list call's own input, minus the cursor. */
export type KeywordGroupsSearch = Partial<
  Pick<ListKeywordGroupsQuery, 'page' | 'limit' | 'sort' | 'order' | 'search' | 'status' | 'priority'>
>;

const KEYS = ['page', 'limit', 'sort', 'order', 'search', 'status', 'priority'] as const;

export const validateKeywordGroupsSearch = listSearchValidator<KeywordGroupsSearch>(
  KEYS,
  (s) => s.listKeywordGroupsInput.shape,
);

export function keywordGroupsQuery(search: KeywordGroupsSearch): ListKeywordGroupsQuery {
  return {
    page: search.page ?? 1,
    limit: search.limit ?? KEYWORD_GROUPS_PAGE_SIZE,
    sort: search.sort ?? 'created_at',
    order: search.order ?? 'desc',
    search: search.search || undefined,
    status: search.status,
    priority: search.priority,
  };
}
