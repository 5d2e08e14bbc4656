import {
  ANALYTICS_PLUGIN_FILENAME,
  ANALYTICS_PLUGIN_PHP,
  installAnalyticsPluginOnSite,
} from '@blogfleet/integrations/wordpress';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { audit } from './audit';
import { readyHost } from './wordpress-hosting';

type Ctx = Pick<Context, 'db' | 'req' | 'secrets' | 'integrations'> & { user: { id: number } | null };

/**
 * The analytics must-use plugin as a file to download, for sites hosted elsewhere: its operator puts it
 * in `wp-content/mu-plugins/` (must-use plugins need no activation).
 */
export function analyticsPluginDownload(): { filename: string; content: string } {
  return { filename: ANALYTICS_PLUGIN_FILENAME, content: ANALYTICS_PLUGIN_PHP };
}

/**
 * Installs (or brings up to date) the analytics plugin on a site Blogfleet hosts, on the hosting target;
 * safe to repeat. A site hosted elsewhere is refused with what to do instead (VALIDATION_ERROR); a site
 * that is not on the host any more is the provisioner's NOT_FOUND (INTEGRATION_ERROR through mapErrors).
 */
export async function installAnalyticsPlugin(
  ctx: Ctx,
  siteId: number,
): Promise<{ siteId: number; domain: string; filename: string }> {
  const site = await ctx.db
    .selectFrom('sites')
    .select(['id', 'domain_name', 'hosted_here'])
    .where('id', '=', siteId)
    .executeTakeFirst();
  if (!site) throw notFound('Site');
  if (!site.hosted_here) {
    throw new AppError(
      'VALIDATION_ERROR',
      `${site.domain_name} is not hosted by Blogfleet; download the plugin and upload it to wp-content/mu-plugins`,
      { filename: ANALYTICS_PLUGIN_FILENAME },
    );
  }
  const { host } = await readyHost(ctx);
  const installed = await installAnalyticsPluginOnSite(host, site.domain_name);
  await audit(ctx, {
    action: 'site.analytics_plugin_install',
    subjectType: 'site',
    subjectId: site.id,
    details: { domain: installed.domain },
  });
  return { siteId: site.id, domain: installed.domain, filename: ANALYTICS_PLUGIN_FILENAME };
}
