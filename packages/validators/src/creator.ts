import { z } from 'zod';
import { MAX_ID, noNulBytes, timezoneField } from './common';
import { domainNameField } from './domains';

/** Languages a new WordPress site can be installed in (sites' targeted_language). */
export const siteLanguages = ['en', 'tr', 'es'] as const;
export const DEFAULT_SITE_LANGUAGE = 'en';
export const DEFAULT_SITE_TIMEZONE = 'UTC';

const REQUIRED = 'Please fill in all required fields';

const requiredText = (max: number) =>
  z.string().trim().min(1, REQUIRED).max(max).refine(noNulBytes, 'Must not contain NUL characters');

/** WordPress site creation payload (core §3); `email` is derived from the domain when absent. */
export const createSiteInput = z.object({
  domainId: z.number().int().positive().max(MAX_ID),
  domain: domainNameField,
  title: requiredText(200),
  slogan: requiredText(300),
  use_cloudflare: z.boolean().default(false),
  postTitle: requiredText(200),
  postContent: requiredText(100_000),
  pageTitle: requiredText(200),
  pageContent: requiredText(100_000),
  email: z.email().max(254).optional(),
  language: z.enum(siteLanguages).default(DEFAULT_SITE_LANGUAGE),
  timezone: timezoneField.default(DEFAULT_SITE_TIMEZONE),
});
export type CreateSiteInput = z.infer<typeof createSiteInput>;

export const creatorDomainInput = z.object({ domain: domainNameField });

/** What "Generate" fills in the create dialog (doc2 §2). */
export const generatedSiteContent = z.object({
  site_title: z.string().min(1).max(200),
  site_slogan: z.string().min(1).max(300),
  post_title: z.string().min(1).max(200),
  post_content: z.string().min(1).max(20_000),
  page_title: z.string().min(1).max(200),
  page_content: z.string().min(1).max(20_000),
});
export type GeneratedSiteContent = z.infer<typeof generatedSiteContent>;

/** A provisioned site's credentials (core §3). */
export const siteCredentials = z.object({
  siteUrl: z.string(),
  adminUrl: z.string(),
  adminUser: z.string(),
  adminPassword: z.string(),
  appPassword: z.string(),
  dbName: z.string(),
  dbUser: z.string(),
  dbPassword: z.string(),
  infoFilePath: z.string(),
});
export type SiteCredentialsView = z.infer<typeof siteCredentials>;
