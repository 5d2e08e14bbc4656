/** Date filters in a list's URL (posts, the AI pool's decisions and metrics): only real days are kept. */
import { describe, expect, it } from 'vitest';
import { calendarDay, calendarDayField } from '../src/lib/calendar-day';

describe('a day in a list URL', () => {
  it('keeps a real day as typed', () => {
    expect(calendarDay('2024-02-29')).toBe('2024-02-29');
    expect(calendarDayField.safeParse('2026-11-27')).toEqual({ success: true, data: '2026-11-27' });
  });

  it('drops a day the calendar does not have, another format, or no text', () => {
    for (const bad of [
      '2024-02-31',
      '2023-02-29',
      '2026-13-01',
      '27.11.2026',
      '2026-1-5',
      '',
      20261127,
      null,
    ]) {
      expect(calendarDay(bad), String(bad)).toBeUndefined();
      expect(calendarDayField.safeParse(bad).success).toBe(false);
    }
  });
});
