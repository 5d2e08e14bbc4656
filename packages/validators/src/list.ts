import { z } from 'zod';
import { noNulBytes } from './common';
import { MAX_PAGE, sortOrders, type SortOrder } from './constants';

/**
 * The one list contract every list call follows: page/limit (or a cursor for deep paging), a sort
 * column among the list's own, an order, a search term, plus the list's filters (each list extends
 * this). Answers carry `pagination` (below).
 */
export const searchField = z.string().trim().max(200).refine(noNulBytes, 'Must not contain NUL characters');

export interface ListInputOptions<S extends readonly [string, ...string[]]> {
  sorts: S;
  defaultSort: S[number];
  defaultOrder?: SortOrder;
  defaultLimit: number;
  maxLimit?: number;
}

export function listInput<S extends readonly [string, ...string[]]>(opts: ListInputOptions<S>) {
  return z.object({
    page: z.coerce.number<number>().int().min(1).max(MAX_PAGE).default(1),
    limit: z.coerce
      .number<number>()
      .int()
      .min(1)
      .max(opts.maxLimit ?? 500)
      .default(opts.defaultLimit),
    sort: z.enum(opts.sorts).default(opts.defaultSort),
    order: z.enum(sortOrders).default(opts.defaultOrder ?? 'desc'),
    search: searchField.optional(),
    /** From `pagination.nextCursor` of the previous page: the next page without counting an offset. */
    cursor: z.string().max(512).optional(),
  });
}

/** Where a list stands. `total` is exact when `totalExact`, otherwise an estimate (large filtered lists). */
export const paginationShape = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
  totalExact: z.boolean(),
  /** Pass as `cursor` for the next page (keyset paging); null on the last page. */
  nextCursor: z.string().nullable(),
});
export type Pagination = z.infer<typeof paginationShape>;
