import { readCounters, sql, type RawBuilder, type Selectable, type SitesTable } from '@blogfleet/db';
import {
  WordPressError,
  createWordPressClient,
  wordpressLocale,
  switchSiteTheme,
  type WpConnection,
} from '@blogfleet/integrations/wordpress';
import type { AddSiteInput, ListSitesInput, UpdateSiteSettingsInput } from '@blogfleet/validators';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { audit } from './audit';
import { listPage } from './list';
import { likePattern } from './search';
import { decryptSecret, encryptSecret } from './secrets';
import {
  EMPTY_STATISTICS,
  toSiteView,
  type LatestScreenshot,
  type SiteStatistics,
  type SiteView,
} from './site-view';
import { readyHost } from './wordpress-hosting';
import { removeSiteFiles } from './site-files';
import { uptimeSevenDays } from './uptime';

type Ctx = Pick<Context, 'db' | 'req' | 'secrets' | 'integrations'> & { user: { id: number } };
type SiteRow = Selectable<SitesTable>;

const siteSortBy: Record<
  ListSitesInput['sort'],
  { expr: RawBuilder<unknown>; value: (s: SiteRow) => string | Date }
> = {
  created_at: { expr: sql`sites.created_at`, value: (s) => s.created_at },
  site_title: { expr: sql`lower(sites.site_title)`, value: (s) => s.site_title.toLowerCase() },
  domain_name: { expr: sql`lower(sites.domain_name)`, value: (s) => s.domain_name.toLowerCase() },
  status: { expr: sql`sites.status`, value: (s) => s.status },
};

/** Totals the kept-current counters know: all sites, or the active ones. */
function siteCounter(ctx: Pick<Context, 'db'>, input: ListSitesInput) {
  if (input.domain || input.targeted_language || (input.status && input.status !== 'active'))
    return undefined;
  const name = input.status ? ('sites.status.active' as const) : ('sites.total' as const);
  return async () => (await readCounters(ctx.db, [name]))[name];
}

/** Post statistics of these sites from their synced posts (trash not counted), and their latest screenshot. */
async function decorations(ctx: Pick<Context, 'db'>, ids: number[]) {
  const stats = new Map<number, SiteStatistics>();
  const shots = new Map<number, LatestScreenshot>();
  if (ids.length === 0) return { stats, shots };
  const [counts, latest] = await Promise.all([
    ctx.db
      .selectFrom('site_posts')
      .select([
        'site_id',
        sql<number>`count(*) FILTER (WHERE status <> 'trash')::int`.as('total'),
        sql<number>`count(*) FILTER (WHERE status = 'published')::int`.as('published'),
        sql<number>`count(*) FILTER (WHERE status = 'draft')::int`.as('drafts'),
      ])
      .where('site_id', 'in', ids)
      .groupBy('site_id')
      .execute(),
    ctx.db
      .selectFrom('site_screenshots')
      .distinctOn('site_id')
      .select(['site_id', 'image_url', 'thumbnail_url', 'created_at'])
      .where('site_id', 'in', ids)
      .orderBy('site_id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  for (const c of counts) {
    stats.set(c.site_id, {
      total_posts: Number(c.total),
      published_posts: Number(c.published),
      draft_posts: Number(c.drafts),
    });
  }
  for (const { site_id, ...shot } of latest) shots.set(site_id, shot);
  return { stats, shots };
}

async function views(ctx: Pick<Context, 'db'>, rows: SiteRow[]): Promise<SiteView[]> {
  const ids = rows.map((r) => r.id);
  const [{ stats, shots }, uptime] = await Promise.all([decorations(ctx, ids), uptimeSevenDays(ctx.db, ids)]);
  return rows.map((r) =>
    toSiteView(r, stats.get(r.id) ?? EMPTY_STATISTICS, shots.get(r.id) ?? null, uptime.get(r.id) ?? null),
  );
}

/** GET sites (core §7): filters status, language and part of the domain; the list contract's paging. */
export async function listSites(ctx: Pick<Context, 'db'>, input: ListSitesInput) {
  let filtered = ctx.db.selectFrom('sites');
  if (input.status) filtered = filtered.where('status', '=', input.status);
  if (input.targeted_language) filtered = filtered.where('targeted_language', '=', input.targeted_language);
  if (input.domain) filtered = filtered.where('domain_name', 'ilike', likePattern(input.domain));
  if (input.search) {
    const pattern = likePattern(input.search);
    filtered = filtered.where((eb) =>
      eb.or([eb('site_title', 'ilike', pattern), eb('domain_name', 'ilike', pattern)]),
    );
  }
  const sort = siteSortBy[input.sort];
  const { rows, pagination } = await listPage({
    db: ctx.db,
    filtered,
    id: 'sites.id',
    sortBy: sort.expr,
    order: input.order,
    sortValue: sort.value,
    select: (q) => q.selectAll('sites'),
    page: input.page,
    limit: input.limit,
    cursor: input.cursor,
    exactTotal: siteCounter(ctx, input),
  });
  return { data: await views(ctx, rows as SiteRow[]), meta: { pagination } };
}

async function siteRow(ctx: Pick<Context, 'db'>, id: number): Promise<SiteRow> {
  const row = await ctx.db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Site');
  return row;
}

export async function getSite(ctx: Pick<Context, 'db'>, id: number): Promise<SiteView> {
  return (await views(ctx, [await siteRow(ctx, id)]))[0]!;
}

/** The REST root of an address: `https://blog.example` → `https://blog.example/wp-json`. */
export function restRoot(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return /\/wp-json$/.test(trimmed) || trimmed.includes('rest_route=') ? trimmed : `${trimmed}/wp-json`;
}
/** The address visitors open: the REST root without `/wp-json` or `?rest_route=…`. */
export const siteUrlOf = (apiUrl: string) =>
  apiUrl.replace(/\/wp-json\/?$/, '').replace(/\/?\?rest_route=.*$/, '');

/** Connects with the given credentials; the reason of a refusal is the client's (never the password). */
async function connect(apiUrl: string, username: string, appPassword: string): Promise<WpConnection> {
  const client = createWordPressClient({
    siteUrl: siteUrlOf(apiUrl),
    username,
    appPassword,
    apiRoot: restRoot(apiUrl),
  });
  return client.testConnection();
}

/**
 * POST sites: a site record for a domain. An existing WordPress elsewhere is connected to first, and
 * nothing is saved unless the connection test passes. The domain (of the list, or only named) is marked
 * used by the site.
 */
export async function addSite(ctx: Ctx, input: AddSiteInput): Promise<SiteView> {
  if (input.wp_api_url && input.wp_username && input.wp_app_password) {
    await connect(input.wp_api_url, input.wp_username, input.wp_app_password);
  }
  const row = await ctx.db.transaction().execute(async (trx) => {
    let domainId: number | null = null;
    if (input.domain_id !== undefined) {
      const domain = await trx
        .selectFrom('domains')
        .selectAll()
        .where('id', '=', input.domain_id)
        .forUpdate()
        .executeTakeFirst();
      if (!domain || domain.domain_name !== input.domain_name) throw notFound('Domain');
      if (domain.is_used) {
        throw new AppError('VALIDATION_ERROR', `${domain.domain_name} is already used by a site`);
      }
      await trx
        .updateTable('domains')
        .set({ is_used: true, updated_at: new Date() })
        .where('id', '=', domain.id)
        .execute();
      domainId = domain.id;
    }
    const inserted = await trx
      .insertInto('sites')
      .values({
        site_title: input.site_title,
        site_slogan: input.site_slogan ?? null,
        domain_id: domainId,
        domain_name: input.domain_name,
        target_website: input.target_website ?? null,
        targeted_language: input.targeted_language,
        default_timezone: input.default_timezone,
        // A connected WordPress is live; a record without one waits for its site.
        status: input.wp_api_url ? 'active' : 'setup',
        wp_api_url: input.wp_api_url ? restRoot(input.wp_api_url) : null,
        wp_username: input.wp_username ?? null,
        wp_app_password_ciphertext: input.wp_app_password
          ? encryptSecret(ctx.secrets, input.wp_app_password)
          : null,
        created_by: ctx.user.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(
      { ...ctx, db: trx },
      {
        action: 'site.add',
        subjectType: 'site',
        subjectId: inserted.id,
        details: { domain: input.domain_name, external: Boolean(input.wp_api_url) },
      },
    );
    return inserted;
  });
  return getSite(ctx, row.id);
}

/** The WordPress client of a site with stored credentials, or null. */
export function siteClient(ctx: Pick<Context, 'secrets'>, row: SiteRow) {
  if (!row.wp_api_url || !row.wp_username || !row.wp_app_password_ciphertext) return null;
  return createWordPressClient({
    siteUrl: siteUrlOf(row.wp_api_url),
    username: row.wp_username,
    appPassword: decryptSecret(ctx.secrets, row.wp_app_password_ciphertext),
    apiRoot: row.wp_api_url,
  });
}

/** A site and its WordPress client; refused with what to do when the site has no credentials. */
export async function requireSiteClient(ctx: Pick<Context, 'db' | 'secrets'>, siteId: number) {
  const site = await siteRow(ctx, siteId);
  const client = siteClient(ctx, site);
  if (!client) {
    throw new AppError(
      'VALIDATION_ERROR',
      `Set the WordPress address and application password of ${site.site_title} first`,
    );
  }
  return { site, client };
}

/** Sites for selectors (Move to Site): id, title and domain, by title. */
export async function siteOptions(ctx: Pick<Context, 'db'>, search?: string) {
  let q = ctx.db
    .selectFrom('sites')
    .select(['id', 'site_title', 'domain_name', 'status', 'hosted_here'])
    .orderBy('site_title')
    .orderBy('id')
    .limit(100);
  if (search) {
    const like = likePattern(search);
    q = q.where((eb) => eb.or([eb('site_title', 'ilike', like), eb('domain_name', 'ilike', like)]));
  }
  return q.execute();
}

/**
 * PUT sites/{id}/settings: title, tagline and timezone reach WordPress first (a refusal saves nothing),
 * then everything is stored here. The language is pushed as its locale; a site without that language
 * installed keeps its own, and the answer says so.
 */
export async function updateSiteSettings(
  ctx: Ctx,
  id: number,
  input: UpdateSiteSettingsInput,
): Promise<{ site: SiteView; wordpress: { pushed: boolean; warning: string | null } }> {
  const before = await siteRow(ctx, id);
  const client = siteClient(ctx, before);
  let warning: string | null = null;
  // The theme first: a theme that cannot be switched refuses the whole save before anything is sent.
  const theme = input.theme ? await themeChange(ctx, before, client, input.theme) : null;
  try {
    if (client) {
      await client.updateSettings({
        title: input.site_title,
        description: input.site_slogan ?? before.site_slogan ?? '',
        timezone: input.default_timezone,
      });
      if (input.targeted_language !== before.targeted_language) {
        try {
          await client.updateSettings({ language: wordpressLocale(input.targeted_language) });
        } catch (error) {
          if (!(error instanceof WordPressError) || error.code !== 'INVALID') throw error;
          warning = `WordPress kept its language: ${error.message}`;
        }
      }
    }
  } catch (error) {
    // WordPress refused the rest: the theme goes back, so the site and this record still agree.
    await theme?.undo().catch(() => undefined);
    throw error;
  }
  await ctx.db
    .updateTable('sites')
    .set({
      site_title: input.site_title,
      site_slogan: input.site_slogan ?? before.site_slogan,
      target_website: input.target_website ?? before.target_website,
      targeted_language: input.targeted_language,
      default_timezone: input.default_timezone,
      ...(theme ? { theme: theme.stylesheet } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
  const changed = (Object.keys(input) as (keyof UpdateSiteSettingsInput)[]).filter(
    (k) => input[k] !== undefined && input[k] !== before[k],
  );
  await audit(ctx, {
    action: 'site.settings',
    subjectType: 'site',
    subjectId: id,
    details: { changed, pushed: client !== null, warning },
  });
  return { site: await getSite(ctx, id), wordpress: { pushed: client !== null, warning } };
}

/**
 * Activates `stylesheet` on the site when it is not the active theme. Only an installed theme; only on
 * a site Blogfleet hosts (WordPress's REST API cannot switch themes, so it runs switch_theme() there).
 * Answers the stylesheet to store and how to switch back.
 */
async function themeChange(
  ctx: Pick<Context, 'db' | 'secrets' | 'integrations'>,
  site: SiteRow,
  client: ReturnType<typeof siteClient>,
  stylesheet: string,
): Promise<{ stylesheet: string; undo(): Promise<void> }> {
  if (!client) {
    throw new AppError(
      'VALIDATION_ERROR',
      `Set the WordPress address and application password of ${site.site_title} first`,
    );
  }
  const themes = await client.listThemes();
  const chosen = themes.find((t) => t.stylesheet === stylesheet);
  if (!chosen) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The theme ${stylesheet} is not installed on ${site.domain_name}`,
      {
        installed: themes.map((t) => t.stylesheet),
      },
    );
  }
  if (chosen.active) return { stylesheet, undo: async () => {} };
  if (!site.hosted_here) {
    throw new AppError(
      'VALIDATION_ERROR',
      `WordPress's API cannot switch themes: activate ${chosen.name} in wp-admin (Appearance → Themes) of ${site.domain_name}`,
    );
  }
  const previous = themes.find((t) => t.active)?.stylesheet;
  const { host } = await readyHost(ctx);
  await switchSiteTheme(host, site.domain_name, stylesheet);
  return {
    stylesheet,
    undo: async () => {
      if (previous) await switchSiteTheme(host, site.domain_name, previous);
    },
  };
}

/**
 * GET/POST sites/{id}/test-connection: `connected` and, when not, why (the client's reason: unreachable,
 * REST disabled, credentials refused, not allowed to edit posts).
 */
export async function testSiteConnection(ctx: Pick<Context, 'db' | 'secrets'>, id: number) {
  const row = await siteRow(ctx, id);
  if (!row.wp_api_url || !row.wp_username || !row.wp_app_password_ciphertext) {
    return {
      connected: false,
      reason: 'No WordPress address and application password are set for this site',
      site: null,
      user: null,
    };
  }
  try {
    const c = await connect(
      row.wp_api_url,
      row.wp_username,
      decryptSecret(ctx.secrets, row.wp_app_password_ciphertext),
    );
    return { connected: true, reason: null, site: c.site, user: c.user };
  } catch (error) {
    return { connected: false, reason: (error as Error).message, site: null, user: null };
  }
}

/** Bulk status (core §2: real, not logged). */
export async function bulkSiteStatus(ctx: Ctx, ids: number[], status: SiteRow['status']) {
  const siteIds = [...new Set(ids)];
  return ctx.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('sites')
      .set({ status, updated_at: new Date() })
      .where('id', 'in', siteIds)
      .returning('id')
      .execute();
    for (const { id } of changed) {
      await audit(
        { ...ctx, db: trx },
        { action: 'site.status', subjectType: 'site', subjectId: id, details: { status } },
      );
    }
    const found = new Set(changed.map((c) => c.id));
    return { changed: changed.length, missing: siteIds.filter((id) => !found.has(id)) };
  });
}

/**
 * Deletes Blogfleet's records of the sites and their local copies (posts, taxonomies, media, screenshots
 * go with them); their domains become free. A site Blogfleet hosts is refused until its WordPress is
 * deleted (Delete WP), so nothing keeps running without a record.
 */
export async function deleteSites(ctx: Ctx, ids: number[]) {
  const siteIds = [...new Set(ids)];
  const result = await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('sites')
      .select(['id', 'site_title', 'domain_id', 'domain_name', 'hosted_here'])
      .where('id', 'in', siteIds)
      .orderBy('id')
      .forUpdate()
      .execute();
    const hosted = rows.filter((r) => r.hosted_here).map((r) => r.domain_name);
    if (hosted.length > 0) {
      throw new AppError(
        'VALIDATION_ERROR',
        `Delete the WordPress site of ${hosted.join(', ')} first (Delete WP on the domains screen)`,
        { hosted },
      );
    }
    if (rows.length > 0) {
      await trx
        .deleteFrom('sites')
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      const domainIds = rows.map((r) => r.domain_id).filter((d): d is number => d !== null);
      if (domainIds.length > 0) {
        await trx
          .updateTable('domains')
          .set({ is_used: false, updated_at: new Date() })
          .where('id', 'in', domainIds)
          .execute();
      }
    }
    for (const r of rows) {
      await audit(
        { ...ctx, db: trx },
        {
          action: 'site.delete',
          subjectType: 'site',
          subjectId: r.id,
          details: { domain: r.domain_name, title: r.site_title },
        },
      );
    }
    const found = new Set(rows.map((r) => r.id));
    return { changed: rows.length, missing: siteIds.filter((id) => !found.has(id)) };
  });
  // After the commit: a failed delete keeps its screenshots; files left by a crash here are swept later.
  const missing = new Set(result.missing);
  await removeSiteFiles(
    ctx,
    siteIds.filter((id) => !missing.has(id)),
  ).catch(() => undefined);
  return result;
}
