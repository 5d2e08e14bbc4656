import { z } from 'zod';

export const jobIdParam = z.uuid('Not a job id');

export const listJobsInput = z.object({
  /** Admins only: everyone's jobs instead of the caller's. */
  all: z.stringbool().optional().default(false),
  /** Finished jobs created within this many hours are included; unfinished ones always are. */
  sinceHours: z.coerce
    .number<number>()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  limit: z.coerce.number<number>().int().min(1).max(100).default(20),
});
export type ListJobsInput = z.infer<typeof listJobsInput>;

/** What a job's title names, so a client can say it in its own language (the title is English). */
export const jobTitleValues = z.object({
  domain: z.string().optional(),
  count: z.number().int().optional().describe('How many ideas, domains, keywords or sites'),
  content_type: z.string().optional(),
  target: z.string().optional().describe('The website keywords are generated for'),
});
export type JobTitleValues = z.infer<typeof jobTitleValues>;
