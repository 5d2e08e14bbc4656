import type { Database, Kysely, Selectable, SitePostStatus, SitePostsTable } from '@blogfleet/db';
import { randomUUID } from 'node:crypto';
import {
  WordPressError,
  type WpPost,
  type WpPostInput,
  type WpPostStatus,
} from '@blogfleet/integrations/wordpress';
import type { Context } from '../context';
import { AppError } from '../errors';
import { audit } from './audit';
import { requireSiteClient } from './sites';

type Ctx = Pick<Context, 'db' | 'req' | 'secrets'> & { user: { id: number } | null };
type PostRow = Selectable<SitePostsTable>;
type SiteClient = Awaited<ReturnType<typeof requireSiteClient>>['client'];
type Progress = (percent: number, message: string) => Promise<void>;

/** WordPress's post statuses as the console names them (core §4). */
const STATUS: Record<string, SitePostStatus> = {
  publish: 'published',
  draft: 'draft',
  future: 'scheduled',
  pending: 'pending',
  private: 'private',
  trash: 'trash',
};
const WP_STATUS: Record<SitePostStatus, WpPostStatus> = {
  published: 'publish',
  draft: 'draft',
  scheduled: 'future',
  pending: 'pending',
  private: 'private',
  trash: 'draft',
};

/** Words of a post's text (tags, shortcodes and entities left out). */
export function wordCount(html: string): number {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\[\/?[a-zA-Z][\w-]*(?:\s[^\]]*)?\]/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ');
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** WordPress's GMT date without a zone (`2030-01-01T10:00:00`) as a Date. */
export const gmt = (value: string | null) => (value ? new Date(`${value.replace(/Z$/, '')}Z`) : null);
export const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** A local row made equal to WordPress's post: its fields, terms, featured image and modified time. */
export function fromWordPress(siteId: number, p: WpPost) {
  const status = STATUS[p.status] ?? 'draft';
  return {
    site_id: siteId,
    wp_post_id: p.id,
    title: p.title,
    content: p.content,
    excerpt: p.excerpt,
    status,
    scheduled_date: status === 'scheduled' ? gmt(p.date_gmt) : null,
    word_count: wordCount(p.content),
    category_ids: p.categories,
    tag_ids: p.tags,
    featured_media_id: p.featured_media || null,
    wp_modified_gmt: gmt(p.modified_gmt),
    needs_push: false,
    updated_at: new Date(),
  };
}

/** What WordPress is sent for a local row: its fields with categories, tags and featured image. */
export function toWordPress(
  row: Pick<
    PostRow,
    | 'title'
    | 'content'
    | 'excerpt'
    | 'status'
    | 'scheduled_date'
    | 'category_ids'
    | 'tag_ids'
    | 'featured_media_id'
  >,
): WpPostInput {
  return {
    title: row.title,
    content: row.content,
    excerpt: row.excerpt,
    status: WP_STATUS[row.status],
    ...(row.status === 'scheduled' && row.scheduled_date ? { date_gmt: row.scheduled_date } : {}),
    categories: row.category_ids,
    tags: row.tag_ids,
    featured_media: row.featured_media_id ?? 0,
  };
}

type RevisedFields = Pick<
  PostRow,
  | 'id'
  | 'site_id'
  | 'title'
  | 'content'
  | 'excerpt'
  | 'status'
  | 'scheduled_date'
  | 'category_ids'
  | 'tag_ids'
  | 'featured_media_id'
>;

/** Keeps a version of a post as a revision (a conflict set it aside, or a restore replaced it). */
export async function keepRevision(
  db: Kysely<Database>,
  post: RevisedFields,
  reason: 'conflict' | 'restored_over',
  userId: number | null,
) {
  const revision = await db
    .insertInto('site_post_revisions')
    .values({
      post_id: post.id,
      site_id: post.site_id,
      reason,
      title: post.title,
      content: post.content,
      excerpt: post.excerpt,
      status: post.status,
      scheduled_date: post.scheduled_date,
      category_ids: post.category_ids,
      tag_ids: post.tag_ids,
      featured_media_id: post.featured_media_id,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return revision.id;
}

/**
 * A conflict (changed here and on WordPress): the local version is set aside as a revision the user can
 * restore, and the row becomes WordPress's version.
 */
export async function setAsideConflict(
  db: Kysely<Database>,
  local: RevisedFields,
  wp: WpPost,
  userId: number | null,
) {
  const both = async (trx: Kysely<Database>) => {
    const revisionId = await keepRevision(trx, local, 'conflict', userId);
    await trx
      .updateTable('site_posts')
      .set(fromWordPress(local.site_id, wp))
      .where('id', '=', local.id)
      .execute();
    return revisionId;
  };
  // The revision and WordPress's version together, or neither.
  return db.isTransaction ? both(db) : db.transaction().execute(both);
}

type TermTable = 'wp_categories' | 'wp_tags' | 'wp_media';

/**
 * The local categories, tags and media before WordPress is read (id → WordPress id). Only these can be
 * found gone: one made here while the pull read (a tag added from its tab) is missing from WordPress's
 * answer without having left WordPress.
 */
async function localTermIds(db: Kysely<Database>, siteId: number) {
  const ids = (table: TermTable) =>
    db
      .selectFrom(table)
      .select(['id', 'wp_id'])
      .where('site_id', '=', siteId)
      .execute()
      .then((rows) => new Map(rows.map((r) => [r.id, r.wp_id])));
  const [categories, tags, media] = await Promise.all([
    ids('wp_categories'),
    ids('wp_tags'),
    ids('wp_media'),
  ]);
  return { wp_categories: categories, wp_tags: tags, wp_media: media };
}

/**
 * A listing read over several pages misses an item that moved to a page already read (another was
 * deleted in wp-admin meanwhile). The local ones it did not list are asked for by id: what WordPress still
 * has joins the listing, so only what it really deleted is found gone (as for posts).
 */
async function withMissed<T extends { id: number }>(
  listed: T[],
  before: Map<number, number>,
  byId: (include: number[]) => Promise<T[]>,
): Promise<T[]> {
  const seen = new Set(listed.map((x) => x.id));
  const missed = [...before.values()].filter((wpId) => !seen.has(wpId));
  return missed.length === 0 ? listed : [...listed, ...(await byId(missed))];
}

/** Makes the local rows of one kind equal to WordPress's: update by WordPress id, insert new, delete gone. */
async function reconcile<T extends { id: number }>(
  trx: Kysely<Database>,
  table: TermTable,
  siteId: number,
  remote: T[],
  values: (item: T) => Record<string, unknown>,
  before: Map<number, number>,
) {
  const local = await trx.selectFrom(table).select(['id', 'wp_id']).where('site_id', '=', siteId).execute();
  const byWpId = new Map(local.map((r) => [r.wp_id, r.id]));
  const seen = new Set<number>();
  for (const item of remote) {
    seen.add(item.id);
    const id = byWpId.get(item.id);
    if (id !== undefined) {
      await trx
        .updateTable(table)
        .set(values(item) as never)
        .where('id', '=', id)
        .execute();
    } else {
      // A create here may have written the same WordPress id since the read above.
      await trx
        .insertInto(table)
        .values({ site_id: siteId, wp_id: item.id, ...values(item) } as never)
        .onConflict((oc) => oc.columns(['site_id', 'wp_id']).doUpdateSet(values(item) as never))
        .execute();
    }
  }
  const gone = local.filter((r) => !seen.has(r.wp_id) && before.has(r.id)).map((r) => r.id);
  if (gone.length > 0) await trx.deleteFrom(table).where('id', 'in', gone).execute();
  return { total: remote.length, removed: gone.length };
}

/** Every status WordPress keeps a post in, trash included (`any` leaves trash out). */
const ALL_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'];

/** How long a pull, push or sync may hold a site before another may take it (its process died). */
const LEASE_MS = 15 * 60_000;

/**
 * Runs `work` holding the site's sync lease (0014): one pull, push or sync of a site at a time across
 * processes; another one waits up to a minute for it, then gives up saying why. The lease is renewed
 * while `work` runs, so a long sync keeps it; only a holder that died lets it expire.
 */
export async function withSiteLease<T>(
  ctx: Pick<Context, 'db'>,
  siteId: number,
  work: () => Promise<T>,
  leaseMs = LEASE_MS,
) {
  const lease = randomUUID();
  for (let waited = 0; ; waited += 500) {
    const taken = await ctx.db
      .updateTable('sites')
      .set({ sync_lease_id: lease, sync_lease_until: new Date(Date.now() + leaseMs) })
      .where('id', '=', siteId)
      .where((eb) => eb.or([eb('sync_lease_until', 'is', null), eb('sync_lease_until', '<', new Date())]))
      .returning('id')
      .executeTakeFirst();
    if (taken) break;
    if (waited >= 60_000) {
      throw new AppError('VALIDATION_ERROR', 'Another pull, push or sync of this site is running');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const renew = setInterval(() => {
    ctx.db
      .updateTable('sites')
      .set({ sync_lease_until: new Date(Date.now() + leaseMs) })
      .where('id', '=', siteId)
      .where('sync_lease_id', '=', lease)
      .execute()
      .catch(() => undefined);
  }, leaseMs / 3);
  renew.unref();
  try {
    return await work();
  } finally {
    clearInterval(renew);
    await ctx.db
      .updateTable('sites')
      .set({ sync_lease_id: null, sync_lease_until: null })
      .where('id', '=', siteId)
      .where('sync_lease_id', '=', lease)
      .execute();
  }
}

/**
 * WordPress pull (core §2 side panel, issue 10 §3): posts of every status, trash included, categories,
 * tags and media into the local copies. Posts are incremental: ids and modified times are listed and
 * only new or changed bodies fetched. What WordPress no longer lists is removed once WordPress confirms
 * it (a page that shifted while it was listed proves nothing); a post with a change waiting to be pushed
 * is kept and created again by the push. A post changed here and there keeps WordPress's version, the
 * local one becomes a revision; an edit saved while the pull ran is not overwritten unseen.
 */
export function pullSite(ctx: Ctx, siteId: number, progress: Progress = async () => {}) {
  return withSiteLease(ctx, siteId, () => pullSiteHeld(ctx, siteId, progress));
}

async function pullSiteHeld(ctx: Ctx, siteId: number, progress: Progress) {
  const { client } = await requireSiteClient(ctx, siteId);
  await progress(5, 'Reading categories, tags, media and the list of posts');
  const before = await localTermIds(ctx.db, siteId);
  const [categories, tags, media, stamps] = await Promise.all([
    client
      .listCategories()
      .then((listed) =>
        withMissed(listed, before.wp_categories, (include) => client.listCategories({ include })),
      ),
    client
      .listTags()
      .then((listed) => withMissed(listed, before.wp_tags, (include) => client.listTags({ include }))),
    client
      .listMedia()
      .then((listed) => withMissed(listed, before.wp_media, (include) => client.listMedia({ include }))),
    client.listPostStamps({ status: ALL_STATUSES }),
  ]);
  // Bodies stay in the database: an unchanged site costs a list of stamps, not a copy of its posts.
  const local = await ctx.db
    .selectFrom('site_posts')
    .select(['id', 'wp_post_id', 'wp_modified_gmt'])
    .where('site_id', '=', siteId)
    .where('wp_post_id', 'is not', null)
    .execute();
  const byWpId = new Map(local.map((r) => [r.wp_post_id!, r]));
  const changed = stamps
    .filter((s) => {
      const row = byWpId.get(s.id);
      return !row || !sameTime(row.wp_modified_gmt, gmt(s.modified_gmt));
    })
    .map((s) => s.id);
  await progress(40, `Reading ${changed.length} new or changed posts`);
  const posts = await client.listPosts({ status: ALL_STATUSES, include: changed });
  const listed = new Set(stamps.map((s) => s.id));
  const vanished = local.filter((r) => !listed.has(r.wp_post_id!));
  // Asked for by id: whatever WordPress still returns was only missed by the listing.
  const stillThere = new Set(
    (await client.listPosts({ status: ALL_STATUSES, include: vanished.map((r) => r.wp_post_id!) })).map(
      (p) => p.id,
    ),
  );
  const goneIds = vanished.filter((r) => !stillThere.has(r.wp_post_id!)).map((r) => r.id);
  await progress(80, `Saving ${posts.length} posts`);
  const counts = await ctx.db.transaction().execute(async (trx) => {
    const c = await reconcile(
      trx,
      'wp_categories',
      siteId,
      categories,
      (x) => ({
        name: x.name,
        slug: x.slug,
        count: x.count,
        description: x.description,
        parent_wp_id: x.parent || null,
      }),
      before.wp_categories,
    );
    const tg = await reconcile(
      trx,
      'wp_tags',
      siteId,
      tags,
      (x) => ({
        name: x.name,
        slug: x.slug,
        count: x.count,
      }),
      before.wp_tags,
    );
    const m = await reconcile(
      trx,
      'wp_media',
      siteId,
      media,
      (x) => ({
        source_url: x.source_url,
        title: x.title,
        mime_type: x.mime_type || null,
        thumbnail_url: x.thumbnail_url,
      }),
      before.wp_media,
    );
    let conflicts = 0;
    const fresh = [];
    for (const p of posts) {
      const seen = byWpId.get(p.id);
      if (!seen) {
        fresh.push({ ...fromWordPress(siteId, p), created_at: gmt(p.date_gmt) ?? new Date() });
        continue;
      }
      // Read again, locked: an edit saved since the listing is seen here.
      const mine = await trx
        .selectFrom('site_posts')
        .selectAll()
        .where('id', '=', seen.id)
        .forUpdate()
        .executeTakeFirst();
      if (!mine) continue;
      // Saved to WordPress from here since the listing: this body is older than the row.
      if (!mine.needs_push && !sameTime(mine.wp_modified_gmt, seen.wp_modified_gmt)) continue;
      if (mine.needs_push) {
        await setAsideConflict(trx, mine, p, ctx.user?.id ?? null);
        conflicts++;
      } else {
        await trx.updateTable('site_posts').set(fromWordPress(siteId, p)).where('id', '=', mine.id).execute();
      }
    }
    // One statement per 500 new posts (a first pull is mostly inserts); one created here meanwhile stays.
    for (let i = 0; i < fresh.length; i += 500) {
      await trx
        .insertInto('site_posts')
        .values(fresh.slice(i, i + 500))
        .onConflict((oc) =>
          oc.columns(['site_id', 'wp_post_id']).where('wp_post_id', 'is not', null).doNothing(),
        )
        .execute();
    }
    let removed = 0;
    if (goneIds.length > 0) {
      // A change waiting to be pushed outlives the post: it loses its WordPress id and is created again.
      await trx
        .updateTable('site_posts')
        .set({ wp_post_id: null, wp_modified_gmt: null })
        .where('id', 'in', goneIds)
        .where('needs_push', '=', true)
        .execute();
      const deleted = await trx
        .deleteFrom('site_posts')
        .where('id', 'in', goneIds)
        .where('needs_push', '=', false)
        .executeTakeFirst();
      removed = Number(deleted.numDeletedRows);
    }
    await trx.updateTable('sites').set({ last_synced_at: new Date() }).where('id', '=', siteId).execute();
    return {
      posts: stamps.length,
      postsFetched: posts.length,
      postsRemoved: removed,
      conflicts,
      categories: c.total,
      tags: tg.total,
      media: m.total,
    };
  });
  await audit(ctx, { action: 'site.wp_pull', subjectType: 'site', subjectId: siteId, details: counts });
  return counts;
}

export interface PushResult {
  created: number;
  updated: number;
  conflicts: { postId: number; title: string; revisionId: number }[];
  failed: { postId: number; title: string; reason: string }[];
}

/**
 * WordPress push: every local post WordPress does not have is created there (also one deleted there
 * meanwhile), every one changed here since the last sync is updated, with categories, tags and
 * featured image. Before an update WordPress's copy is read: changed there too since this one was made,
 * it wins (conflict → revision). A post that fails is named with the reason and the others go on.
 */
export function pushSite(ctx: Ctx, siteId: number, progress: Progress = async () => {}) {
  return withSiteLease(ctx, siteId, () => pushSiteHeld(ctx, siteId, progress));
}

async function pushSiteHeld(ctx: Ctx, siteId: number, progress: Progress) {
  const { client } = await requireSiteClient(ctx, siteId);
  const rows = await ctx.db
    .selectFrom('site_posts')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('status', '<>', 'trash')
    .where((eb) => eb.or([eb('needs_push', '=', true), eb('wp_post_id', 'is', null)]))
    .orderBy('id')
    .execute();
  const result: PushResult = { created: 0, updated: 0, conflicts: [], failed: [] };
  const save = (rowId: number, wp: WpPost) =>
    ctx.db.updateTable('site_posts').set(fromWordPress(siteId, wp)).where('id', '=', rowId).execute();
  for (const [i, row] of rows.entries()) {
    await progress(5 + Math.round((i / Math.max(rows.length, 1)) * 90), `Pushing ${row.title}`);
    try {
      const current = row.wp_post_id === null ? null : await wordPressCopy(client, row.wp_post_id);
      if (!current) {
        await save(row.id, await client.createPost(toWordPress(row)));
        result.created++;
        continue;
      }
      // A row from before modified times were kept has nothing to compare: it is sent as it is.
      if (row.wp_modified_gmt && !sameTime(gmt(current.modified_gmt), row.wp_modified_gmt)) {
        const revisionId = await setAsideConflict(ctx.db, row, current, ctx.user?.id ?? null);
        result.conflicts.push({ postId: row.id, title: row.title, revisionId });
        continue;
      }
      await save(row.id, await client.updatePost(current.id, toWordPress(row)));
      result.updated++;
    } catch (error) {
      result.failed.push({ postId: row.id, title: row.title, reason: (error as Error).message });
    }
  }
  await ctx.db.updateTable('sites').set({ last_synced_at: new Date() }).where('id', '=', siteId).execute();
  await audit(ctx, {
    action: 'site.wp_push',
    subjectType: 'site',
    subjectId: siteId,
    details: {
      created: result.created,
      updated: result.updated,
      conflicts: result.conflicts.length,
      failed: result.failed.length,
    },
  });
  return result;
}

/** Sync of one site: its local changes go out first, then WordPress's state comes in, under one lease. */
export function syncSite(ctx: Ctx, siteId: number, progress: Progress = async () => {}) {
  return withSiteLease(ctx, siteId, async () => {
    const pushed = await pushSiteHeld(ctx, siteId, (p, m) => progress(Math.round(p * 0.3), m));
    const pulled = await pullSiteHeld(ctx, siteId, (p, m) => progress(30 + Math.round(p * 0.7), m));
    return { pushed, pulled };
  });
}

/** WordPress's copy of a post (trashed ones too: an update takes them out of the trash), or null when deleted. */
export async function wordPressCopy(client: SiteClient, wpPostId: number): Promise<WpPost | null> {
  try {
    return await client.getPost(wpPostId);
  } catch (error) {
    if (error instanceof WordPressError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}
