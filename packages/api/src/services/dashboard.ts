import { readCounters, sql } from '@blogfleet/db';
import { integrationSections, type DashboardStats, type GettingStarted } from '@blogfleet/validators';
import type { Context } from '../context';
import { isComplete, loadSection, type IntegrationCtx } from './integration-config';

const COUNTERS = [
  'sites.total',
  'sites.status.active',
  'content_items.total',
  'content_items.status.published',
  'content_items.status.pending',
  'content_items.seo_score.sum',
  'content_items.seo_score.count',
  'keyword_groups.total',
  'keywords.total',
  'keywords.active',
  'keywords.used',
  'keywords.score.sum',
] as const;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * All cards of the dashboard from the kept-current counters (one small read whatever the table sizes).
 * Scores are on a 0–10 scale: keyword scores are stored 0–100 and divided by ten; content scores are
 * the content items' SEO scores (already 0–10). An "active" keyword is assigned to at least one site
 * with an active assignment.
 */
export async function dashboardStats(ctx: Pick<Context, 'db'>): Promise<DashboardStats> {
  const c = await readCounters(ctx.db, COUNTERS);
  const keywords = c['keywords.total'];
  const scored = c['content_items.seo_score.count'];
  return {
    total_sites: c['sites.total'],
    active_sites: c['sites.status.active'],
    total_content: c['content_items.total'],
    published_content: c['content_items.status.published'],
    pending_content: c['content_items.status.pending'],
    total_keyword_groups: c['keyword_groups.total'],
    active_keywords: c['keywords.active'],
    used_keywords: c['keywords.used'],
    avg_keyword_score: keywords > 0 ? round1(c['keywords.score.sum'] / keywords / 10) : 0,
    avg_content_score: scored > 0 ? round1(c['content_items.seo_score.sum'] / scored) : 0,
    total_keywords: keywords,
    scored_content: scored,
  };
}

/**
 * The first-run checklist. "Integrations" is done once any external service (AI, Cloudflare, registrar,
 * keyword data) is fully configured; WordPress hosting and monitoring have working defaults and do not count.
 */
export async function gettingStarted(ctx: IntegrationCtx): Promise<GettingStarted> {
  const external = integrationSections.filter((s) => s !== 'wordpress_host' && s !== 'monitoring');
  const [configured, exists] = await Promise.all([
    Promise.all(external.map(async (s) => isComplete(s, await loadSection(ctx, s)))),
    sql<{ domain: boolean; site: boolean; keywords: boolean }>`select
        exists (select 1 from domains) as domain,
        exists (select 1 from sites) as site,
        exists (select 1 from keywords) as keywords`.execute(ctx.db),
  ]);
  const row = exists.rows[0]!;
  return {
    steps: {
      integrations: configured.some(Boolean),
      domain: row.domain,
      site: row.site,
      keywords: row.keywords,
    },
  };
}
