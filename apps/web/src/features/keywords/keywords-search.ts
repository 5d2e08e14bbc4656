import type { ListKeywordsQuery } from '@blogfleet/validators';
import { KEYWORDS_PAGE_SIZE } from '@blogfleet/validators/constants';
import { listSearchValidator } from '../../lib/list-search';

/** What the keywords page keeps in its URL: the list call's own input, minus the cursor. */
export type KeywordsSearch = Partial<
  Pick<
    ListKeywordsQuery,
    'page' | 'limit' | 'sort' | 'order' | 'search' | 'status' | 'targetWebsite' | 'groupId'
  >
>;

const KEYS = ['page', 'limit', 'sort', 'order', 'search', 'status', 'targetWebsite', 'groupId'] as const;

export const validateKeywordsSearch = listSearchValidator<KeywordsSearch>(
  KEYS,
  (s) => s.listKeywordsInput.shape,
);

export function keywordsQuery(search: KeywordsSearch): ListKeywordsQuery {
  return {
    page: search.page ?? 1,
    limit: search.limit ?? KEYWORDS_PAGE_SIZE,
    sort: search.sort ?? 'created_at',
    order: search.order ?? 'desc',
    search: search.search || undefined,
    status: search.status,
    targetWebsite: search.targetWebsite || undefined,
    groupId: search.groupId,
  };
}
