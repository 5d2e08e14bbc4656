import { WordPressError } from '@blogfleet/integrations/wordpress';
import { z } from 'zod';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { audit } from './audit';
import { postRow } from './site-posts';
import { fromWordPress, keepRevision, toWordPress } from './site-sync';
import { requireSiteClient } from './sites';

type Ctx = Pick<Context, 'db' | 'req' | 'secrets'> & { user: { id: number } };

export const postRevisionView = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  reason: z.enum(['conflict', 'restored_over']),
  title: z.string(),
  content: z.string(),
  excerpt: z.string(),
  status: z.string(),
  scheduled_date: z.string().nullable(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  restored_at: z.string().nullable(),
});

/** GET sites/{id}/posts/{postId}/revisions: the versions conflicts set aside, newest first. */
export async function listPostRevisions(ctx: Pick<Context, 'db'>, siteId: number, postId: number) {
  await postRow(ctx, siteId, postId);
  const rows = await ctx.db
    .selectFrom('site_post_revisions as r')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select([
      'r.id',
      'r.post_id',
      'r.reason',
      'r.title',
      'r.content',
      'r.excerpt',
      'r.status',
      'r.scheduled_date',
      'r.created_at',
      'r.restored_at',
      'u.username as created_by_name',
    ])
    .where('r.post_id', '=', postId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    scheduled_date: r.scheduled_date?.toISOString() ?? null,
    restored_at: r.restored_at?.toISOString() ?? null,
    created_by_name: r.created_by_name ?? null,
  }));
}

/**
 * POST sites/{id}/posts/{postId}/revisions/{revisionId}/restore: the user chose this version over
 * WordPress's, so it is written to WordPress as it is (no conflict check); the version it replaces is
 * kept as a revision in turn, so a restore can be undone.
 */
export async function restorePostRevision(ctx: Ctx, siteId: number, postId: number, revisionId: number) {
  const post = await postRow(ctx, siteId, postId);
  const revision = await ctx.db
    .selectFrom('site_post_revisions')
    .selectAll()
    .where('id', '=', revisionId)
    .where('post_id', '=', postId)
    .executeTakeFirst();
  if (!revision) throw notFound('Revision');
  if (revision.status === 'trash')
    throw new AppError('VALIDATION_ERROR', 'A trashed version cannot be restored');
  const { client } = await requireSiteClient(ctx, siteId);
  const fields = toWordPress({ ...revision, status: revision.status as typeof post.status });
  let wp;
  try {
    wp = post.wp_post_id ? await client.updatePost(post.wp_post_id, fields) : await client.createPost(fields);
  } catch (error) {
    if (!(error instanceof WordPressError) || error.code !== 'NOT_FOUND') throw error;
    wp = await client.createPost(fields);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await keepRevision(trx, post, 'restored_over', ctx.user.id);
    await trx.updateTable('site_posts').set(fromWordPress(siteId, wp)).where('id', '=', post.id).execute();
    await trx
      .updateTable('site_post_revisions')
      .set({ restored_at: new Date() })
      .where('id', '=', revisionId)
      .execute();
  });
  await audit(ctx, {
    action: 'site.post_revision_restore',
    subjectType: 'site',
    subjectId: siteId,
    details: { postId, revisionId },
  });
  return { restored: true as const, postId, revisionId };
}
