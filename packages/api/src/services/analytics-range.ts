import { sql, type RawBuilder } from 'kysely';
import { AppError } from '../errors';

const DAY = 86_400_000;
export const MAX_RANGE_DAYS = 366;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const parse = (day: string) => Date.parse(`${day}T00:00:00Z`);

export const todayUtc = () => iso(Date.now());

/** The asked range (inclusive UTC days), the last 30 days by default; a range the data cannot mean is refused. */
export function rangeOf(input: { start_date?: string; end_date?: string }) {
  const end = input.end_date ?? todayUtc();
  const start = input.start_date ?? iso(parse(end) - 29 * DAY);
  if (Number.isNaN(parse(start)) || Number.isNaN(parse(end))) {
    throw new AppError('VALIDATION_ERROR', 'Dates are YYYY-MM-DD');
  }
  if (start > end) throw new AppError('VALIDATION_ERROR', 'The start date is after the end date');
  if ((parse(end) - parse(start)) / DAY + 1 > MAX_RANGE_DAYS) {
    throw new AppError('VALIDATION_ERROR', `A range is at most ${MAX_RANGE_DAYS} days`);
  }
  return { start, end };
}

/** Every day of the range, for series that show the days without data as 0. */
export function daysOf(range: { start: string; end: string }): string[] {
  const out: string[] = [];
  for (let t = parse(range.start); t <= parse(range.end); t += DAY) out.push(iso(t));
  return out;
}

/**
 * The range as aggregate rows: the months it covers whole as month rows, the days at its edges as day
 * rows. A year is a dozen month rows and at most two months of days, whatever the traffic. Each part is
 * one grain and one span, so a query per part walks an index on (…, grain, period) from its bounds.
 */
export function periodParts(range: { start: string; end: string }): RawBuilder<boolean>[] {
  const months: string[] = [];
  const dayRanges: [string, string][] = [];
  let cursor = range.start;
  while (cursor <= range.end) {
    const d = new Date(parse(cursor));
    const monthStart = iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
    const monthEnd = iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
    if (cursor === monthStart && monthEnd <= range.end) months.push(monthStart);
    else dayRanges.push([cursor, monthEnd < range.end ? monthEnd : range.end]);
    cursor = iso(parse(monthEnd) + DAY);
  }
  const parts: RawBuilder<boolean>[] = [];
  if (months.length > 0) {
    parts.push(sql<boolean>`(grain = 'm' AND period IN (${sql.join(months.map((m) => sql`${m}::date`))}))`);
  }
  for (const [a, b] of dayRanges)
    parts.push(sql<boolean>`(grain = 'd' AND period BETWEEN ${a}::date AND ${b}::date)`);
  return parts;
}

/** The parts as one condition, for reads of one site or of the fleet's few rows. */
export const periodsOf = (range: { start: string; end: string }) =>
  sql<boolean>`(${sql.join(periodParts(range), sql` OR `)})`;

/** A column's sum over the rows read, 0 for none, as a JS number. */
export const sumOf = (col: string) => sql<number>`coalesce(sum(${sql.ref(col)}), 0)::float8`;

/** Seconds per session, to a tenth. */
export const secondsPerSession = (t: { duration_ms: number; sessions: number }) =>
  t.sessions > 0 ? Math.round(t.duration_ms / t.sessions / 100) / 10 : 0;

/** Every day of the range with its visitors and page views, 0 for a day without a row. */
export function dailySeries(
  range: { start: string; end: string },
  rows: { date: string; visitors: number; pageviews: number }[],
) {
  const byDay = new Map(rows.map((d) => [d.date, d]));
  return daysOf(range).map((date) => ({
    date,
    visitors: byDay.get(date)?.visitors ?? 0,
    pageviews: byDay.get(date)?.pageviews ?? 0,
  }));
}

export const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;

/** The first days of the months the range touches, oldest first. */
export function monthsOf(range: { start: string; end: string }): string[] {
  const out: string[] = [];
  const [y, m] = range.start.split('-').map(Number) as [number, number];
  for (let i = 0; ; i++) {
    const d = new Date(Date.UTC(y, m - 1 + i, 1)).toISOString().slice(0, 10);
    if (d > range.end) break;
    out.push(d);
  }
  return out;
}
