import type { JobsTable, Selectable } from '@blogfleet/db';
import { jobTitleValues, type JobTitleValues } from '@blogfleet/validators';
import { z } from 'zod';

export const jobStatuses = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;

const COUNTED = ['domainIds', 'siteIds', 'keywordIds'] as const;

/** Read from the payload the kinds' titles are made of (`title(payload)` of each job kind). */
export function titleValuesOf(payload: unknown): JobTitleValues {
  if (typeof payload !== 'object' || payload === null) return {};
  const p = payload as Record<string, unknown>;
  const values: JobTitleValues = {};
  if (typeof p.domain === 'string') values.domain = p.domain;
  if (typeof p.count === 'number' && Number.isInteger(p.count)) values.count = p.count;
  for (const key of COUNTED) if (Array.isArray(p[key])) values.count = (p[key] as unknown[]).length;
  if (typeof p.contentType === 'string') values.content_type = p.contentType;
  if (typeof p.targetWebsite === 'string') values.target = p.targetWebsite;
  return values;
}

/** What callers see of a job (the job panel polls this). */
export const jobView = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: z.string(),
  title_values: jobTitleValues,
  subject: z.string().nullable(),
  subject_id: z.number().int().nullable(),
  status: z.enum(jobStatuses),
  progress: z.number().int().min(0).max(100),
  message: z.string().nullable(),
  error: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type JobView = z.infer<typeof jobView>;

export function toJobView(row: Selectable<JobsTable>): JobView {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title ?? row.kind,
    title_values: titleValuesOf(row.payload),
    subject: row.subject,
    subject_id: row.subject_id,
    status: row.status,
    progress: row.progress,
    message: row.message,
    error: row.error,
    result: row.result,
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    started_at: row.started_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}
