/**
 * A small local HTTP server speaking the subset of the WordPress REST API the client uses, with switches
 * to inject faults (status codes, Retry-After, hanging answers). For tests only; state lives in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ANALYTICS_BOT_USER_AGENT,
  ANALYTICS_MAX_DURATION_MS,
  ANALYTICS_PLUGIN_VERSION,
} from '../analytics-plugin';
import type { AnalyticsEvent } from '../client/analytics';
import { HttpError, callerOf, checkListedStatuses, type AccessOptions } from './access';

export interface TestServerFault {
  /** Only this method (default: any). */
  method?: string;
  /** Route prefix (`/wp/v2/posts`) or pattern; default: any route. */
  route?: string | RegExp;
  /** How many matching requests it applies to (default 1; Infinity for all). */
  times?: number;
  /** Answer with this status (default 500) and a WordPress error body. */
  status?: number;
  code?: string;
  message?: string;
  /** Retry-After header, in seconds. */
  retryAfter?: number;
  /** Never answer (the socket stays open until the client gives up or the server closes). */
  hang?: boolean;
  /** Answer normally, this many milliseconds late (a slow route while the rest is quick). */
  delayMs?: number;
  /** Close the connection without an answer (a network error on the client side). */
  drop?: boolean;
}

export interface WordPressTestServerOptions {
  username?: string;
  password?: string;
  /** pretty: /wp-json and ?rest_route; plain: only ?rest_route (/wp-json is an HTML 404); disabled: no REST. */
  style?: 'pretty' | 'plain' | 'disabled';
  /** Whether the user holds edit_posts (default true). */
  canEditPosts?: boolean;
  /** Whether the user holds manage_categories (default true; false for an author). */
  canManageTerms?: boolean;
  /** What a wrong or revoked password gets (default 'anonymous', see AccessOptions). */
  refusedCredentials?: AccessOptions['refusedCredentials'];
  /** Posts created up front (status publish), for paging tests. */
  seedPosts?: number;
  /** Size of each seeded post's content in bytes (paragraphs of filler); default: one short line. */
  seedPostBytes?: number;
  /** Every answer waits this long first, like a site across the internet (benches). Default 0. */
  latencyMs?: number;
  /**
   * Whether Blogfleet's analytics plugin is installed (default true): its routes `POST blogfleet/v1/hit`,
   * `GET blogfleet/v1/events` and `GET blogfleet/v1/status`; without it they answer 404 rest_no_route.
   */
  analyticsPlugin?: boolean;
}

/**
 * An event for `addAnalyticsEvents`: `time` is required (an ISO string or a Date, kept to the second),
 * every other field has a default (a view of `/` by visitor `0000000000000000`, a fresh view id).
 */
export type AnalyticsEventSeed = Partial<Omit<AnalyticsEvent, 'id' | 'time'>> & { time: string | Date };

export interface RecordedRequest {
  method: string;
  route: string;
  url: string;
  at: number;
}

interface Post {
  id: number;
  title: string;
  content: string;
  excerpt: string;
  status: string;
  date_gmt: string | null;
  modified_gmt: string;
  categories: number[];
  tags: number[];
  featured_media: number;
}

export interface WordPressTestServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  faults: TestServerFault[];
  inject(...faults: TestServerFault[]): void;
  /** Requests seen for a method + route prefix. */
  count(method: string, routePrefix: string): number;
  options: Required<WordPressTestServerOptions>;
  /** Revokes the application password: from now on it is refused like a wrong one. */
  revokePassword(): void;
  /** Changes a post as an editor in wp-admin would (its modified time moves on). */
  editPost(id: number, fields: Partial<Pick<Post, 'title' | 'content' | 'excerpt' | 'status'>>): void;
  /**
   * Stores analytics events as if the plugin had recorded them (ids go on from the last one), in the
   * given order, and returns them as `GET blogfleet/v1/events` will answer them.
   */
  addAnalyticsEvents(events: AnalyticsEventSeed[]): AnalyticsEvent[];
  /** The plugin's table made again (a site restored or moved): no events, ids from 1. */
  resetAnalytics(): void;
  state: {
    posts: Post[];
    /** Pages (`/wp/v2/pages`): posts without terms. */
    pages: Post[];
    categories: { id: number; name: string; slug: string; description: string; parent: number }[];
    tags: { id: number; name: string; slug: string }[];
    media: { id: number; source_url: string; title: string; mime_type: string; bytes: number }[];
    settings: Record<string, unknown>;
    themes: { stylesheet: string; name: string; version: string; status: 'active' | 'inactive' }[];
    /** The analytics plugin's table, by id. */
    analytics: AnalyticsEvent[];
  };
  close(): Promise<void>;
}

const STATUSES = ['draft', 'publish', 'future', 'pending', 'private', 'trash'];
const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const FILLER = '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.</p>\n';
const seedContent = (i: number, bytes: number) =>
  bytes > 0
    ? `<p>Seed content ${i}</p>\n${FILLER.repeat(Math.ceil(bytes / FILLER.length))}`.slice(0, bytes)
    : `Seed content ${i}`;

export async function startWordPressTestServer(
  opts: WordPressTestServerOptions = {},
): Promise<WordPressTestServer> {
  const options: Required<WordPressTestServerOptions> = {
    username: 'admin',
    password: 'abcd efgh ijkl mnop qrst uvwx',
    style: 'pretty',
    canEditPosts: true,
    canManageTerms: true,
    refusedCredentials: 'anonymous',
    seedPosts: 0,
    latencyMs: 0,
    seedPostBytes: 0,
    analyticsPlugin: true,
    ...opts,
  };
  const requests: RecordedRequest[] = [];
  const faults: TestServerFault[] = [];
  let nextId = 1;
  const state: WordPressTestServer['state'] = {
    posts: [],
    pages: [],
    categories: [{ id: nextId++, name: 'Uncategorized', slug: 'uncategorized', description: '', parent: 0 }],
    tags: [],
    media: [],
    settings: {
      title: 'Test Site',
      description: 'Just another test site',
      url: '',
      email: 'admin@example.test',
      timezone: 'UTC',
      language: 'en_US',
    },
    themes: [
      { stylesheet: 'twentytwentyfour', name: 'Twenty Twenty-Four', version: '1.2', status: 'active' },
      { stylesheet: 'twentytwentythree', name: 'Twenty Twenty-Three', version: '1.5', status: 'inactive' },
    ],
    analytics: [],
  };
  for (let i = 1; i <= options.seedPosts; i++) {
    state.posts.push({
      id: nextId++,
      title: `Seed post ${i}`,
      content: seedContent(i, options.seedPostBytes),
      excerpt: '',
      status: 'publish',
      date_gmt: '2024-01-01T00:00:00',
      modified_gmt: '2024-01-01T00:00:00',
      categories: [1],
      tags: [],
      featured_media: 0,
    });
  }
  let base = '';
  // Second precision like WordPress, but strictly increasing so that every change is seen as one.
  let lastModified = 0;
  const stamp = () => {
    lastModified = Math.max(Math.floor(Date.now() / 1000) * 1000, lastModified + 1000);
    return new Date(lastModified).toISOString().slice(0, 19);
  };

  const renderPost = (p: Post) => ({
    id: p.id,
    date_gmt: p.date_gmt,
    modified_gmt: p.modified_gmt,
    status: p.status,
    link: `${base}/?p=${p.id}`,
    title: { raw: p.title, rendered: p.title },
    content: { raw: p.content, rendered: `<p>${p.content}</p>\n`, protected: false },
    excerpt: { raw: p.excerpt, rendered: `<p>${p.excerpt}</p>\n`, protected: false },
    featured_media: p.featured_media,
    categories: p.categories,
    tags: p.tags,
  });
  const renderPage = (p: Post) => {
    const { categories: _c, tags: _t, ...page } = renderPost(p);
    return { ...page, link: `${base}/?page_id=${p.id}` };
  };
  // WordPress makes smaller copies of an image (here only the name changes): media_details.sizes.
  const sized = (url: string, size: string) => url.replace(/(\.[a-z]+)$/i, `-${size}$1`);
  const renderMedia = (x: WordPressTestServer['state']['media'][number]) => ({
    id: x.id,
    source_url: x.source_url,
    title: { rendered: x.title },
    mime_type: x.mime_type,
    media_details: x.mime_type.startsWith('image/')
      ? {
          sizes: {
            thumbnail: { source_url: sized(x.source_url, '150x150') },
            medium: { source_url: sized(x.source_url, '300x200') },
            full: { source_url: x.source_url },
          },
        }
      : {},
  });
  const countTerm = (field: 'categories' | 'tags', id: number) =>
    state.posts.filter((p) => p.status === 'publish' && p[field].includes(id)).length;

  /** `include=1,2`: only those ids, as WordPress's collections take it. */
  function included<T extends { id: number }>(items: T[], query: URLSearchParams): T[] {
    const ids = query.get('include')?.split(',').map(Number);
    return ids ? items.filter((x) => ids.includes(x.id)) : items;
  }

  function paginate<T>(items: T[], query: URLSearchParams, res: ServerResponse): T[] {
    const perPage = Number(query.get('per_page') ?? 10);
    const page = Number(query.get('page') ?? 1);
    if (!(perPage >= 1 && perPage <= 100)) {
      throw new HttpError(400, 'rest_invalid_param', 'Invalid parameter(s): per_page');
    }
    const totalPages = Math.max(1, Math.ceil(items.length / perPage));
    if (page > totalPages && items.length > 0) {
      throw new HttpError(
        400,
        'rest_post_invalid_page_number',
        'The page number requested is larger than the number of pages available.',
      );
    }
    res.setHeader('X-WP-Total', String(items.length));
    res.setHeader('X-WP-TotalPages', String(items.length === 0 ? 0 : totalPages));
    return items.slice((page - 1) * perPage, page * perPage);
  }

  // Argument validation: WordPress runs it before the permission checks.
  function checkPostBody(body: Record<string, unknown>) {
    if (body.status !== undefined && !STATUSES.includes(String(body.status))) {
      throw new HttpError(400, 'rest_invalid_param', 'Invalid parameter(s): status', {
        params: { status: `status is not one of ${STATUSES.slice(0, 5).join(', ')}.` },
      });
    }
  }

  function applyPost(p: Post, body: Record<string, unknown>) {
    for (const key of ['title', 'content', 'excerpt', 'status', 'date_gmt'] as const) {
      if (body[key] !== undefined) (p[key] as unknown) = String(body[key]);
    }
    for (const key of ['categories', 'tags'] as const) {
      if (body[key] !== undefined) p[key] = (body[key] as unknown[]).map(Number);
    }
    if (body.featured_media !== undefined) p.featured_media = Number(body.featured_media);
    if (p.status === 'publish' && !p.date_gmt) p.date_gmt = new Date().toISOString().slice(0, 19);
    p.modified_gmt = stamp();
  }

  /** `_fields=id,modified_gmt` keeps only those top-level fields, as WordPress does. */
  const pickFields = (item: Record<string, unknown>, query: URLSearchParams) => {
    const fields = query.get('_fields');
    if (!fields) return item;
    return Object.fromEntries(
      fields
        .split(',')
        .filter((f) => f in item)
        .map((f) => [f, item[f]]),
    );
  };

  // The analytics plugin: events with increasing ids, visitors hashed with a salt of the UTC day.
  let lastEventId = 0;
  let salt = { day: '', value: '' };
  const isoSecond = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;
  const chars = (s: string, max: number) => Array.from(s).slice(0, max).join('');
  const bareHost = (url: string) => {
    try {
      return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
    } catch {
      return '';
    }
  };
  function visitorOf(req: IncomingMessage, agent: string) {
    const day = new Date().toISOString().slice(0, 10);
    if (salt.day !== day) salt = { day, value: randomBytes(32).toString('hex') };
    const ip = req.socket.remoteAddress ?? '';
    return createHash('sha256').update(`${salt.value}${ip}${agent}`).digest('hex').slice(0, 16);
  }
  function recordHit(req: IncomingMessage, raw: Buffer, res: ServerResponse): undefined {
    res.statusCode = 204;
    const agent = String(req.headers['user-agent'] ?? '');
    if (agent === '' || ANALYTICS_BOT_USER_AGENT.test(agent)) return;
    let hit: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = raw.length <= 4096 ? JSON.parse(raw.toString()) : null;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        hit = parsed as Record<string, unknown>;
    } catch {
      hit = null;
    }
    const optionalText = (v: unknown) => v === undefined || v === null || typeof v === 'string';
    const valid =
      hit !== null &&
      (hit.t === 'v' || hit.t === 'l') &&
      typeof hit.id === 'string' &&
      /^[A-Za-z0-9_-]{1,32}$/.test(hit.id) &&
      typeof hit.p === 'string' &&
      hit.p.startsWith('/') &&
      optionalText(hit.r) &&
      optionalText(hit.n) &&
      (hit.t === 'v' || (typeof hit.d === 'number' && Number.isFinite(hit.d)));
    if (!valid || !hit) throw new HttpError(400, 'blogfleet_invalid_hit', 'Malformed analytics hit.');
    const view = hit.t === 'v';
    const referrer = view && typeof hit.r === 'string' ? bareHost(hit.r) : '';
    state.analytics.push({
      id: ++lastEventId,
      type: view ? 'view' : 'leave',
      time: isoSecond(new Date()),
      view_id: hit.id as string,
      visitor: visitorOf(req, agent),
      path: chars(hit.p as string, 512),
      title: view && typeof hit.n === 'string' ? chars(hit.n, 255) : '',
      referrer_host: referrer === bareHost(base) ? '' : chars(referrer, 255),
      duration_ms: view ? 0 : Math.max(0, Math.min(ANALYTICS_MAX_DURATION_MS, Math.round(hit.d as number))),
    });
  }
  /** A whole number within bounds, else WordPress's rest_invalid_param (argument validation). */
  function intParam(query: URLSearchParams, name: string, fallback: number, min: number, max?: number) {
    const raw = query.get(name);
    if (raw === null || raw === '') return fallback;
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw) || value < min || (max !== undefined && value > max)) {
      const why =
        max === undefined
          ? `${name} must be greater than or equal to ${min}`
          : `${name} must be between ${min} (inclusive) and ${max} (inclusive)`;
      throw new HttpError(400, 'rest_invalid_param', `Invalid parameter(s): ${name}`, {
        params: { [name]: /^-?\d+$/.test(raw) ? why : `${name} is not of type integer.` },
      });
    }
    return value;
  }
  function addAnalyticsEvents(seeds: AnalyticsEventSeed[]): AnalyticsEvent[] {
    const added = seeds.map((seed): AnalyticsEvent => {
      const time = new Date(seed.time);
      if (Number.isNaN(time.getTime())) throw new Error(`Not a time: ${String(seed.time)}`);
      return {
        type: 'view',
        view_id: randomBytes(8).toString('hex'),
        visitor: '0000000000000000',
        path: '/',
        title: '',
        referrer_host: '',
        duration_ms: 0,
        ...seed,
        id: ++lastEventId,
        time: isoSecond(time),
      };
    });
    state.analytics.push(...added);
    return added.map((e) => ({ ...e }));
  }

  function handle(
    method: string,
    route: string,
    query: URLSearchParams,
    raw: Buffer,
    req: IncomingMessage,
    res: ServerResponse,
  ): unknown {
    const caller = callerOf(req, options);
    const editContext = query.get('context') === 'edit';
    if (route === '/' || route === '') {
      return {
        name: state.settings.title,
        description: state.settings.description,
        url: base,
        home: base,
        namespaces: ['wp/v2'],
        routes: {},
      };
    }
    const json = () => (raw.length ? (JSON.parse(raw.toString()) as Record<string, unknown>) : {});
    let m: RegExpMatchArray | null;

    if (route === '/wp/v2/users/me' && method === 'GET') {
      if (!caller.loggedIn)
        throw new HttpError(401, 'rest_not_logged_in', 'You are not currently logged in.');
      return {
        id: 1,
        name: options.username,
        roles: ['administrator'],
        capabilities: { edit_posts: options.canEditPosts, read: true },
      };
    }
    if (route === '/wp/v2/posts') {
      if (method === 'GET') {
        const wanted = query.get('status') ?? 'publish';
        checkListedStatuses(caller, wanted === 'any' ? STATUSES : wanted.split(','));
        if (editContext && !caller.canEditPosts)
          caller.deny(
            'rest_forbidden_context',
            'Sorry, you are not allowed to edit posts in this post type.',
          );
        const list = state.posts.filter((p) =>
          wanted === 'any' ? p.status !== 'trash' : wanted.split(',').includes(p.status),
        );
        return paginate(included(list, query), query, res).map((p) => pickFields(renderPost(p), query));
      }
      if (method === 'POST') {
        const body = json();
        checkPostBody(body);
        if (!caller.canEditPosts)
          caller.deny('rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.');
        const p: Post = {
          id: nextId++,
          title: '',
          content: '',
          excerpt: '',
          status: 'draft',
          date_gmt: null,
          modified_gmt: '',
          categories: [1],
          tags: [],
          featured_media: 0,
        };
        applyPost(p, body);
        state.posts.push(p);
        res.statusCode = 201;
        return renderPost(p);
      }
    }
    if ((m = route.match(/^\/wp\/v2\/posts\/(\d+)$/))) {
      const p = state.posts.find((x) => x.id === Number(m![1]));
      if (!p) throw new HttpError(404, 'rest_post_invalid_id', 'Invalid post ID.');
      if (method === 'GET') {
        if (editContext && !caller.canEditPosts)
          caller.deny('rest_forbidden_context', 'Sorry, you are not allowed to edit this post.');
        if (p.status !== 'publish' && !caller.canEditPosts)
          caller.deny('rest_forbidden', 'Sorry, you are not allowed to do that.');
        return renderPost(p);
      }
      if (method === 'POST' || method === 'PUT') {
        const body = json();
        checkPostBody(body);
        if (!caller.canEditPosts)
          caller.deny('rest_cannot_edit', 'Sorry, you are not allowed to edit this post.');
        applyPost(p, body);
        return renderPost(p);
      }
      if (method === 'DELETE') {
        if (!caller.canEditPosts)
          caller.deny('rest_cannot_delete', 'Sorry, you are not allowed to delete this post.');
        if (query.get('force') === 'true') {
          state.posts = state.posts.filter((x) => x !== p);
          return { deleted: true, previous: renderPost(p) };
        }
        // As WordPress: a post already in the trash is only removed with force.
        if (p.status === 'trash')
          throw new HttpError(410, 'rest_already_trashed', 'The post has already been deleted.');
        p.status = 'trash';
        return renderPost(p);
      }
    }
    if (route === '/wp/v2/pages' && method === 'POST') {
      const body = json();
      checkPostBody(body);
      if (!caller.canEditPosts)
        caller.deny('rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.');
      const p: Post = {
        id: nextId++,
        title: '',
        content: '',
        excerpt: '',
        status: 'draft',
        date_gmt: null,
        modified_gmt: '',
        categories: [],
        tags: [],
        featured_media: 0,
      };
      applyPost(p, { ...body, categories: undefined, tags: undefined });
      state.pages.push(p);
      res.statusCode = 201;
      return renderPage(p);
    }
    if ((m = route.match(/^\/wp\/v2\/pages\/(\d+)$/))) {
      const p = state.pages.find((x) => x.id === Number(m![1]));
      if (!p) throw new HttpError(404, 'rest_post_invalid_id', 'Invalid post ID.');
      if (method === 'GET') return renderPage(p);
      if (!caller.canEditPosts)
        caller.deny('rest_cannot_edit', 'Sorry, you are not allowed to edit this post.');
      if (method === 'POST' || method === 'PUT') {
        const body = json();
        checkPostBody(body);
        applyPost(p, { ...body, categories: undefined, tags: undefined });
        return renderPage(p);
      }
      if (method === 'DELETE') {
        if (query.get('force') === 'true') {
          state.pages = state.pages.filter((x) => x !== p);
          return { deleted: true, previous: renderPage(p) };
        }
        if (p.status === 'trash')
          throw new HttpError(410, 'rest_already_trashed', 'The post has already been deleted.');
        p.status = 'trash';
        return renderPage(p);
      }
    }
    if (route === '/wp/v2/categories' || route === '/wp/v2/tags') {
      const isCat = route.endsWith('categories');
      if (method === 'GET') {
        if (editContext && !caller.canManageTerms)
          caller.deny('rest_forbidden_context', 'Sorry, you are not allowed to edit terms in this taxonomy.');
        const list = isCat
          ? state.categories.map((c) => ({ ...c, count: countTerm('categories', c.id) }))
          : state.tags.map((t) => ({ ...t, count: countTerm('tags', t.id) }));
        return paginate(included(list, query), query, res);
      }
      if (method === 'POST') {
        if (!caller.canManageTerms)
          caller.deny('rest_cannot_create', 'Sorry, you are not allowed to create terms in this taxonomy.');
        const body = json();
        const name = String(body.name ?? '').trim();
        if (!name) throw new HttpError(400, 'rest_missing_callback_param', 'Missing parameter(s): name');
        const slug = String(body.slug ?? slugify(name));
        const all = isCat ? state.categories : state.tags;
        if (all.some((t) => t.slug === slug))
          throw new HttpError(
            400,
            'term_exists',
            'A term with the name provided already exists in this taxonomy.',
          );
        res.statusCode = 201;
        if (isCat) {
          const c = {
            id: nextId++,
            name,
            slug,
            description: String(body.description ?? ''),
            parent: Number(body.parent ?? 0),
          };
          state.categories.push(c);
          return { ...c, count: 0 };
        }
        const t = { id: nextId++, name, slug };
        state.tags.push(t);
        return { ...t, count: 0 };
      }
    }
    if (route === '/wp/v2/media') {
      if (method === 'GET') {
        if (editContext && !caller.canEditPosts)
          caller.deny(
            'rest_forbidden_context',
            'Sorry, you are not allowed to edit posts in this post type.',
          );
        return paginate(included(state.media, query), query, res).map(renderMedia);
      }
      if (method === 'POST') {
        if (!caller.canEditPosts)
          caller.deny('rest_cannot_create', 'Sorry, you are not allowed to upload media as this user.');
        const disposition = req.headers['content-disposition'] ?? '';
        const filename = disposition.match(/filename="?([^";]+)"?/)?.[1];
        if (!filename)
          throw new HttpError(400, 'rest_upload_no_content_disposition', 'No Content-Disposition supplied.');
        if (raw.length === 0) throw new HttpError(400, 'rest_upload_no_data', 'No data supplied.');
        // WordPress decides what a file is by its extension and refuses names of no allowed type.
        if (!/\.(jpe?g|jpe|png|gif|webp)$/i.test(filename)) {
          throw new HttpError(
            500,
            'rest_upload_sideload_error',
            'Sorry, you are not allowed to upload this file type.',
          );
        }
        const item = {
          id: nextId++,
          source_url: `${base}/wp-content/uploads/${filename}`,
          title: filename.replace(/\.[^.]+$/, ''),
          mime_type: String(req.headers['content-type'] ?? 'application/octet-stream'),
          bytes: raw.length,
        };
        state.media.push(item);
        res.statusCode = 201;
        return renderMedia(item);
      }
    }
    if ((m = route.match(/^\/wp\/v2\/media\/(\d+)$/)) && method === 'POST') {
      if (!caller.canEditPosts)
        caller.deny('rest_cannot_edit', 'Sorry, you are not allowed to edit this post.');
      const item = state.media.find((x) => x.id === Number(m![1]));
      if (!item) throw new HttpError(404, 'rest_post_invalid_id', 'Invalid post ID.');
      const body = json();
      if (body.title !== undefined) item.title = String(body.title);
      return renderMedia(item);
    }
    if (route === '/wp/v2/themes' && method === 'GET') {
      if (!caller.canManageOptions)
        caller.deny('rest_cannot_view_themes', 'Sorry, you are not allowed to view themes.');
      return paginate(state.themes, query, res).map((x) => ({
        stylesheet: x.stylesheet,
        name: { raw: x.name, rendered: x.name },
        version: x.version,
        status: x.status,
      }));
    }
    if (options.analyticsPlugin && route === '/blogfleet/v1/hit' && method === 'POST') {
      return recordHit(req, raw, res);
    }
    if (options.analyticsPlugin && route === '/blogfleet/v1/events' && method === 'GET') {
      const after = intParam(query, 'after', 0, 0);
      const limit = intParam(query, 'limit', 500, 1, 1000);
      if (!caller.canManageOptions) caller.deny('rest_forbidden', 'Sorry, you are not allowed to do that.');
      const following = state.analytics.filter((e) => e.id > after);
      const events = following.slice(0, limit).map((e) => ({ ...e }));
      return { events, last_id: events.at(-1)?.id ?? after, has_more: following.length > limit };
    }
    if (options.analyticsPlugin && route === '/blogfleet/v1/status' && method === 'GET') {
      if (!caller.canManageOptions) caller.deny('rest_forbidden', 'Sorry, you are not allowed to do that.');
      const oldest = state.analytics.map((e) => e.time).sort()[0];
      return {
        version: ANALYTICS_PLUGIN_VERSION,
        events: state.analytics.length,
        oldest: oldest ?? null,
        last_id: Math.max(0, ...state.analytics.map((e) => e.id)),
      };
    }
    if (route === '/wp/v2/settings') {
      if (!caller.canManageOptions) caller.deny('rest_forbidden', 'Sorry, you are not allowed to do that.');
      if (method === 'POST' || method === 'PUT') {
        const body = json();
        for (const key of ['title', 'description', 'timezone', 'language']) {
          if (body[key] !== undefined) state.settings[key] = body[key];
        }
      }
      if (method === 'GET' || method === 'POST' || method === 'PUT') return state.settings;
    }
    throw new HttpError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
  }

  const sendJson = (res: ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json; charset=UTF-8');
    res.end(JSON.stringify(body));
  };
  const sendHtml = (res: ServerResponse, status: number) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/html; charset=UTF-8');
    res.end(`<!doctype html><title>${status === 404 ? 'Page not found' : 'Home'}</title>`);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => (options.latencyMs > 0 ? setTimeout(answer, options.latencyMs) : answer()));
    const answer = () => {
      const url = new URL(req.url ?? '/', base);
      const method = req.method ?? 'GET';
      let route: string | undefined;
      if (url.pathname === '/' && url.searchParams.has('rest_route'))
        route = url.searchParams.get('rest_route') ?? '/';
      else if (url.pathname.startsWith('/wp-json') && options.style === 'pretty')
        route = url.pathname.slice('/wp-json'.length) || '/';
      requests.push({ method, route: route ?? url.pathname, url: url.pathname + url.search, at: Date.now() });

      const fault = faults.find(
        (f) =>
          (f.times ?? 1) > 0 &&
          (!f.method || f.method === method) &&
          (!f.route ||
            (typeof f.route === 'string' ? (route ?? '').startsWith(f.route) : f.route.test(route ?? ''))),
      );
      if (fault) {
        fault.times = (fault.times ?? 1) - 1;
        if (fault.delayMs !== undefined)
          return void setTimeout(() => serve(method, route, url), fault.delayMs);
        if (fault.hang) return;
        if (fault.drop) return void req.socket.destroy();
        const status = fault.status ?? 500;
        if (fault.retryAfter !== undefined) res.setHeader('Retry-After', String(fault.retryAfter));
        return sendJson(res, status, {
          code: fault.code ?? 'test_fault',
          message: fault.message ?? `Injected HTTP ${status}`,
          data: { status },
        });
      }
      serve(method, route, url);
    };
    const serve = (method: string, route: string | undefined, url: URL) => {
      if (options.style === 'disabled' || route === undefined) {
        return sendHtml(res, url.pathname === '/' ? 200 : 404);
      }
      try {
        const body = handle(method, route, url.searchParams, Buffer.concat(chunks), req, res);
        if (res.statusCode === 204) return void res.end();
        sendJson(res, res.statusCode || 200, body);
      } catch (err) {
        if (err instanceof HttpError)
          return sendJson(res, err.status, {
            code: err.code,
            message: err.message,
            data: { status: err.status, ...err.data },
          });
        sendJson(res, 500, { code: 'internal_server_error', message: String(err), data: { status: 500 } });
      }
    };
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  state.settings.url = base;

  return {
    url: base,
    port,
    requests,
    faults,
    options,
    state,
    inject: (...f) => void faults.push(...f),
    revokePassword: () => void (options.password = `revoked-${options.password}`),
    addAnalyticsEvents,
    resetAnalytics() {
      state.analytics.length = 0;
      lastEventId = 0;
    },
    editPost: (id, fields) => {
      const p = state.posts.find((x) => x.id === id);
      if (!p) throw new Error(`No post ${id}`);
      applyPost(p, fields);
    },
    count: (method, prefix) =>
      requests.filter((r) => r.method === method && r.route.startsWith(prefix)).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
