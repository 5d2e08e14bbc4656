/** In-process locks: per domain (a whole provisioning or deprovisioning) and per host root (ports). */
export const domainLocks = new Map<string, Promise<unknown>>();
export const hostLocks = new Map<string, Promise<unknown>>();

/** Runs `fn` after every earlier holder of `key` in `locks` has settled. */
export async function withLock<T>(
  locks: Map<string, Promise<unknown>>,
  key: string,
  fn: () => Promise<T>,
): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const current = previous.catch(() => undefined).then(fn);
  locks.set(key, current);
  try {
    return await current;
  } finally {
    if (locks.get(key) === current) locks.delete(key);
  }
}
