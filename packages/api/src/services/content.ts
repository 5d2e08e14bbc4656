import { sql, type RawBuilder } from '@blogfleet/db';
import { WordPressError } from '@blogfleet/integrations/wordpress';
import type { ListContentInput, SitePostInput, UpdateContentInput } from '@blogfleet/validators';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { audit } from './audit';
import { contentViews, LIST_COLUMNS, type ContentRow, type ListRow } from './content-view';
import { listPage } from './list';
import { likePattern } from './search';
import { keyedLock } from './keyed-lock';
import { checkSeo } from './seo-check';
import { createSitePost, deleteSitePost, postRow, updateSitePost } from './site-posts';
import { requireSiteClient } from './sites';

type Ctx = Pick<Context, 'db' | 'req' | 'secrets'> & { user: { id: number } };

const sortBy: Record<
  ListContentInput['sort'],
  { expr: RawBuilder<unknown>; value: (r: ListRow) => string | number | Date }
> = {
  created_at: { expr: sql`content_items.created_at`, value: (r) => r.created_at },
  title: { expr: sql`lower(content_items.title)`, value: (r) => r.title.toLowerCase() },
  seo_score: {
    expr: sql`coalesce(content_items.seo_score, -1)`,
    value: (r) => (r.seo_score === null ? -1 : Number(r.seo_score)),
  },
  word_count: { expr: sql`content_items.word_count`, value: (r) => r.word_count },
};

/** GET content: filters site, status, type; search in the title; newest first by default. */
export async function listContent(ctx: Pick<Context, 'db'>, input: ListContentInput) {
  let filtered = ctx.db.selectFrom('content_items');
  if (input.siteId !== undefined) filtered = filtered.where('site_id', '=', input.siteId);
  if (input.status) filtered = filtered.where('status', '=', input.status);
  if (input.type) filtered = filtered.where('type', '=', input.type);
  if (input.search) filtered = filtered.where('title', 'ilike', likePattern(input.search));
  const sort = sortBy[input.sort];
  const { rows, pagination } = await listPage({
    db: ctx.db,
    filtered,
    id: 'content_items.id',
    sortBy: sort.expr,
    order: input.order,
    sortValue: sort.value,
    // The text stays out of the list; GET content/{id} has it.
    select: (q) => q.select(LIST_COLUMNS),
    page: input.page,
    limit: input.limit,
    cursor: input.cursor,
  });
  return { content: await contentViews(ctx.db, await freshen(ctx, rows as ListRow[])), pagination };
}

/**
 * Rows whose words changed on the site since they were scored (the post followed by a trigger, see
 * migration 0020) are scored again now, and stored so.
 */
async function freshen<R extends ListRow>(ctx: Pick<Context, 'db'>, rows: R[]): Promise<R[]> {
  const stale = rows.filter((r) => r.seo_stale);
  if (stale.length === 0) return rows;
  const texts = await ctx.db
    .selectFrom('content_items')
    .leftJoin('sites', 'sites.id', 'content_items.site_id')
    .select(['content_items.id', 'content_items.content', 'sites.targeted_language'])
    .where(
      'content_items.id',
      'in',
      stale.map((r) => r.id),
    )
    .execute();
  const fresh = new Map<number, Partial<ListRow>>();
  for (const t of texts) {
    const row = stale.find((r) => r.id === t.id)!;
    const seo = checkSeo({
      title: row.title,
      content: t.content,
      metaDescription: row.meta_description,
      focusKeyword: row.focus_keyword,
      language: t.targeted_language ?? 'en',
    });
    const patch = {
      word_count: seo.wordCount,
      seo_score: seo.score,
      seo_checks: seo.checks,
      seo_stale: false,
    };
    await ctx.db
      .updateTable('content_items')
      .set({ ...patch, seo_checks: JSON.stringify(seo.checks) })
      .where('id', '=', t.id)
      .execute();
    fresh.set(t.id, patch as Partial<ListRow>);
  }
  return rows.map((r) => (fresh.has(r.id) ? { ...r, ...fresh.get(r.id) } : r));
}

async function contentRow(ctx: Pick<Context, 'db'>, id: number): Promise<ContentRow> {
  const row = await ctx.db.selectFrom('content_items').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Content');
  return row;
}

/** GET content/{id}: the piece with its text (as its site's post has it now). */
export async function getContent(ctx: Pick<Context, 'db'>, id: number) {
  const [row] = await freshen(ctx, [await contentRow(ctx, id)]);
  const [view] = await contentViews(ctx.db, [row!]);
  return { ...view!, content: row!.content };
}

/** What the site's post becomes for this piece: its words, its status on WordPress kept. */
function postInput(
  row: Pick<ContentRow, 'title' | 'content' | 'meta_description'>,
  status: SitePostInput['status'],
  scheduled?: Date | null,
): SitePostInput {
  return {
    title: row.title,
    content: row.content,
    excerpt: row.meta_description,
    status,
    scheduled_date: status === 'scheduled' ? (scheduled ?? undefined) : undefined,
  };
}

/**
 * The status the site's post keeps when only its words change. A post pending review, private, in the
 * trash or scheduled for a time gone by is not touched from here (its status would change with it).
 */
function keptStatus(post: { status: string; scheduled_date: Date | null }): {
  status: SitePostInput['status'];
  scheduled?: Date | null;
} {
  if (post.status === 'published' || post.status === 'draft') return { status: post.status };
  if (post.status === 'scheduled' && post.scheduled_date && post.scheduled_date.getTime() > Date.now()) {
    return { status: 'scheduled', scheduled: post.scheduled_date };
  }
  throw new AppError(
    'VALIDATION_ERROR',
    `The site's post of this piece is ${post.status} on WordPress; edit it on the site's posts tab`,
    { postStatus: post.status },
  );
}

const gone = (error: unknown) => error instanceof WordPressError && error.code === 'NOT_FOUND';

/** The site's post of a piece, or null when it was deleted since (from the site or WordPress). */
async function linkedPost(ctx: Ctx, row: ContentRow) {
  if (row.site_id === null || row.site_post_id === null) return null;
  return postRow(ctx, row.site_id, row.site_post_id).catch((error: unknown) => {
    if (error instanceof AppError && error.appCode === 'NOT_FOUND') return null;
    throw error;
  });
}

/**
 * PUT content/{id}: the words change here and on the site (its post, or its WordPress page) together,
 * WordPress first; the word count and SEO score are computed again. A published piece stays published.
 */
export async function updateContent(ctx: Ctx, input: UpdateContentInput) {
  const before = await contentRow(ctx, input.id);
  if (input.status && before.status === 'published') {
    throw new AppError(
      'VALIDATION_ERROR',
      'A published piece stays published; its words can still be edited',
    );
  }
  const next = {
    title: input.title,
    content: input.content,
    meta_description: input.meta_description,
    focus_keyword: input.focus_keyword ?? before.focus_keyword,
  };
  const site = before.site_id === null ? null : await requireSiteClient(ctx, before.site_id);
  const language = site?.site.targeted_language ?? 'en';
  const seo = checkSeo({
    title: next.title,
    content: next.content,
    metaDescription: next.meta_description,
    focusKeyword: next.focus_keyword,
    language,
  });
  if (site && before.type === 'page' && before.wp_page_id !== null) {
    await site.client
      .updatePage(before.wp_page_id, {
        title: next.title,
        content: next.content,
        excerpt: next.meta_description,
      })
      .catch((error: unknown) => {
        if (!gone(error)) throw error;
      });
  } else if (site && before.type !== 'page') {
    const post = await linkedPost(ctx, before);
    if (post) {
      const kept = keptStatus(post);
      await updateSitePost(ctx, site.site.id, post.id, postInput(next, kept.status, kept.scheduled));
    }
  }
  const row = await ctx.db
    .updateTable('content_items')
    .set({
      ...next,
      status: input.status ?? before.status,
      word_count: seo.wordCount,
      seo_score: seo.score,
      seo_checks: JSON.stringify(seo.checks),
      seo_stale: false,
      updated_at: new Date(),
    })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(ctx, { action: 'content.update', subjectType: 'content', subjectId: row.id, details: {} });
  return getContent(ctx, row.id);
}

/**
 * POST content/{id}/publish: the piece goes live on its site's WordPress (its post, or its page),
 * created there again if it was deleted since. When WordPress does not answer, the post is kept
 * published here and sent with the next push (`pending_push`).
 */
export async function publishContent(ctx: Ctx, id: number) {
  // Two presses (two tabs) publish once: the second waits, then finds it published.
  return publishLock(String(id), () => publishNow(ctx, id));
}

const publishLock = keyedLock();

async function publishNow(ctx: Ctx, id: number) {
  const row = await contentRow(ctx, id);
  if (row.status === 'published') throw new AppError('VALIDATION_ERROR', 'This content is already published');
  if (row.site_id === null) {
    throw new AppError('VALIDATION_ERROR', 'The site of this content was deleted; it cannot be published');
  }
  const { client } = await requireSiteClient(ctx, row.site_id);
  let pendingPush = false;
  const links: { site_post_id?: number; wp_page_id?: number } = {};
  if (row.type === 'page') {
    const fields = {
      title: row.title,
      content: row.content,
      excerpt: row.meta_description,
      status: 'publish' as const,
    };
    const page =
      row.wp_page_id === null
        ? null
        : await client.updatePage(row.wp_page_id, fields).catch((error: unknown) => {
            if (gone(error)) return null;
            throw error;
          });
    links.wp_page_id = (page ?? (await client.createPage(fields))).id;
  } else {
    const post = await linkedPost(ctx, row);
    const published = post
      ? await updateSitePost(ctx, row.site_id, post.id, postInput(row, 'published'))
      : await createSitePost(ctx, row.site_id, postInput(row, 'published'));
    links.site_post_id = published.id;
    pendingPush = published.needs_push;
  }
  await ctx.db
    .updateTable('content_items')
    .set({ ...links, status: 'published', published_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  await audit(ctx, {
    action: 'content.publish',
    subjectType: 'content',
    subjectId: id,
    details: { siteId: row.site_id, type: row.type, pendingPush },
  });
  return { content: await getContent(ctx, id), pending_push: pendingPush };
}

/**
 * DELETE content/{id}: the piece goes, with its draft on the site (moved to WordPress's trash). A piece
 * that was published stays readable on the site: deleting it here does not take it down (`kept_on_site`).
 */
export async function deleteContent(ctx: Ctx, id: number) {
  const row = await contentRow(ctx, id);
  let keptOnSite = false;
  if (row.status === 'published') {
    keptOnSite = row.site_post_id !== null || row.wp_page_id !== null;
  } else if (row.site_id !== null) {
    if (row.type === 'page' && row.wp_page_id !== null) {
      const { client } = await requireSiteClient(ctx, row.site_id);
      // Pages are not synced: one published in wp-admin since is live, and stays.
      const page = await client.getPage(row.wp_page_id).catch((error: unknown) => {
        if (gone(error)) return null;
        throw error;
      });
      if (page?.status === 'publish') keptOnSite = true;
      else if (page) {
        await client.deletePage(row.wp_page_id).catch((error: unknown) => {
          const trashed = error instanceof WordPressError && error.details.wpCode === 'rest_already_trashed';
          if (!gone(error) && !trashed) throw error;
        });
      }
    } else if (row.site_post_id !== null) {
      const post = await linkedPost(ctx, row);
      if (post && post.status !== 'published') await deleteSitePost(ctx, row.site_id, post.id);
      else if (post) keptOnSite = true;
    }
  }
  await ctx.db.deleteFrom('content_items').where('id', '=', id).execute();
  await audit(ctx, {
    action: 'content.delete',
    subjectType: 'content',
    subjectId: id,
    details: { title: row.title, keptOnSite },
  });
  return { id, deleted: true as const, kept_on_site: keptOnSite };
}
