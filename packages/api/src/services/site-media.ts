import { SITE_MEDIA_MAX_BYTES, type UploadSiteMediaInput } from '@blogfleet/validators';
import type { Context } from '../context';
import { AppError } from '../errors';
import { audit } from './audit';
import { requireSiteClient } from './sites';

type Ctx = Pick<Context, 'db' | 'req' | 'secrets'> & { user: { id: number } };

/** What the first bytes of each accepted type are: a file is what it says, or it is refused. */
const SIGNATURES: Record<UploadSiteMediaInput['content_type'], (b: Buffer) => boolean> = {
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => b.subarray(0, 8).toString('hex') === '89504e470d0a1a0a',
  'image/gif': (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** The extensions WordPress accepts for each type (it decides what a file is by its name). */
const EXTENSIONS: Record<UploadSiteMediaInput['content_type'], string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
};

/** The name with an extension of its type: `cover.png` of JPEG bytes becomes `cover.jpg`, `scan` `scan.png`. */
export function fileNameFor(filename: string, type: UploadSiteMediaInput['content_type']): string {
  const ext = /\.([^./\\]+)$/.exec(filename)?.[1]?.toLowerCase();
  const allowed = EXTENSIONS[type];
  if (ext && allowed.includes(ext)) return filename;
  const stem = ext ? filename.slice(0, -(ext.length + 1)) : filename;
  return `${stem || 'image'}.${allowed[0]}`;
}

/** POST sites/{id}/media: the image goes to WordPress's media library first, then into the local copy. */
export async function uploadSiteMedia(ctx: Ctx, input: UploadSiteMediaInput) {
  const bytes = Buffer.from(input.data, 'base64');
  if (bytes.length === 0) throw new AppError('VALIDATION_ERROR', 'The file is empty');
  if (bytes.length > SITE_MEDIA_MAX_BYTES)
    throw new AppError('VALIDATION_ERROR', 'The file is larger than 10 MB');
  if (!SIGNATURES[input.content_type](bytes)) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The file is not a ${input.content_type.slice('image/'.length).toUpperCase()} image`,
    );
  }
  const { client } = await requireSiteClient(ctx, input.id);
  const media = await client.uploadMedia({
    filename: fileNameFor(input.filename, input.content_type),
    contentType: input.content_type,
    data: bytes,
    title: input.title?.trim() || undefined,
  });
  const values = {
    source_url: media.source_url,
    title: media.title,
    mime_type: media.mime_type || input.content_type,
    thumbnail_url: media.thumbnail_url,
  };
  // A pull that read WordPress after the upload may have written the row first.
  const row = await ctx.db
    .insertInto('wp_media')
    .values({ site_id: input.id, wp_id: media.id, ...values })
    .onConflict((oc) => oc.columns(['site_id', 'wp_id']).doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(ctx, {
    action: 'site.media_upload',
    subjectType: 'site',
    subjectId: input.id,
    details: { wpId: media.id, bytes: bytes.length, type: input.content_type },
  });
  return { ...row, created_at: row.created_at.toISOString() };
}
