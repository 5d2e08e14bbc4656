import { z } from 'zod';
import { MAX_ID } from './common';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')
  // Date.parse takes 2025-02-31 as 3 March: a day must read back as itself.
  .refine((v) => {
    const t = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
  }, 'Not a date');

/** A range of UTC days, both ends included; the last 30 days when left out. */
export const analyticsRangeInput = z.object({
  start_date: day.optional(),
  end_date: day.optional(),
});

/** GET sites/{id}/analytics. */
export const siteAnalyticsInput = analyticsRangeInput.extend({
  id: z.coerce.number<number>().int().positive().max(MAX_ID),
});

/** GET analytics/fleet. */
export const fleetAnalyticsInput = analyticsRangeInput.extend({
  limit: z.coerce.number<number>().int().min(1).max(100).default(20),
});
