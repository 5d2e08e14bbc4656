import type { ListUsersQuery } from '@blogfleet/validators';
import { USERS_PAGE_SIZE } from '@blogfleet/validators/constants';
import { loadedSchemas } from '../../lib/schemas';

/** What the users screen keeps in its URL: the list call's own input, minus the cursor. */
export type UsersSearch = Partial<
  Pick<ListUsersQuery, 'page' | 'limit' | 'sort' | 'order' | 'search' | 'role' | 'status'>
>;

const KEYS = ['page', 'limit', 'sort', 'order', 'search', 'role', 'status'] as const;

/**
 * The URL's search params through the API's own schema, field by field: a hand-edited bad value is
 * dropped (its default applies) instead of failing the page.
 */
export function validateUsersSearch(raw: Record<string, unknown>): UsersSearch {
  // Every key is present, undefined when absent or bad: the router lays the result over the raw
  // params, so a key left out would let the raw (invalid) value through.
  const out: Record<string, unknown> = Object.fromEntries(KEYS.map((key) => [key, undefined]));
  const shape = loadedSchemas()?.listUsersInput.shape;
  // Without the schemas nobody is signed in: the guard sends the visit to /login, and the URL it
  // remembers (and the router's canonical URL before it) must keep the params as typed.
  if (!shape) return Object.fromEntries(KEYS.map((key) => [key, raw[key]])) as UsersSearch;
  for (const key of KEYS) {
    const parsed = raw[key] === undefined || raw[key] === '' ? null : shape[key].safeParse(raw[key]);
    out[key] = parsed?.success ? parsed.data : undefined;
  }
  return out as UsersSearch;
}

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
