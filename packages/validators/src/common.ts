import { z } from 'zod';

/** Ids are Postgres `integer` columns; a larger number would make the query fail instead of finding nothing. */
export const MAX_ID = 2_147_483_647;
export const idParam = z.coerce.number<number>().int().positive().max(MAX_ID);

/** Postgres text cannot hold NUL, so a NUL byte reaching a query would fail the statement. */
export const noNulBytes = (s: string) => !s.includes('\0');
