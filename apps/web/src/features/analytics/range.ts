/**
 * The ranges the analytics screens offer, in days. Kept here, not in the validators: the /analytics
 * route reads its search with it, and the route tree must not pull zod into the first load.
 */
export const ANALYTICS_RANGES = [7, 30, 90, 365] as const;
export type RangeDays = (typeof ANALYTICS_RANGES)[number];

const DAY = 86_400_000;

/** The last n UTC days up to today, as the analytics calls take them. */
export function lastDays(n: RangeDays) {
  const end = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.parse(`${end}T00:00:00Z`) - (n - 1) * DAY).toISOString().slice(0, 10);
  return { start_date: start, end_date: end };
}

export function rangeOf(value: unknown): RangeDays {
  const n = Number(value);
  return (ANALYTICS_RANGES as readonly number[]).includes(n) ? (n as RangeDays) : 30;
}

/** Seconds as "2 min 05 s" or "45 s". */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}
