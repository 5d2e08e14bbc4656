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

/** Reads all pages: page 1, then 2…X-WP-TotalPages (or until a short page when the header is absent). */
export async function collectAll<T>(t: WpTransport, route: string, query: Query = {}): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const res = await t.request<T[]>('GET', route, { query: { ...query, per_page: PER_PAGE, page } });
    const batch = Array.isArray(res.data) ? res.data : [];
    items.push(...batch);
    const totalPages = Number(res.headers.get('x-wp-totalpages'));
    const more =
      Number.isFinite(totalPages) && totalPages > 0 ? page < totalPages : batch.length === PER_PAGE;
    if (!more || batch.length === 0) return items;
  }
}
