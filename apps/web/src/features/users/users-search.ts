import type { ListUsersQuery } from '@blogfleet/validators';
import { USERS_PAGE_SIZE } from '@blogfleet/validators/constants';
import { listSearchValidator } from '../../lib/list-search';

/** What the users screen keeps in its URL: the list call's own input, minus the cursor. */
export type UsersSearch = Partial<
  Pick<ListUsersQuery, 'page' | 'limit' | 'sort' | 'order' | 'search' | 'role' | 'status'>
>;

const KEYS = ['page', 'limit', 'sort', 'order', 'search', 'role', 'status'] as const;

/** The URL's search params through the list call's own schema (see lib/list-search.ts). */
export const validateUsersSearch = listSearchValidator<UsersSearch>(KEYS, (s) => s.listUsersInput.shape);

/** The list call's input for a URL state; the same object for the loader's prefetch and the screen. */
export function usersQuery(search: UsersSearch): ListUsersQuery {
  return {
    page: search.page ?? 1,
    limit: search.limit ?? USERS_PAGE_SIZE,
    sort: search.sort ?? 'created_at',
    order: search.order ?? 'desc',
    search: search.search || undefined,
    role: search.role ?? 'all',
    status: search.status ?? 'all',
  };
}
