import { toast } from '@blogfleet/ui';
import { plural } from '@lingui/core/macro';

/** What the bulk calls answer: one outcome per id, each on its own. */
export interface BulkOutcome {
  results: { id: number; ok: boolean; error?: string | null }[];
}

interface Messages {
  /** "3 ideas approved". */
  done(count: number): string;
  /** "2 ideas could not be approved". */
  failed(count: number): string;
}

/** Failures named in the toast; the rest are counted. */
const NAMED = 5;

/** One toast for a bulk action: how many succeeded, and each failure with its reason. */
export function announceBulkOutcome(
  { results }: BulkOutcome,
  messages: Messages,
  nameOf: (id: number) => string,
) {
  const ok = results.filter((r) => r.ok).length;
  const failures = results.filter((r) => !r.ok);
  if (failures.length === 0) {
    toast.success(messages.done(ok));
    return;
  }
  const more = failures.length - NAMED;
  const description = (
    <ul className="mt-1 flex list-disc flex-col gap-0.5 pl-4">
      {failures.slice(0, NAMED).map((f) => (
        <li key={f.id}>{f.error ? `${nameOf(f.id)}: ${f.error}` : nameOf(f.id)}</li>
      ))}
      {more > 0 && <li>{plural(more, { one: 'and # more', other: 'and # more' })}</li>}
    </ul>
  );
  if (ok === 0) toast.error(messages.failed(failures.length), { description, duration: 12_000 });
  else
    toast.warning(`${messages.done(ok)} · ${messages.failed(failures.length)}`, {
      description,
      duration: 12_000,
    });
}
