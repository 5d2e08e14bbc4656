import type { RouterInputs } from '@blogfleet/api';
import { listSearchValidator } from '../../lib/list-search';

export type IdeasQuery = RouterInputs['aiPool']['ideas']['list'];

/** What the ideas page keeps in its URL: the list call's own input, minus the cursor. */
export type IdeasSearch = Partial<
  Pick<
    Exclude<IdeasQuery, undefined>,
    'page' | 'limit' | 'sort' | 'order' | 'search' | 'website_id' | 'keyword' | 'status'
  >
>;

const KEYS = ['page', 'limit', 'sort', 'order', 'search', 'website_id', 'keyword', 'status'] as const;

export const validateIdeasSearch = listSearchValidator<IdeasSearch>(KEYS, (s) => s.listIdeasInput.shape);

/**
 * The list call's input. Without a limit in the URL the server's own page size applies (IDEAS_PAGE_SIZE,
 * 20): this file runs before the validation chunk is loaded, so it names no value of it.
 */
export function ideasQuery(search: IdeasSearch): Exclude<IdeasQuery, undefined> {
  return {
    page: search.page ?? 1,
    limit: search.limit,
    sort: search.sort ?? 'created_at',
    order: search.order ?? 'desc',
    search: search.search || undefined,
    website_id: search.website_id,
    keyword: search.keyword || undefined,
    status: search.status,
  };
}
