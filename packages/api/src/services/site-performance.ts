import { measurePage } from '@blogfleet/integrations/chromium';
import { z } from 'zod';
import type { Context } from '../context';
import { audit } from './audit';
import { siteHomePage } from './site-screenshots';
import { getSite } from './sites';

type Ctx = Pick<Context, 'db' | 'req'> & { user: { id: number } | null };

export const performanceTestView = z.object({
  id: z.number().int(),
  url: z.string(),
  ttfb_ms: z.number().int(),
  fcp_ms: z.number().int().nullable(),
  load_ms: z.number().int(),
  page_weight_bytes: z.number().int(),
  request_count: z.number().int(),
  created_at: z.string(),
});

type Row = {
  id: number;
  url: string;
  ttfb_ms: number;
  fcp_ms: number | null;
  load_ms: number;
  page_weight_bytes: string | number;
  request_count: number;
  created_at: Date;
};
const toView = (r: Row) => ({
  ...r,
  page_weight_bytes: Number(r.page_weight_bytes),
  created_at: r.created_at.toISOString(),
});

/** Loads the site's home page in Chromium as a first-time visitor and stores what it measured. */
export async function runPerformanceTest(ctx: Ctx, siteId: number) {
  const { url } = await siteHomePage(ctx, siteId);
  const m = await measurePage(url);
  const row = await ctx.db
    .insertInto('site_performance_tests')
    .values({
      site_id: siteId,
      url,
      ttfb_ms: m.ttfbMs,
      fcp_ms: m.fcpMs,
      load_ms: m.loadMs,
      page_weight_bytes: m.pageWeightBytes,
      request_count: m.requestCount,
      created_by: ctx.user?.id ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(ctx, {
    action: 'site.performance_test',
    subjectType: 'site',
    subjectId: siteId,
    details: { testId: row.id, loadMs: m.loadMs },
  });
  return toView(row);
}

/** GET sites/{id}/performance-tests: the last 50 runs, newest first. */
export async function listPerformanceTests(ctx: Pick<Context, 'db'>, siteId: number) {
  await getSite(ctx, siteId);
  const rows = await ctx.db
    .selectFrom('site_performance_tests')
    .select(['id', 'url', 'ttfb_ms', 'fcp_ms', 'load_ms', 'page_weight_bytes', 'request_count', 'created_at'])
    .where('site_id', '=', siteId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return rows.map(toView);
}
