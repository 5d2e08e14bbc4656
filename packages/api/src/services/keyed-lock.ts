/**
 * Runs one task per key at a time in this process (a double click on Buy waits for the first purchase
 * instead of racing it). Across processes the database decides (conditional updates).
 */
export function keyedLock() {
  const tails = new Map<string, Promise<unknown>>();
  return async function withLock<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(task);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
