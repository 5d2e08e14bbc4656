/** A page number or a gap marker in a page-button window. */
export type PageItem = number | 'gap-start' | 'gap-end';

/**
 * The numbered page buttons to show (1-based): always the first and last page, a window around the
 * current one, and gaps where pages are left out. `siblings` pages are shown on each side of the current.
 */
export function pageWindow(current: number, total: number, siblings = 1): PageItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, current), total);
  // first + last + current + 2*siblings + 2 gaps
  const slots = 2 * siblings + 5;
  if (total <= slots) return Array.from({ length: total }, (_, i) => i + 1);

  const left = Math.max(page - siblings, 2);
  const right = Math.min(page + siblings, total - 1);
  const showLeftGap = left > 3;
  const showRightGap = right < total - 2;

  if (!showLeftGap && showRightGap) {
    const count = 3 + 2 * siblings;
    return [...Array.from({ length: count }, (_, i) => i + 1), 'gap-end', total];
  }
  if (showLeftGap && !showRightGap) {
    const count = 3 + 2 * siblings;
    return [1, 'gap-start', ...Array.from({ length: count }, (_, i) => total - count + 1 + i)];
  }
  const middle = Array.from({ length: right - left + 1 }, (_, i) => left + i);
  return [1, 'gap-start', ...middle, 'gap-end', total];
}
