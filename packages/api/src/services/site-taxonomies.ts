import type { Context } from '../context';
import { notFound } from '../errors';
import { audit } from './audit';
import { requireSiteClient } from './sites';

type Ctx = Pick<Context, 'db' | 'req' | 'secrets'> & { user: { id: number } };

async function siteExists(ctx: Pick<Context, 'db'>, siteId: number) {
  const site = await ctx.db.selectFrom('sites').selectAll().where('id', '=', siteId).executeTakeFirst();
  if (!site) throw notFound('Site');
  return site;
}

/** The site's categories, tags and media from its synced copies (core §2 tabs), by name / newest. */
export async function siteTaxonomies(ctx: Pick<Context, 'db'>, siteId: number) {
  await siteExists(ctx, siteId);
  const [categories, tags, media] = await Promise.all([
    ctx.db
      .selectFrom('wp_categories')
      .select(['id', 'wp_id', 'name', 'slug', 'count', 'description', 'parent_wp_id'])
      .where('site_id', '=', siteId)
      .orderBy('name')
      .execute(),
    ctx.db
      .selectFrom('wp_tags')
      .select(['id', 'wp_id', 'name', 'slug', 'count'])
      .where('site_id', '=', siteId)
      .orderBy('name')
      .execute(),
    ctx.db
      .selectFrom('wp_media')
      .select(['id', 'wp_id', 'source_url', 'title', 'mime_type', 'thumbnail_url', 'created_at'])
      .where('site_id', '=', siteId)
      .orderBy('id', 'desc')
      .limit(500)
      .execute(),
  ]);
  return {
    categories,
    tags,
    media: media.map((m) => ({ ...m, created_at: m.created_at.toISOString() })),
  };
}

/** A category made on WordPress first, then kept in the synced copies. */
export async function createSiteCategory(
  ctx: Ctx,
  siteId: number,
  input: { name: string; description?: string },
) {
  const { client } = await requireSiteClient(ctx, siteId);
  const wp = await client.createCategory({ name: input.name, description: input.description });
  const values = {
    name: wp.name,
    slug: wp.slug,
    count: wp.count,
    description: wp.description,
    parent_wp_id: wp.parent || null,
  };
  // A pull that read WordPress after the create may have written the row first.
  const row = await ctx.db
    .insertInto('wp_categories')
    .values({ site_id: siteId, wp_id: wp.id, ...values })
    .onConflict((oc) => oc.columns(['site_id', 'wp_id']).doUpdateSet(values))
    .returning(['id', 'wp_id', 'name', 'slug', 'count', 'description', 'parent_wp_id'])
    .executeTakeFirstOrThrow();
  await audit(ctx, {
    action: 'site.category_create',
    subjectType: 'site',
    subjectId: siteId,
    details: { name: wp.name },
  });
  return row;
}

/** A tag made on WordPress first, then kept in the synced copies. */
export async function createSiteTag(ctx: Ctx, siteId: number, input: { name: string }) {
  const wp = await (await requireSiteClient(ctx, siteId)).client.createTag({ name: input.name });
  const values = { name: wp.name, slug: wp.slug, count: wp.count };
  const row = await ctx.db
    .insertInto('wp_tags')
    .values({ site_id: siteId, wp_id: wp.id, ...values })
    .onConflict((oc) => oc.columns(['site_id', 'wp_id']).doUpdateSet(values))
    .returning(['id', 'wp_id', 'name', 'slug', 'count'])
    .executeTakeFirstOrThrow();
  await audit(ctx, {
    action: 'site.tag_create',
    subjectType: 'site',
    subjectId: siteId,
    details: { name: wp.name },
  });
  return row;
}

/**
 * The site's recent activity (dashboard tab): what happened to it and to its domain, from the audit log
 * (settings, posts, pulls, DNS) and its jobs, newest first.
 */
export async function siteActivity(ctx: Pick<Context, 'db'>, siteId: number, limit = 10) {
  const site = await siteExists(ctx, siteId);
  const subjects: [string, string][] = [['site', String(siteId)]];
  if (site.domain_id !== null) subjects.push(['domain', String(site.domain_id)]);
  const [entries, jobs] = await Promise.all([
    ctx.db
      .selectFrom('audit_log')
      .leftJoin('users', 'users.id', 'audit_log.user_id')
      .select(['audit_log.id', 'audit_log.action', 'audit_log.created_at', 'users.username'])
      .where((eb) =>
        eb.or(
          subjects.map(([type, id]) => eb.and([eb('subject_type', '=', type), eb('subject_id', '=', id)])),
        ),
      )
      .orderBy('audit_log.created_at', 'desc')
      .limit(limit)
      .execute(),
    ctx.db
      .selectFrom('jobs')
      .select(['id', 'title', 'status', 'created_at'])
      .where((eb) =>
        eb.or(
          subjects.map(([type, id]) => eb.and([eb('subject', '=', type), eb('subject_id', '=', Number(id))])),
        ),
      )
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return [
    ...entries.map((e) => ({
      kind: 'change' as const,
      what: e.action,
      status: null,
      by: e.username ?? null,
      at: e.created_at.toISOString(),
    })),
    ...jobs.map((j) => ({
      kind: 'job' as const,
      what: j.title ?? '',
      status: j.status,
      by: null,
      at: j.created_at.toISOString(),
    })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, limit);
}
