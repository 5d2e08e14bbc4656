/** A real calendar day as YYYY-MM-DD (not 2024-02-31), kept as text so the URL shows what was chosen. */
export function calendarDay(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
}

/** calendarDay as a field of listSearchValidator. */
export const calendarDayField = {
  safeParse(value: unknown): { success: boolean; data?: string } {
    const day = calendarDay(value);
    return day === undefined ? { success: false } : { success: true, data: day };
  },
};
