/** How many handled job ids a browser remembers per user (the panel lists at most the last hour's). */
const KEEP = 200;

const key = (userId: number) => `handledJobs:${userId}`;

/**
 * Jobs whose end this browser has already announced (core §4: each finished job is handled once),
 * kept in local storage so a reload does not announce them again.
 */
export function handledJobs(userId: number) {
  let ids: string[] = [];
  try {
    const raw = JSON.parse(localStorage.getItem(key(userId)) ?? '[]') as unknown;
    if (Array.isArray(raw)) ids = raw.filter((v): v is string => typeof v === 'string');
  } catch {
    // A damaged entry only means some old jobs may be announced again.
  }
  const set = new Set(ids);
  return {
    has: (id: string) => set.has(id),
    add(id: string) {
      if (set.has(id)) return;
      set.add(id);
      ids = [...ids, id].slice(-KEEP);
      localStorage.setItem(key(userId), JSON.stringify(ids));
    },
  };
}
