import type { ContentItemsTable, Database, Kysely, Selectable } from '@blogfleet/db';
import { contentStatuses, contentTypes } from '@blogfleet/validators';
import { z } from 'zod';
import { SEO_CHECK_IDS } from './seo-check';
import { siteUrlOf } from './sites';

export type ContentRow = Selectable<ContentItemsTable>;
/** A row as lists read it: everything but the text. */
export type ListRow = Omit<ContentRow, 'content'>;
export const LIST_COLUMNS = [
  'content_items.id',
  'content_items.site_id',
  'content_items.keyword_group_id',
  'content_items.title',
  'content_items.type',
  'content_items.status',
  'content_items.word_count',
  'content_items.seo_score',
  'content_items.created_at',
  'content_items.updated_at',
  'content_items.site_post_id',
  'content_items.wp_page_id',
  'content_items.meta_description',
  'content_items.focus_keyword',
  'content_items.keywords',
  'content_items.seo_checks',
  'content_items.generator',
  'content_items.job_id',
  'content_items.published_at',
  'content_items.created_by',
  'content_items.seo_stale',
] as const;

export const seoCheckView = z.object({
  id: z.enum(SEO_CHECK_IDS),
  points: z.number(),
  max: z.number(),
  detail: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])),
});

/** A content item in a list (doc2 §3): without its text, which GET content/{id} adds. */
export const contentView = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(contentTypes),
  status: z.enum(contentStatuses),
  word_count: z.number().int(),
  /** 0–10 from the SEO checker; null for a piece never checked. */
  seo_score: z.number().nullable(),
  seo_checks: z.array(seoCheckView),
  meta_description: z.string(),
  focus_keyword: z.string(),
  keywords: z.array(z.string()),
  site: z.object({ id: z.number().int(), site_title: z.string(), domain_name: z.string() }).nullable(),
  keyword_group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The site's post it is (articles, posts) or the WordPress page (pages). */
  site_post_id: z.number().int().nullable(),
  wp_post_id: z.number().int().nullable(),
  wp_page_id: z.number().int().nullable(),
  /** Where it can be read on the site, once published. */
  link: z.string().nullable(),
  generator: z.string().nullable(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContentView = z.infer<typeof contentView>;
export const contentDetail = contentView.extend({ content: z.string() });

/** The list's rows as callers see them: site, group and WordPress ids read in three queries for the page. */
export async function contentViews(db: Kysely<Database>, rows: ListRow[]): Promise<ContentView[]> {
  const ids = (pick: (r: ListRow) => number | null) => [
    ...new Set(rows.flatMap((r) => (pick(r) === null ? [] : [pick(r)!]))),
  ];
  const siteIds = ids((r) => r.site_id);
  const groupIds = ids((r) => r.keyword_group_id);
  const postIds = ids((r) => r.site_post_id);
  const [sites, groups, posts] = await Promise.all([
    siteIds.length === 0
      ? []
      : db
          .selectFrom('sites')
          .select(['id', 'site_title', 'domain_name', 'wp_api_url'])
          .where('id', 'in', siteIds)
          .execute(),
    groupIds.length === 0
      ? []
      : db.selectFrom('keyword_groups').select(['id', 'name']).where('id', 'in', groupIds).execute(),
    postIds.length === 0
      ? []
      : db.selectFrom('site_posts').select(['id', 'wp_post_id']).where('id', 'in', postIds).execute(),
  ]);
  const siteById = new Map(sites.map((s) => [s.id, s]));
  const groupById = new Map(groups.map((g) => [g.id, g]));
  const wpPostById = new Map(posts.map((p) => [p.id, p.wp_post_id]));
  return rows.map((r) => {
    const site = r.site_id === null ? undefined : siteById.get(r.site_id);
    const group = r.keyword_group_id === null ? undefined : groupById.get(r.keyword_group_id);
    const wpPostId = r.site_post_id === null ? null : (wpPostById.get(r.site_post_id) ?? null);
    const base = site?.wp_api_url ? siteUrlOf(site.wp_api_url) : site ? `https://${site.domain_name}` : null;
    const wpId = r.type === 'page' ? r.wp_page_id : wpPostId;
    return {
      id: r.id,
      title: r.title,
      type: r.type,
      status: r.status,
      word_count: r.word_count,
      seo_score: r.seo_score === null ? null : Number(r.seo_score),
      seo_checks: r.seo_checks as ContentView['seo_checks'],
      meta_description: r.meta_description,
      focus_keyword: r.focus_keyword,
      keywords: r.keywords,
      site: site ? { id: site.id, site_title: site.site_title, domain_name: site.domain_name } : null,
      keyword_group: group ? { id: group.id, name: group.name } : null,
      site_post_id: r.site_post_id,
      wp_post_id: wpPostId,
      wp_page_id: r.wp_page_id,
      link:
        r.status === 'published' && base && wpId !== null
          ? `${base.replace(/\/$/, '')}/?${r.type === 'page' ? 'page_id' : 'p'}=${wpId}`
          : null,
      generator: r.generator,
      published_at: r.published_at?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    };
  });
}
