import type { ZodType } from 'zod';

export type ParsedReply<T> = { ok: true; value: T } | { ok: false; raw: string; issues: string[] };

/** Some models wrap JSON in a Markdown fence even when told not to; that alone is not worth a repair. */
function unfence(text: string): string {
  const fenced = /^\s*```(?:json|JSON)?\s*\n?([\s\S]*?)\n?```\s*$/.exec(text);
  return (fenced ? fenced[1]! : text).trim();
}

const MAX_ISSUES = 12;

export function parseReply<T>(schema: ZodType<T>, content: string | null | undefined): ParsedReply<T> {
  const raw = content ?? '';
  if (!raw.trim()) return { ok: false, raw, issues: ['The reply was empty.'] };
  let json: unknown;
  try {
    json = JSON.parse(unfence(raw));
  } catch (err) {
    return { ok: false, raw, issues: [`The reply is not valid JSON: ${(err as Error).message}`] };
  }
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues.slice(0, MAX_ISSUES).map((issue) => {
    const path = issue.path.length ? issue.path.map(String).join('.') : '(root)';
    return `${path}: ${issue.message}`;
  });
  return { ok: false, raw, issues };
}
