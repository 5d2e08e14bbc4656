import { buildUrl, discoverRoot, normaliseSiteUrl, rootFromBase, type ApiRoot, type Query } from './api-root';
import { credentialsAccepted, credentialsRefused, mayBeAnonymousAnswer, ME_ROUTE } from './credentials';
import type { WordPressError } from '../errors';
import * as analytics from './analytics';
import type { AnalyticsEventsOptions, AnalyticsEventsPage, AnalyticsStatus } from './analytics';
import { expectOk, isIdempotent, send, type HttpConfig, type RawResponse } from './http';
import * as media from './media';
import * as pages from './pages';
import * as posts from './posts';
import * as settings from './settings';
import * as taxonomies from './taxonomies';
import * as themes from './themes';
import { testConnection } from './connection';
import { collectAll, type RequestOptions, type WpResult, type WpTransport } from './transport';
import type {
  ListByIdOptions,
  ListPostsOptions,
  WordPressClientOptions,
  WpCategory,
  WpCategoryInput,
  WpConnection,
  WpMedia,
  WpMediaUpload,
  WpPageInput,
  WpPagePatch,
  WpPost,
  WpPostInput,
  WpPostPatch,
  WpPostStamp,
  WpSettings,
  WpSettingsPatch,
  WpTag,
  WpTagInput,
  WpTheme,
} from './types';

export const WORDPRESS_CLIENT_DEFAULTS = {
  timeoutMs: 15_000,
  retries: 3,
  retryBaseMs: 500,
  maxRetryDelayMs: 30_000,
} as const;

/**
 * WordPress REST API client (application password over HTTP Basic). The API root is discovered on first
 * use (`/wp-json/`, else `/?rest_route=/`) and kept. Every failure is a WordPressError; a failure that
 * may be WordPress ignoring refused credentials is checked against `/wp/v2/users/me` and reported as
 * UNAUTHORIZED when it was.
 */
export class WordPressClient implements WpTransport {
  readonly siteUrl: string;
  readonly #username: string;
  readonly #http: HttpConfig;
  readonly #fixedRoot: boolean;
  #root: Promise<ApiRoot> | undefined;

  constructor(options: WordPressClientOptions) {
    this.siteUrl = normaliseSiteUrl(options.siteUrl);
    this.#username = options.username;
    const token = Buffer.from(`${options.username}:${options.appPassword}`).toString('base64');
    this.#http = {
      authHeader: `Basic ${token}`,
      secrets: [options.appPassword, options.appPassword.replace(/\s+/g, ''), token].filter(
        (s) => s.length >= 4,
      ),
      timeoutMs: options.timeoutMs ?? WORDPRESS_CLIENT_DEFAULTS.timeoutMs,
      retries: options.retries ?? WORDPRESS_CLIENT_DEFAULTS.retries,
      retryBaseMs: options.retryBaseMs ?? WORDPRESS_CLIENT_DEFAULTS.retryBaseMs,
      maxRetryDelayMs: options.maxRetryDelayMs ?? WORDPRESS_CLIENT_DEFAULTS.maxRetryDelayMs,
      fetch: options.fetch ?? globalThis.fetch,
    };
    this.#fixedRoot = Boolean(options.apiRoot);
    if (options.apiRoot) this.#root = Promise.resolve(rootFromBase(options.apiRoot));
  }

  /** The discovered API root (cached; a failed discovery is tried again next time). */
  apiRoot(): Promise<ApiRoot> {
    if (!this.#root) {
      this.#root = discoverRoot(this.#http, this.siteUrl);
      this.#root.catch(() => (this.#root = undefined));
    }
    return this.#root;
  }

  async request<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    route: string,
    opts: RequestOptions = {},
  ): Promise<WpResult<T>> {
    const root = await this.apiRoot();
    const url = buildUrl(root, route, opts.query);
    const headers: Record<string, string> = { ...opts.headers };
    let body: Uint8Array | string | undefined = opts.body;
    if (opts.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    const answer = await send(this.#http, url, {
      method,
      headers,
      body,
      idempotent: isIdempotent(method, route),
    });
    if ((answer.status < 200 || answer.status >= 300) && mayBeAnonymousAnswer(answer)) {
      const refused = await this.#refusedCredentials(root, method, route, answer);
      if (refused) throw refused;
    }
    const res = expectOk(this.#http, method, answer);
    return { data: res.json as T, headers: res.headers, status: res.status };
  }

  /**
   * UNAUTHORIZED when WordPress refused our credentials, else undefined (the answer stands as it is).
   * Asks `/wp/v2/users/me` unless the failed request was that very question.
   */
  async #refusedCredentials(
    root: ApiRoot,
    method: string,
    route: string,
    answer: RawResponse,
  ): Promise<WordPressError | undefined> {
    let me = answer;
    if (method !== 'GET' || route !== ME_ROUTE) {
      try {
        me = await send(this.#http, buildUrl(root, ME_ROUTE, { context: 'edit' }), {
          method: 'GET',
          idempotent: true,
        });
      } catch {
        return undefined; // No answer to the check: report what WordPress said to the request itself.
      }
    }
    if (credentialsAccepted(me) !== false) return undefined;
    return credentialsRefused(this.#http, this.#username, method, route, answer);
  }

  requestAll<T>(route: string, query?: Query): Promise<T[]> {
    return collectAll<T>(this, route, query);
  }

  /** Checks the site afresh: discovery runs again (unless the root was given), so the index is current. */
  testConnection(): Promise<WpConnection> {
    if (!this.#fixedRoot) this.#root = undefined;
    return testConnection(this, () => this.apiRoot(), this.siteUrl);
  }

  listPosts(opts?: ListPostsOptions): Promise<WpPost[]> {
    return posts.listPosts(this, opts);
  }
  listPostStamps(opts?: Pick<ListPostsOptions, 'status'>): Promise<WpPostStamp[]> {
    return posts.listPostStamps(this, opts);
  }
  getPost(id: number): Promise<WpPost> {
    return posts.getPost(this, id);
  }
  createPost(input: WpPostInput): Promise<WpPost> {
    return posts.createPost(this, input);
  }
  updatePost(id: number, patch: WpPostPatch): Promise<WpPost> {
    return posts.updatePost(this, id, patch);
  }
  schedulePost(id: number, date: Date): Promise<WpPost> {
    return posts.schedulePost(this, id, date);
  }
  deletePost(id: number, opts?: { force?: boolean }): Promise<WpPost> {
    return posts.deletePost(this, id, opts);
  }

  getPage(id: number): Promise<WpPost> {
    return pages.getPage(this, id);
  }
  createPage(input: WpPageInput): Promise<WpPost> {
    return pages.createPage(this, input);
  }
  updatePage(id: number, patch: WpPagePatch): Promise<WpPost> {
    return pages.updatePage(this, id, patch);
  }
  deletePage(id: number, opts?: { force?: boolean }): Promise<WpPost> {
    return pages.deletePage(this, id, opts);
  }

  listCategories(opts?: ListByIdOptions): Promise<WpCategory[]> {
    return taxonomies.listCategories(this, opts);
  }
  createCategory(input: WpCategoryInput): Promise<WpCategory> {
    return taxonomies.createCategory(this, input);
  }
  listTags(opts?: ListByIdOptions): Promise<WpTag[]> {
    return taxonomies.listTags(this, opts);
  }
  createTag(input: WpTagInput): Promise<WpTag> {
    return taxonomies.createTag(this, input);
  }

  listMedia(opts?: ListByIdOptions): Promise<WpMedia[]> {
    return media.listMedia(this, opts);
  }
  uploadMedia(upload: WpMediaUpload): Promise<WpMedia> {
    return media.uploadMedia(this, upload);
  }

  listThemes(): Promise<WpTheme[]> {
    return themes.listThemes(this);
  }

  getSettings(): Promise<WpSettings> {
    return settings.getSettings(this);
  }
  updateSettings(patch: WpSettingsPatch): Promise<WpSettings> {
    return settings.updateSettings(this, patch);
  }

  /** Events of Blogfleet's analytics plugin; AnalyticsPluginMissingError on a site without it. */
  analyticsEvents(opts?: AnalyticsEventsOptions): Promise<AnalyticsEventsPage> {
    return analytics.analyticsEvents(this, opts);
  }
  /** The analytics plugin's state; `{ installed: false }` on a site without it. */
  analyticsStatus(): Promise<AnalyticsStatus> {
    return analytics.analyticsStatus(this);
  }
}

export function createWordPressClient(options: WordPressClientOptions): WordPressClient {
  return new WordPressClient(options);
}
