import { requestIncluded, type WpTransport } from './transport';
import type { ListPostsOptions, WpPost, WpPostInput, WpPostPatch, WpPostStamp } from './types';

type Field = { raw?: string; rendered?: string } | string | undefined;

const text = (f: Field): string => (typeof f === 'string' ? f : (f?.raw ?? f?.rendered ?? ''));

/** WordPress wants GMT dates as `YYYY-MM-DDTHH:mm:ss` (no zone suffix). */
export function toWpDateGmt(date: Date | string): string {
  if (typeof date === 'string') return date.replace(/(\.\d+)?(Z|[+-]\d\d:?\d\d)?$/, '');
  return date.toISOString().slice(0, 19);
}

export function mapPost(p: Record<string, unknown>): WpPost {
  return {
    id: Number(p.id),
    title: text(p.title as Field),
    content: text(p.content as Field),
    excerpt: text(p.excerpt as Field),
    status: String(p.status ?? ''),
    date_gmt: typeof p.date_gmt === 'string' ? p.date_gmt : null,
    modified_gmt: typeof p.modified_gmt === 'string' ? p.modified_gmt : null,
    link: String(p.link ?? ''),
    categories: Array.isArray(p.categories) ? p.categories.map(Number) : [],
    tags: Array.isArray(p.tags) ? p.tags.map(Number) : [],
    featured_media: Number(p.featured_media ?? 0),
  };
}

export function toBody(input: WpPostPatch): Record<string, unknown> {
  const { date_gmt, ...rest } = input;
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) body[k] = v;
  if (date_gmt !== undefined) body.date_gmt = toWpDateGmt(date_gmt);
  return body;
}

const statusParam = (status: ListPostsOptions['status']) =>
  status === undefined || status === 'any' ? 'any' : status.join(',');

export async function listPosts(t: WpTransport, opts: ListPostsOptions = {}): Promise<WpPost[]> {
  const query = { context: 'edit', status: statusParam(opts.status) };
  const items = opts.include
    ? await requestIncluded<Record<string, unknown>>(t, '/wp/v2/posts', query, opts.include)
    : await t.requestAll<Record<string, unknown>>('/wp/v2/posts', query);
  return items.map(mapPost);
}

/** Every post's id and modified time, without bodies: cheap enough to see deletions on each pull. */
export async function listPostStamps(
  t: WpTransport,
  opts: Pick<ListPostsOptions, 'status'> = {},
): Promise<WpPostStamp[]> {
  const items = await t.requestAll<Record<string, unknown>>('/wp/v2/posts', {
    context: 'edit',
    status: statusParam(opts.status),
    _fields: 'id,modified_gmt',
  });
  return items.map((p) => ({
    id: Number(p.id),
    modified_gmt: typeof p.modified_gmt === 'string' ? p.modified_gmt : null,
  }));
}

export async function getPost(t: WpTransport, id: number): Promise<WpPost> {
  const res = await t.request<Record<string, unknown>>('GET', `/wp/v2/posts/${id}`, {
    query: { context: 'edit' },
  });
  return mapPost(res.data);
}

export async function createPost(t: WpTransport, input: WpPostInput): Promise<WpPost> {
  // No categories on a new post means WordPress's default category, which an empty list would remove.
  const { categories, ...rest } = input;
  const body = toBody(categories && categories.length > 0 ? input : rest);
  const res = await t.request<Record<string, unknown>>('POST', '/wp/v2/posts', { json: body });
  return mapPost(res.data);
}

export async function updatePost(t: WpTransport, id: number, patch: WpPostPatch): Promise<WpPost> {
  const res = await t.request<Record<string, unknown>>('POST', `/wp/v2/posts/${id}`, { json: toBody(patch) });
  return mapPost(res.data);
}

export function schedulePost(t: WpTransport, id: number, date: Date): Promise<WpPost> {
  return updatePost(t, id, { status: 'future', date_gmt: toWpDateGmt(date) });
}

/** Trashes the post, or deletes it for good with `force: true`. Returns the post as it was. */
export async function deletePost(
  t: WpTransport,
  id: number,
  opts: { force?: boolean } = {},
): Promise<WpPost> {
  const res = await t.request<Record<string, unknown>>('DELETE', `/wp/v2/posts/${id}`, {
    query: { force: opts.force ? 'true' : undefined },
  });
  const data = res.data as { previous?: Record<string, unknown> };
  return mapPost(data.previous ?? res.data);
}
