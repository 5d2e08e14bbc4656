/**
 * Runs `work` for each item, at most `limit` at a time, taking them in the list's order; resolves when
 * all have ended. A rejection rejects the whole run, so a caller for whom one item's failure is only
 * that item's outcome catches inside `work`. Once `signal` is aborted no further item starts.
 */
export async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
}
