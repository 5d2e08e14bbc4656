import type { ListContentQuery } from '@blogfleet/validators';
import { CONTENT_PAGE_SIZE } from '@blogfleet/validators/constants';
import { listSearchValidator } from '../../lib/list-search';

/** What the content page keeps in its URL: the list call's own input, minus the cursor. */
export type ContentSearch = Partial<
  Pick<ListContentQuery, 'page' | 'limit' | 'sort' | 'order' | 'search' | 'siteId' | 'status' | 'type'>
>;

const KEYS = ['page', 'limit', 'sort', 'order', 'search', 'siteId', 'status', 'type'] as const;

export const validateContentSearch = listSearchValidator<ContentSearch>(
  KEYS,
  (s) => s.listContentInput.shape,
);

export function contentQuery(search: ContentSearch): ListContentQuery {
  return {
    page: search.page ?? 1,
    limit: search.limit ?? CONTENT_PAGE_SIZE,
    sort: search.sort ?? 'created_at',
    order: search.order ?? 'desc',
    search: search.search || undefined,
    siteId: search.siteId,
    status: search.status,
    type: search.type,
  };
}
