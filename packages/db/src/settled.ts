/**
 * Waits until every promise in the set (which may grow meanwhile) has settled and what they set off has
 * had its turn, or until `ms` has passed; answers whether they all settled.
 */
export async function settledWithin(set: ReadonlySet<Promise<unknown>>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  do {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    if (set.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...set]),
        new Promise((resolve) => (timer = setTimeout(resolve, left))),
      ]);
      clearTimeout(timer);
    }
    await new Promise((resolve) => setImmediate(resolve));
  } while (set.size > 0);
  return true;
}
