import { sql } from '@blogfleet/db';
import type { Context } from '../context';

export interface DashboardStats {
  total_sites: number;
  active_sites: number;
  total_content: number;
  published_content: number;
  pending_content: number;
  total_keyword_groups: number;
  active_keywords: number;
  used_keywords: number;
  avg_keyword_score: number;
  avg_content_score: number;
}

const round1 = (n: number | null) => (n === null ? 0 : Math.round(Number(n) * 10) / 10);

/**
 * All cards of the dashboard in one round trip. Scores are on a 0–10 scale: keyword scores are
 * stored 0–100 and divided by ten; content scores are the content items' SEO scores (already 0–10).
 * An "active" keyword is one assigned to at least one site with an active assignment.
 */
export async function dashboardStats(ctx: Pick<Context, 'db'>): Promise<DashboardStats> {
  const { rows } = await sql<Record<keyof DashboardStats, number | null>>`
    SELECT s.total_sites, s.active_sites,
           c.total_content, c.published_content, c.pending_content, c.avg_content_score,
           g.total_keyword_groups,
           k.active_keywords, k.used_keywords, k.avg_keyword_score
    FROM (SELECT count(*) AS total_sites,
                 count(*) FILTER (WHERE status = 'active') AS active_sites
          FROM sites) s,
         (SELECT count(*) AS total_content,
                 count(*) FILTER (WHERE status = 'published') AS published_content,
                 count(*) FILTER (WHERE status = 'pending') AS pending_content,
                 avg(seo_score) AS avg_content_score
          FROM content_items) c,
         (SELECT count(*) AS total_keyword_groups FROM keyword_groups) g,
         (SELECT count(*) FILTER (WHERE EXISTS (
                   SELECT 1 FROM keyword_sites ks WHERE ks.keyword_id = kw.id AND ks.status = 'active'
                 )) AS active_keywords,
                 count(*) FILTER (WHERE kw.is_used) AS used_keywords,
                 avg(kw.score) / 10 AS avg_keyword_score
          FROM keywords kw) k
  `.execute(ctx.db);
  const r = rows[0];
  const n = (v: number | null | undefined) => Number(v ?? 0);
  return {
    total_sites: n(r?.total_sites),
    active_sites: n(r?.active_sites),
    total_content: n(r?.total_content),
    published_content: n(r?.published_content),
    pending_content: n(r?.pending_content),
    total_keyword_groups: n(r?.total_keyword_groups),
    active_keywords: n(r?.active_keywords),
    used_keywords: n(r?.used_keywords),
    avg_keyword_score: round1(r?.avg_keyword_score ?? null),
    avg_content_score: round1(r?.avg_content_score ?? null),
  };
}
