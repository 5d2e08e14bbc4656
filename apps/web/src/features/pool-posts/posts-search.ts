import type { RouterInputs } from '@blogfleet/api';
import { calendarDay } from '../../lib/calendar-day';
import { listSearchValidator } from '../../lib/list-search';

export type PostsQuery = Exclude<RouterInputs['aiPool']['posts']['list'], undefined>;

/**
 * What the posts page keeps in its URL: page, title search, status and the creation date range
 * (start_date, end_date as YYYY-MM-DD, both days included). The page size is fixed (POSTS_PAGE_SIZE).
 */
export interface PostsSearch {
  page?: number;
  search?: string;
  status?: PostsQuery['status'];
  start_date?: string;
  end_date?: string;
}

const KEYS = ['page', 'search', 'status'] as const;
const checked = listSearchValidator<Pick<PostsSearch, (typeof KEYS)[number]>>(
  KEYS,
  (s) => s.listPostsInput.shape,
);

export function validatePostsSearch(raw: Record<string, unknown>): PostsSearch {
  return { ...checked(raw), start_date: calendarDay(raw.start_date), end_date: calendarDay(raw.end_date) };
}

/** The list call's input; the server's default limit is the page's fixed size (10). */
export function postsQuery(search: PostsSearch): PostsQuery {
  return {
    page: search.page ?? 1,
    sort: 'created_at',
    order: 'desc',
    search: search.search || undefined,
    status: search.status,
    start_date: search.start_date,
    end_date: search.end_date,
  };
}
