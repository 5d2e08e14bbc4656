import { z } from 'zod';
import { MAX_ID, noNulBytes, timezoneField } from './common';
import { SITES_PAGE_SIZE, siteStatuses } from './constants';
import { siteLanguages } from './creator';
import { domainNameField, targetWebsiteField } from './domains';
import { listInput } from './list';

export const siteStatus = z.enum(siteStatuses);
export const siteLanguage = z.enum(siteLanguages);

const title = z
  .string()
  .trim()
  .min(1, 'Site title is required')
  .max(200)
  .refine(noNulBytes, 'Must not contain NUL characters');
const slogan = z.string().trim().max(300).refine(noNulBytes, 'Must not contain NUL characters');

/** An existing WordPress's REST address: http(s), no credentials in it. */
const wpApiUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'Enter the site address or its REST API URL, e.g. https://blog.example/wp-json');

export const siteSorts = ['created_at', 'site_title', 'domain_name', 'status'] as const;

export const listSitesInput = listInput({
  sorts: siteSorts,
  defaultSort: 'created_at',
  defaultLimit: SITES_PAGE_SIZE,
}).extend({
  status: siteStatus.optional(),
  targeted_language: siteLanguage.optional(),
  /** Part of the domain name. */
  domain: z.string().trim().max(253).refine(noNulBytes, 'Must not contain NUL characters').optional(),
});
export type ListSitesInput = z.infer<typeof listSitesInput>;
export type ListSitesQuery = z.input<typeof listSitesInput>;

/**
 * POST sites (core §7): a site record for a domain, optionally an existing WordPress elsewhere (its
 * REST address, user and application password, verified by a connection test before anything is saved).
 */
export const addSiteInput = z
  .object({
    site_title: title,
    site_slogan: slogan.optional(),
    /** A domain of the list (the selector can create one first). */
    domain_id: z.number().int().positive().max(MAX_ID).optional(),
    domain_name: domainNameField,
    target_website: targetWebsiteField.optional(),
    targeted_language: siteLanguage.default('en'),
    default_timezone: timezoneField.default('UTC'),
    wp_api_url: wpApiUrl.optional(),
    wp_username: z.string().trim().min(1).max(60).optional(),
    wp_app_password: z.string().trim().min(1).max(200).optional(),
  })
  .superRefine((v, ctx) => {
    const given = [v.wp_api_url, v.wp_username, v.wp_app_password].filter(Boolean).length;
    if (given > 0 && given < 3) {
      for (const path of ['wp_api_url', 'wp_username', 'wp_app_password'] as const) {
        if (!v[path])
          ctx.addIssue({ code: 'custom', path: [path], message: 'Required for an existing WordPress' });
      }
    }
  });
export type AddSiteInput = z.infer<typeof addSiteInput>;

/** PUT sites/{id}/settings (core §7). */
export const updateSiteSettingsInput = z.object({
  site_title: title,
  site_slogan: slogan.optional(),
  target_website: targetWebsiteField.optional(),
  targeted_language: siteLanguage,
  default_timezone: timezoneField,
  /** The folder name (stylesheet) of a theme installed on the site, to activate it. */
  theme: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/, 'Choose a theme installed on the site')
    .optional(),
});
export type UpdateSiteSettingsInput = z.infer<typeof updateSiteSettingsInput>;

export const MAX_BULK_SITES = 500;
export const bulkSiteIdsInput = z.object({
  siteIds: z
    .array(z.number().int().positive().max(MAX_ID))
    .min(1, 'Select at least one site')
    .max(MAX_BULK_SITES, `At most ${MAX_BULK_SITES} sites at a time`),
});
export const bulkSiteStatusInput = bulkSiteIdsInput.extend({ status: siteStatus });
