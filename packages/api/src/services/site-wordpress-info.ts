import { z } from 'zod';
import type { Context } from '../context';
import { requireSiteClient } from './sites';

export const wordpressInfoView = z.object({
  title: z.string(),
  tagline: z.string(),
  url: z.string(),
  /** WordPress locale, e.g. tr_TR. */
  language: z.string(),
  timezone: z.string(),
  theme: z.object({ stylesheet: z.string(), name: z.string(), version: z.string() }).nullable(),
  themes: z.array(
    z.object({ stylesheet: z.string(), name: z.string(), version: z.string(), active: z.boolean() }),
  ),
});

/**
 * GET sites/{id}/wordpress-info (dashboard's WordPress card): read from the site itself, not from
 * Blogfleet's record, so it shows what visitors get (a change made in wp-admin included).
 */
export async function siteWordPressInfo(ctx: Pick<Context, 'db' | 'secrets'>, siteId: number) {
  const { client } = await requireSiteClient(ctx, siteId);
  const [settings, themes] = await Promise.all([client.getSettings(), client.listThemes()]);
  const active = themes.find((t) => t.active) ?? null;
  return {
    title: settings.title,
    tagline: settings.description,
    url: settings.url,
    language: settings.language,
    timezone: settings.timezone || 'UTC',
    theme: active && { stylesheet: active.stylesheet, name: active.name, version: active.version },
    themes,
  };
}
