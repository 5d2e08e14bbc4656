import type { WpTransport } from './transport';
import type { WpCategory, WpCategoryInput, WpTag, WpTagInput } from './types';

type Term = Record<string, unknown>;

export const mapCategory = (c: Term): WpCategory => ({
  id: Number(c.id),
  name: String(c.name ?? ''),
  slug: String(c.slug ?? ''),
  count: Number(c.count ?? 0),
  description: String(c.description ?? ''),
  parent: Number(c.parent ?? 0),
});

export const mapTag = (t: Term): WpTag => ({
  id: Number(t.id),
  name: String(t.name ?? ''),
  slug: String(t.slug ?? ''),
  count: Number(t.count ?? 0),
});

const defined = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

export async function listCategories(t: WpTransport): Promise<WpCategory[]> {
  return (await t.requestAll<Term>('/wp/v2/categories')).map(mapCategory);
}

export async function createCategory(t: WpTransport, input: WpCategoryInput): Promise<WpCategory> {
  const res = await t.request<Term>('POST', '/wp/v2/categories', { json: defined(input) });
  return mapCategory(res.data);
}

export async function listTags(t: WpTransport): Promise<WpTag[]> {
  return (await t.requestAll<Term>('/wp/v2/tags')).map(mapTag);
}

export async function createTag(t: WpTransport, input: WpTagInput): Promise<WpTag> {
  const res = await t.request<Term>('POST', '/wp/v2/tags', { json: defined(input) });
  return mapTag(res.data);
}
