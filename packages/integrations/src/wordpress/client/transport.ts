import { WordPressError } from '../errors';
import type { Query } from './api-root';

export interface WpResult<T> {
  data: T;
  headers: Headers;
  status: number;
}

export interface RequestOptions {
  query?: Query;
  /** JSON body. */
  json?: unknown;
  /** Raw body (media upload) with its own headers. */
  body?: Uint8Array;
  headers?: Record<string, string>;
}

/** What the resource modules (posts, taxonomies, media, settings) need from the client. */
export interface WpTransport {
  request<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    route: string,
    opts?: RequestOptions,
  ): Promise<WpResult<T>>;
  /** GET every page of a collection (per_page=100, X-WP-TotalPages). */
  requestAll<T>(route: string, query?: Query): Promise<T[]>;
}

export const PER_PAGE = 100;

/**
 * The items of a collection with these ids (`include`), asked for 100 at a time so the URL stays short;
 * an id WordPress no longer has is simply not in the answer.
 */
export async function requestIncluded<T>(
  t: WpTransport,
  route: string,
  query: Query,
  include: number[],
): Promise<T[]> {
  const items: T[] = [];
  for (let i = 0; i < include.length; i += PER_PAGE) {
    items.push(
      ...(await t.requestAll<T>(route, { ...query, include: include.slice(i, i + PER_PAGE).join(',') })),
    );
  }
  return items;
}

/** Reads all pages: page 1, then 2…X-WP-TotalPages (or until a short page when the header is absent). */
export async function collectAll<T>(t: WpTransport, route: string, query: Query = {}): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    let res: WpResult<T[]>;
    try {
      res = await t.request<T[]>('GET', route, { query: { ...query, per_page: PER_PAGE, page } });
    } catch (e) {
      // A deletion since the pages before made the collection a page shorter: there is nothing more to
      // read. (An item it moved onto a page already read is missed; callers that must not miss one ask
      // for their ids again.)
      if (page > 1 && isPastLastPage(e)) return items;
      throw e;
    }
    const batch = Array.isArray(res.data) ? res.data : [];
    items.push(...batch);
    const totalPages = Number(res.headers.get('x-wp-totalpages'));
    const more =
      Number.isFinite(totalPages) && totalPages > 0 ? page < totalPages : batch.length === PER_PAGE;
    if (!more || batch.length === 0) return items;
  }
}

/** WordPress's answer to a page past the last one (`rest_post_invalid_page_number` for posts and media). */
function isPastLastPage(e: unknown): boolean {
  return e instanceof WordPressError && /_invalid_page_number$/.test(e.details.wpCode ?? '');
}
