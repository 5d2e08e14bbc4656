import { WordPressError } from '../errors';
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

/**
 * Terms are public, so WordPress serves them to anyone: they are read in the edit context, which it
 * refuses to an anonymous visitor, so that a refused password is reported instead of passing unnoticed.
 * A user who may not manage terms (an author: FORBIDDEN with valid credentials) gets the view context.
 */
async function listTerms(t: WpTransport, route: string): Promise<Term[]> {
  try {
    return await t.requestAll<Term>(route, { context: 'edit' });
  } catch (error) {
    const forbiddenContext =
      error instanceof WordPressError &&
      error.code === 'FORBIDDEN' &&
      error.details.wpCode === 'rest_forbidden_context';
    if (!forbiddenContext) throw error;
    return t.requestAll<Term>(route);
  }
}

export async function listCategories(t: WpTransport): Promise<WpCategory[]> {
  return (await listTerms(t, '/wp/v2/categories')).map(mapCategory);
}

export async function createCategory(t: WpTransport, input: WpCategoryInput): Promise<WpCategory> {
  const res = await t.request<Term>('POST', '/wp/v2/categories', { json: defined(input) });
  return mapCategory(res.data);
}

export async function listTags(t: WpTransport): Promise<WpTag[]> {
  return (await listTerms(t, '/wp/v2/tags')).map(mapTag);
}

export async function createTag(t: WpTransport, input: WpTagInput): Promise<WpTag> {
  const res = await t.request<Term>('POST', '/wp/v2/tags', { json: defined(input) });
  return mapTag(res.data);
}
