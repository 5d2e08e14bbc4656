import { z } from 'zod';

export const idParam = z.coerce.number().int().positive();

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(10),
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

/** Trims text input; an empty string after trimming counts as missing. */
export const requiredText = (max = 255) => z.string().trim().min(1, 'Required').max(max);
