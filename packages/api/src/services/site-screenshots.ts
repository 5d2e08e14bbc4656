import { capturePage } from '@blogfleet/integrations/chromium';
import { z } from 'zod';
import type { Context } from '../context';
import { AppError } from '../errors';
import { audit } from './audit';
import {
  fileStore,
  keyOfUrl,
  newScreenshotKey,
  removeSiteFiles,
  screenshotKey,
  screenshotUrl,
} from './site-files';
import { getSite, siteUrlOf } from './sites';

type Ctx = Pick<Context, 'db' | 'req' | 'integrations'> & { user: { id: number } | null };

/** Screenshots kept per site; older ones (rows and files) go when a new one is taken. */
export const SCREENSHOT_HISTORY = 30;

export const screenshotView = z.object({
  id: z.number().int(),
  image_url: z.string(),
  thumbnail_url: z.string().nullable(),
  page_url: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  created_at: z.string(),
});

/** The page a site's screenshots and performance tests are of: its home page. */
export async function siteHomePage(ctx: Pick<Context, 'db'>, siteId: number) {
  const site = await getSite(ctx, siteId);
  if (!site.wp_api_url) {
    throw new AppError('VALIDATION_ERROR', `Set the WordPress address of ${site.site_title} first`);
  }
  return { site, url: `${siteUrlOf(site.wp_api_url)}/` };
}

/** Takes a screenshot of the site's home page, stores both images and the row, prunes the history. */
export async function takeScreenshot(ctx: Ctx, siteId: number) {
  const { url } = await siteHomePage(ctx, siteId);
  const shot = await capturePage(url);
  const store = fileStore(ctx);
  const key = newScreenshotKey();
  await store.put(screenshotKey(siteId, `${key}.png`), shot.full, 'image/png');
  await store.put(screenshotKey(siteId, `${key}-thumb.jpg`), shot.thumbnail, 'image/jpeg');
  const row = await ctx.db
    .insertInto('site_screenshots')
    .values({
      site_id: siteId,
      image_url: screenshotUrl(siteId, `${key}.png`),
      thumbnail_url: screenshotUrl(siteId, `${key}-thumb.jpg`),
      page_url: url,
      width: shot.width,
      height: shot.height,
      bytes: shot.full.length,
      created_by: ctx.user?.id ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const old = await ctx.db
    .selectFrom('site_screenshots')
    .select(['id', 'image_url', 'thumbnail_url'])
    .where('site_id', '=', siteId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(SCREENSHOT_HISTORY)
    .limit(1000)
    .execute();
  if (old.length > 0) {
    await ctx.db
      .deleteFrom('site_screenshots')
      .where(
        'id',
        'in',
        old.map((o) => o.id),
      )
      .execute();
    await store.remove(
      old.flatMap((o) => [o.image_url, o.thumbnail_url].filter((u): u is string => Boolean(u))).map(keyOfUrl),
    );
  }
  await audit(ctx, {
    action: 'site.screenshot',
    subjectType: 'site',
    subjectId: siteId,
    details: { screenshotId: row.id, url },
  });
  return { ...row, created_at: row.created_at.toISOString() };
}

/** GET sites/{id}/screenshots: the history, newest first. */
export async function listScreenshots(ctx: Pick<Context, 'db'>, siteId: number) {
  await getSite(ctx, siteId);
  const rows = await ctx.db
    .selectFrom('site_screenshots')
    .select(['id', 'image_url', 'thumbnail_url', 'page_url', 'width', 'height', 'bytes', 'created_at'])
    .where('site_id', '=', siteId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SCREENSHOT_HISTORY)
    .execute();
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

/** Active sites with an address whose latest screenshot is older than the interval (or missing). */
export async function staleScreenshotSites(ctx: Pick<Context, 'db'>, olderThan: Date, limit: number) {
  return ctx.db
    .selectFrom('sites as s')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('site_screenshots')
          .select(['site_id', (e) => e.fn.max('created_at').as('latest')])
          .groupBy('site_id')
          .as('l'),
      (join) => join.onRef('l.site_id', '=', 's.id'),
    )
    .select(['s.id', 's.domain_name'])
    .where('s.status', '=', 'active')
    .where('s.wp_api_url', 'is not', null)
    .where((eb) => eb.or([eb('l.latest', 'is', null), eb('l.latest', '<', olderThan)]))
    .orderBy('l.latest', (ob) => ob.asc().nullsFirst())
    .limit(limit)
    .execute();
}

/** Folders of sites that no longer exist (deleted by the creator's Delete WP, say) are removed. */
export async function removeOrphanFiles(ctx: Pick<Context, 'db' | 'integrations'>) {
  const withFiles = await fileStore(ctx).siteIds();
  if (withFiles.length === 0) return 0;
  const existing = new Set(
    (await ctx.db.selectFrom('sites').select('id').where('id', 'in', withFiles).execute()).map((r) => r.id),
  );
  const gone = withFiles.filter((id) => !existing.has(id));
  await removeSiteFiles(ctx, gone);
  return gone.length;
}
