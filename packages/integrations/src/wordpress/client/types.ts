/** Options of a WordPress REST client (site URL + user + application password, HTTP Basic). */
export interface WordPressClientOptions {
  /** Site URL, e.g. `https://blog.example.com` or `http://127.0.0.1:40001` (no trailing path needed). */
  siteUrl: string;
  username: string;
  /** Application password (spaces allowed, WordPress strips them). Never logged or put in errors. */
  appPassword: string;
  /** Per-request timeout in ms (each attempt). Default 15 000. */
  timeoutMs?: number;
  /** Retries of idempotent requests on 429, 5xx and network errors. Default 3. */
  retries?: number;
  /** First backoff delay in ms (doubled each retry, with jitter). Default 500. */
  retryBaseMs?: number;
  /** Longest wait between retries in ms; a longer Retry-After ends the retries. Default 30 000. */
  maxRetryDelayMs?: number;
  /** Skip discovery: a known API root, `{siteUrl}/wp-json` or `{siteUrl}/?rest_route=`. */
  apiRoot?: string;
  /** Replaceable fetch (tests, proxies). Default: global fetch. */
  fetch?: typeof fetch;
}

export type WpPostStatus = 'draft' | 'publish' | 'future' | 'pending' | 'private';

/** A post, flattened from WordPress's `{ raw, rendered }` fields (raw wins when present). */
export interface WpPost {
  id: number;
  title: string;
  content: string;
  excerpt: string;
  status: string;
  /** WordPress GMT date without zone suffix, e.g. `2030-01-01T10:00:00`; null for undated drafts. */
  date_gmt: string | null;
  /** When it last changed on WordPress (GMT, same format); a push compares it to tell a conflict. */
  modified_gmt: string | null;
  link: string;
  categories: number[];
  tags: number[];
  featured_media: number;
}

export interface WpPostInput {
  title: string;
  content: string;
  excerpt?: string;
  status: WpPostStatus;
  /** `YYYY-MM-DDTHH:mm:ss` (GMT) or a Date. */
  date_gmt?: string | Date;
  categories?: number[];
  tags?: number[];
  featured_media?: number;
}

export type WpPostPatch = Partial<WpPostInput>;

/** A WordPress page: a post without categories, tags or a schedule. */
export type WpPageInput = Pick<WpPostInput, 'title' | 'content' | 'excerpt' | 'status' | 'featured_media'>;
export type WpPagePatch = Partial<WpPageInput>;

export interface ListByIdOptions {
  /** Only these ids (asked for 100 at a time, so the URL stays short). */
  include?: number[];
}

export interface ListPostsOptions extends ListByIdOptions {
  /** Statuses to list; default `'any'` (every status but trash). */
  status?: string[] | 'any';
}

/** The id and modified time of a post: what an incremental pull needs to see deletions. */
export interface WpPostStamp {
  id: number;
  modified_gmt: string | null;
}

export interface WpCategory {
  id: number;
  name: string;
  slug: string;
  count: number;
  description: string;
  parent: number;
}

export interface WpCategoryInput {
  name: string;
  slug?: string;
  description?: string;
  parent?: number;
}

export interface WpTag {
  id: number;
  name: string;
  slug: string;
  count: number;
}

export interface WpTagInput {
  name: string;
  slug?: string;
}

export interface WpMedia {
  id: number;
  source_url: string;
  /** `title.rendered`. */
  title: string;
  mime_type: string;
  /** WordPress's medium (else thumbnail) size of an image, for grids; null when it made none. */
  thumbnail_url: string | null;
}

export interface WpMediaUpload {
  filename: string;
  contentType: string;
  data: Uint8Array;
  title?: string;
}

/** The fields of `/wp/v2/settings` the product uses (`timezone` is WordPress's timezone_string). */
export interface WpSettings {
  title: string;
  description: string;
  url: string;
  email: string;
  timezone: string;
  /** Locale, e.g. `en_US`. */
  language: string;
}

export interface WpSettingsPatch {
  title?: string;
  description?: string;
  /** An installed locale (WordPress rejects others with INVALID). */
  language?: string;
  /** IANA timezone, e.g. `Europe/Istanbul` or `UTC`. */
  timezone?: string;
}

/** An installed theme (`/wp/v2/themes`). */
export interface WpTheme {
  /** The theme's folder name, what WordPress switches by. */
  stylesheet: string;
  name: string;
  version: string;
  active: boolean;
}

export interface WpConnection {
  connected: true;
  user: { id: number; name: string; roles: string[] };
  site: { name: string; description: string; url: string };
}
