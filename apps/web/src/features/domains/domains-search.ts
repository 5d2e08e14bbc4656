import type { ListDomainsQuery } from '@blogfleet/validators';
import { DOMAINS_PAGE_SIZE } from '@blogfleet/validators/constants';
import { listSearchValidator } from '../../lib/list-search';

/** What the domains screen keeps in its URL: the list call's own input, minus the cursor. */
export type DomainsSearch = Partial<
  Pick<ListDomainsQuery, 'page' | 'limit' | 'sort' | 'order' | 'search' | 'status' | 'target_website'>
>;

const KEYS = ['page', 'limit', 'sort', 'order', 'search', 'status', 'target_website'] as const;

/** The URL's search params through the list call's own schema (see lib/list-search.ts). */
export const validateDomainsSearch = listSearchValidator<DomainsSearch>(
  KEYS,
  (s) => s.listDomainsInput.shape,
);

/** The list call's input for a URL state; the same object for the loader's prefetch and the screen. */
export function domainsQuery(search: DomainsSearch): ListDomainsQuery {
  return {
    page: search.page ?? 1,
    limit: search.limit ?? DOMAINS_PAGE_SIZE,
    sort: search.sort ?? 'created_at',
    order: search.order ?? 'desc',
    search: search.search || undefined,
    status: search.status,
    target_website: search.target_website || undefined,
  };
}
