import { describe, expect, it } from 'vitest';
import { forEachBounded } from '../src/services/bounded';

/** Work that ends when the test says so, recording what ran at once. */
function gatedWork() {
  const started: number[] = [];
  const release = new Map<number, () => void>();
  let running = 0;
  let most = 0;
  const work = async (n: number) => {
    started.push(n);
    running++;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => release.set(n, resolve));
    running--;
  };
  const tick = () => new Promise((r) => setImmediate(r));
  return { work, started, release, most: () => most, tick };
}

describe('forEachBounded', () => {
  it('runs every item, never more than the limit at once, in the list’s order', async () => {
    const g = gatedWork();
    const done = forEachBounded([1, 2, 3, 4, 5], 2, g.work);
    await g.tick();
    expect(g.started).toEqual([1, 2]);
    g.release.get(2)!();
    await g.tick();
    expect(g.started).toEqual([1, 2, 3]);
    // Each item that ends lets the next one start, one at a time.
    for (const n of [1, 3, 4]) {
      g.release.get(n)!();
      await g.tick();
    }
    expect(g.started).toEqual([1, 2, 3, 4, 5]);
    g.release.get(5)!();
    await done;
    expect(g.started).toEqual([1, 2, 3, 4, 5]);
    expect(g.most()).toBe(2);
  });

  it('starts nothing more once the signal is aborted, and ends with the items under way', async () => {
    const g = gatedWork();
    const abort = new AbortController();
    const done = forEachBounded([1, 2, 3, 4], 2, g.work, abort.signal);
    await g.tick();
    abort.abort();
    g.release.get(1)!();
    g.release.get(2)!();
    await done;
    expect(g.started).toEqual([1, 2]);
  });

  it('an empty list or a limit below one still ends', async () => {
    await forEachBounded([], 4, async () => {});
    const seen: number[] = [];
    await forEachBounded([1, 2], 0, async (n) => void seen.push(n));
    expect(seen).toEqual([1, 2]);
  });

  it('a failing item fails the run', async () => {
    await expect(
      forEachBounded([1, 2], 2, async (n) => {
        if (n === 2) throw new Error('item 2 failed');
      }),
    ).rejects.toThrow('item 2 failed');
  });
});
