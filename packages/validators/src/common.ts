import { z } from 'zod';

/** Ids are Postgres `integer` columns; a larger number would make the query fail instead of finding nothing. */
export const MAX_ID = 2_147_483_647;
export const idParam = z.coerce.number<number>().int().positive().max(MAX_ID);

/** Postgres text cannot hold NUL, so a NUL byte reaching a query would fail the statement. */
export const noNulBytes = (s: string) => !s.includes('\0');

/** An IANA time zone the runtime knows (UTC, Europe/Istanbul, …). */
export const timezoneField = z
  .string()
  .trim()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone (use an IANA name such as UTC or Europe/Istanbul)');
