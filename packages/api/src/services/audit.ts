import type { Context } from '../context';

export interface AuditEntry {
  action: string;
  subjectType?: string;
  subjectId?: string | number;
  details?: Record<string, unknown>;
}

/** Records an operator action; details must never hold secrets. */
export async function audit(
  ctx: Pick<Context, 'db' | 'req'> & { user: { id: number } | null },
  entry: AuditEntry,
): Promise<void> {
  await ctx.db
    .insertInto('audit_log')
    .values({
      user_id: ctx.user?.id ?? null,
      action: entry.action,
      subject_type: entry.subjectType ?? null,
      subject_id: entry.subjectId === undefined ? null : String(entry.subjectId),
      details: JSON.stringify(entry.details ?? {}) as never,
      ip: ctx.req.ip,
    })
    .execute();
}
