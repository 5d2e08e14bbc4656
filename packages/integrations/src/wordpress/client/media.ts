import { requestIncluded, type WpTransport } from './transport';
import type { ListByIdOptions, WpMedia, WpMediaUpload } from './types';

type Item = Record<string, unknown>;

export const mapMedia = (m: Item): WpMedia => {
  const title = m.title as { rendered?: string; raw?: string } | string | undefined;
  return {
    id: Number(m.id),
    source_url: String(m.source_url ?? ''),
    title: typeof title === 'string' ? title : (title?.rendered ?? title?.raw ?? ''),
    mime_type: String(m.mime_type ?? ''),
    thumbnail_url: sizeUrl(m, 'medium') ?? sizeUrl(m, 'thumbnail'),
  };
};

/** An image's smaller copy made by WordPress (`media_details.sizes`), when it has one. */
function sizeUrl(m: Item, size: string): string | null {
  const sizes = (m.media_details as { sizes?: Record<string, { source_url?: unknown }> } | undefined)?.sizes;
  const url = sizes?.[size]?.source_url;
  return typeof url === 'string' ? url : null;
}

/** A header-safe file name: ASCII letters, digits, dot, dash, underscore. */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '');
  return cleaned || 'upload.bin';
}

/** The edit context (any user who may edit posts has it) keeps a refused password from reading anonymously. */
export async function listMedia(t: WpTransport, opts: ListByIdOptions = {}): Promise<WpMedia[]> {
  const query = { context: 'edit' };
  const items = opts.include
    ? await requestIncluded<Item>(t, '/wp/v2/media', query, opts.include)
    : await t.requestAll<Item>('/wp/v2/media', query);
  return items.map(mapMedia);
}

/** POST /wp/v2/media with the raw bytes; a title is set afterwards (an update, so retry-safe). */
export async function uploadMedia(t: WpTransport, upload: WpMediaUpload): Promise<WpMedia> {
  const res = await t.request<Item>('POST', '/wp/v2/media', {
    body: upload.data,
    headers: {
      'Content-Type': upload.contentType,
      'Content-Disposition': `attachment; filename="${safeFilename(upload.filename)}"`,
    },
  });
  const created = mapMedia(res.data);
  if (upload.title === undefined) return created;
  const updated = await t.request<Item>('POST', `/wp/v2/media/${created.id}`, {
    json: { title: upload.title },
  });
  return mapMedia(updated.data);
}
