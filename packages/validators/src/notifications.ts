import { z } from 'zod';
import { MAX_ID } from './common';
import { jobTitleValues } from './jobs';

export const NOTIFICATIONS_DEFAULT_LIMIT = 20;
export const NOTIFICATIONS_MAX_LIMIT = 50;

/** What a notification is about (`kind`). */
export const notificationKinds = [
  'site.down',
  'site.up',
  'job.completed',
  'job.failed',
  'domain.purchased',
  'dns.zone_active',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * What a notification's text names, so a client can say it in its own language; `title` and `body`
 * are the English text (webhooks, REST callers, and kinds a client does not know).
 */
export const notificationParams = z.object({
  domain: z.string().optional().describe('The site or domain (site.*, dns.zone_active, one purchase)'),
  domains: z.array(z.string()).optional().describe('The domains bought, the first 100 (domain.purchased)'),
  count: z.number().int().optional().describe('How many domains were bought (domain.purchased)'),
  error: z.string().optional().describe('Why the check or job failed, as the server said it'),
  failures: z.number().int().optional().describe('Failed checks in a row (site.down)'),
  status_code: z.number().int().optional().describe('HTTP status of the answer (site.up)'),
  response_ms: z.number().int().optional().describe('Time to the answer (site.up)'),
  job_kind: z.string().optional(),
  job_title: z.string().optional().describe("The job's English title"),
  job_values: jobTitleValues.optional(),
});
export type NotificationParams = z.infer<typeof notificationParams>;

/** GET notifications: the caller's own, newest first. */
export const listNotificationsInput = z.object({
  limit: z.coerce
    .number<number>('Limit must be a number')
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(NOTIFICATIONS_MAX_LIMIT, `Limit must be at most ${NOTIFICATIONS_MAX_LIMIT}`)
    .default(NOTIFICATIONS_DEFAULT_LIMIT),
  unread_only: z.stringbool().optional().default(false),
  /** Older than this notification id (the last one of the previous page). */
  before: z.coerce.number<number>().int().positive().optional(),
});
export type ListNotificationsInput = z.infer<typeof listNotificationsInput>;

export const notificationIdParam = z.object({
  id: z.coerce.number<number>().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const UPTIME_DEFAULT_DAYS = 7;
export const UPTIME_MAX_DAYS = 30;
const siteId = z.coerce.number<number>().int().positive().max(MAX_ID);

/** GET sites/{id}/uptime */
export const siteUptimeInput = z.object({
  id: siteId,
  days: z.coerce
    .number<number>('Days must be a number')
    .int('Days must be a whole number')
    .min(1, 'At least 1 day')
    .max(UPTIME_MAX_DAYS, `At most ${UPTIME_MAX_DAYS} days`)
    .default(UPTIME_DEFAULT_DAYS),
});
export type SiteUptimeInput = z.infer<typeof siteUptimeInput>;
