import type { ListSitesQuery } from '@blogfleet/validators';
import { SITES_PAGE_SIZE } from '@blogfleet/validators/constants';
import { listSearchValidator } from '../../lib/list-search';

/** What the sites screen keeps in its URL: the list call's own input, minus the cursor. */
export type SitesSearch = Partial<
  Pick<ListSitesQuery, 'page' | 'limit' | 'sort' | 'order' | 'search' | 'status' | 'targeted_language'>
>;

const KEYS = ['page', 'limit', 'sort', 'order', 'search', 'status', 'targeted_language'] as const;

export const validateSitesSearch = listSearchValidator<SitesSearch>(KEYS, (s) => s.listSitesInput.shape);

export function sitesQuery(search: SitesSearch): ListSitesQuery {
  return {
    page: search.page ?? 1,
    limit: search.limit ?? SITES_PAGE_SIZE,
    sort: search.sort ?? 'created_at',
    order: search.order ?? 'desc',
    search: search.search || undefined,
    status: search.status,
    targeted_language: search.targeted_language,
  };
}
