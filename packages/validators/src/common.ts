import { z } from 'zod';

/** Ids are Postgres `integer` columns; a larger number would make the query fail instead of finding nothing. */
export const MAX_ID = 2_147_483_647;
export const idParam = z.coerce.number<number>().int().positive().max(MAX_ID);

export const pageQuery = {
  page: z.coerce.number<number>().int().min(1).max(100_000).default(1),
  limit: z.coerce.number<number>().int().min(1).max(500).default(10),
};

export const paginationShape = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
});
export type Pagination = z.infer<typeof paginationShape>;

/** Postgres text cannot hold NUL, so a NUL byte reaching a query would fail the statement. */
export const noNulBytes = (s: string) => !s.includes('\0');
