import { mapPost, toBody } from './posts';
import type { WpTransport } from './transport';
import type { WpPageInput, WpPagePatch, WpPost } from './types';

/** Pages (`/wp/v2/pages`) answer in the shape of posts; categories and tags stay empty. */
export async function getPage(t: WpTransport, id: number): Promise<WpPost> {
  const res = await t.request<Record<string, unknown>>('GET', `/wp/v2/pages/${id}`, {
    query: { context: 'edit' },
  });
  return mapPost(res.data);
}

export async function createPage(t: WpTransport, input: WpPageInput): Promise<WpPost> {
  const res = await t.request<Record<string, unknown>>('POST', '/wp/v2/pages', { json: toBody(input) });
  return mapPost(res.data);
}

export async function updatePage(t: WpTransport, id: number, patch: WpPagePatch): Promise<WpPost> {
  const res = await t.request<Record<string, unknown>>('POST', `/wp/v2/pages/${id}`, { json: toBody(patch) });
  return mapPost(res.data);
}

/** Trashes the page, or deletes it for good with `force: true`. Returns the page as it was. */
export async function deletePage(
  t: WpTransport,
  id: number,
  opts: { force?: boolean } = {},
): Promise<WpPost> {
  const res = await t.request<Record<string, unknown>>('DELETE', `/wp/v2/pages/${id}`, {
    query: { force: opts.force ? 'true' : undefined },
  });
  const data = res.data as { previous?: Record<string, unknown> };
  return mapPost(data.previous ?? res.data);
}
