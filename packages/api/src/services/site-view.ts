import { domainToUnicode } from 'node:url';
import type { Selectable, SitesTable } from '@blogfleet/db';
import { siteLanguage, siteStatus } from '@blogfleet/validators';
import { z } from 'zod';

export const siteStatistics = z.object({
  total_posts: z.number().int(),
  published_posts: z.number().int(),
  draft_posts: z.number().int(),
});
export type SiteStatistics = z.infer<typeof siteStatistics>;

/** What callers see of a site (core §3). Its WordPress password never appears, only whether one is set. */
export const siteView = z.object({
  id: z.number().int(),
  site_title: z.string(),
  site_slogan: z.string().nullable(),
  domain_id: z.number().int().nullable(),
  domain_name: z.string(),
  domain_name_unicode: z.string(),
  target_website: z.string().nullable(),
  targeted_language: siteLanguage,
  default_timezone: z.string(),
  status: siteStatus,
  statistics: siteStatistics,
  wp_api_url: z.string().nullable(),
  wp_username: z.string().nullable(),
  /** An application password is stored (encrypted). */
  wp_configured: z.boolean(),
  /** Blogfleet runs this WordPress on its hosting target (Delete WP removes it there). */
  hosted_here: z.boolean(),
  theme: z.string(),
  latest_screenshot: z
    .object({ image_url: z.string(), thumbnail_url: z.string().nullable(), created_at: z.string() })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_synced_at: z.string().nullable(),
  /** Uptime checks: up, down (two failed checks in a row) or null (not checked yet). */
  uptime_status: z.enum(['up', 'down']).nullable(),
  uptime_7d: z.number().nullable().describe('Percentage of up checks in the last 7 days; null when none'),
  last_checked_at: z.string().nullable().describe('The last uptime check'),
  response_ms: z.number().int().nullable().describe('Home page response time at the last uptime check'),
});
export type SiteView = z.infer<typeof siteView>;
export interface LatestScreenshot {
  image_url: string;
  thumbnail_url: string | null;
  created_at: Date;
}

export const EMPTY_STATISTICS: SiteStatistics = { total_posts: 0, published_posts: 0, draft_posts: 0 };

export function toSiteView(
  row: Selectable<SitesTable>,
  statistics: SiteStatistics = EMPTY_STATISTICS,
  screenshot: LatestScreenshot | null = null,
  uptime7d: number | null = null,
): SiteView {
  return {
    id: row.id,
    site_title: row.site_title,
    site_slogan: row.site_slogan,
    domain_id: row.domain_id,
    domain_name: row.domain_name,
    domain_name_unicode: domainToUnicode(row.domain_name) || row.domain_name,
    target_website: row.target_website,
    targeted_language: row.targeted_language,
    default_timezone: row.default_timezone,
    status: row.status,
    statistics,
    wp_api_url: row.wp_api_url,
    wp_username: row.wp_username,
    wp_configured: row.wp_app_password_ciphertext !== null,
    hosted_here: row.hosted_here,
    theme: row.theme,
    latest_screenshot: screenshot ? { ...screenshot, created_at: screenshot.created_at.toISOString() } : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_synced_at: row.last_synced_at?.toISOString() ?? null,
    uptime_status: row.uptime_status,
    uptime_7d: uptime7d,
    last_checked_at: row.uptime_checked_at?.toISOString() ?? null,
    response_ms: row.uptime_response_ms,
  };
}
