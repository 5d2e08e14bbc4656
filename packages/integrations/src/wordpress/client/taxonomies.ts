import { WordPressError } from '../errors';
import { requestIncluded, type WpTransport } from './transport';
import type { ListByIdOptions, WpCategory, WpCategoryInput, WpTag, WpTagInput } from './types';

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

/**
 * Terms are public, so WordPress serves them to anyone: they are read in the edit context, which it
 * refuses to an anonymous visitor, so that a refused password is reported instead of passing unnoticed.
 * A user who may not manage terms (an author: FORBIDDEN with valid credentials) gets the view context.
 */
async function listTerms(t: WpTransport, route: string, opts: ListByIdOptions): Promise<Term[]> {
  const read = (query: Record<string, string>) =>
    opts.include ? requestIncluded<Term>(t, route, query, opts.include) : t.requestAll<Term>(route, query);
  try {
    return await read({ context: 'edit' });
  } catch (error) {
    const forbiddenContext =
      error instanceof WordPressError &&
      error.code === 'FORBIDDEN' &&
      error.details.wpCode === 'rest_forbidden_context';
    if (!forbiddenContext) throw error;
    return read({});
  }
}

export async function listCategories(t: WpTransport, opts: ListByIdOptions = {}): Promise<WpCategory[]> {
  return (await listTerms(t, '/wp/v2/categories', opts)).map(mapCategory);
}

export async function createCategory(t: WpTransport, input: WpCategoryInput): Promise<WpCategory> {
  const res = await t.request<Term>('POST', '/wp/v2/categories', { json: defined(input) });
  return mapCategory(res.data);
}

export async function listTags(t: WpTransport, opts: ListByIdOptions = {}): Promise<WpTag[]> {
  return (await listTerms(t, '/wp/v2/tags', opts)).map(mapTag);
}

export async function createTag(t: WpTransport, input: WpTagInput): Promise<WpTag> {
  const res = await t.request<Term>('POST', '/wp/v2/tags', { json: defined(input) });
  return mapTag(res.data);
}
