import { describe, expect, it } from 'vitest';
import { pageWindow } from '../src/lib/pagination';

describe('pageWindow', () => {
  it('lists every page when they fit', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows first, last and the neighbours of the current page with gaps', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap-end', 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap-end', 20]);
    expect(pageWindow(10, 20)).toEqual([1, 'gap-start', 9, 10, 11, 'gap-end', 20]);
    expect(pageWindow(17, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
  });

  it('clamps the current page and always has the same length once pages overflow', () => {
    expect(pageWindow(99, 20)).toEqual(pageWindow(20, 20));
    expect(pageWindow(-3, 20)).toEqual(pageWindow(1, 20));
    for (let p = 1; p <= 30; p++) expect(pageWindow(p, 30)).toHaveLength(7);
  });
});
