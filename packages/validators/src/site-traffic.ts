import { z } from 'zod';
import { MAX_ID } from './common';

export const TRAFFIC_DEFAULT_USERS = 1000;
export const TRAFFIC_DEFAULT_DAYS = 7;

const siteId = z.coerce.number<number>().int().positive().max(MAX_ID);

/** POST sites/{id}/traffic-requests (core §3 traffic request). */
export const createTrafficRequestInput = z.object({
  id: siteId,
  unique_users: z
    .number('Unique users must be a number')
    .int('Unique users must be a whole number')
    .min(1, 'At least 1 unique user')
    .max(1_000_000, 'At most 1,000,000 unique users')
    .default(TRAFFIC_DEFAULT_USERS),
  duration_days: z
    .number('Duration must be a number of days')
    .int('Duration must be a whole number of days')
    .min(1, 'At least 1 day')
    .max(365, 'At most 365 days')
    .default(TRAFFIC_DEFAULT_DAYS),
  /** Paths (/best-tea) or full addresses of this site; empty means the home page. */
  target_pages: z.array(z.string().trim().min(1).max(2000)).max(20, 'At most 20 target pages').default([]),
});
export type CreateTrafficRequestInput = z.infer<typeof createTrafficRequestInput>;
