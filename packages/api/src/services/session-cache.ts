import { executeSqlOn, type Database, type Kysely, type Notifier, type Transaction } from '@blogfleet/db';
import type { SessionUser } from '../context';

export const SESSIONS_CHANNEL = 'blogfleet_sessions';
/** A safety net only: revocations reach every process at once through the notifier. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 20_000;

/** Whose sessions a change touches: one user, several (bulk actions, at most a page of 500), or a family. */
type Change = { userId: number } | { userIds: number[] } | { family: string };

/** The test for one cached session, with a bulk change's ids in a set (a page of 500 × every entry). */
function toucher(change: Change): (user: SessionUser) => boolean {
  if ('userId' in change) return (user) => user.id === change.userId;
  if ('userIds' in change) {
    const ids = new Set(change.userIds);
    return (user) => ids.has(user.id);
  }
  return (user) => user.sessionFamily === change.family;
}

/**
 * Remembers which access tokens were verified (signature and live session in the database), so a
 * signed-in user's next requests skip both. Anything that ends or changes a session (logout, reuse
 * of a refresh token, deactivation, role change, deletion) calls `changed`, which forgets the
 * affected entries here and, through the database's notifier, in every other process. While the
 * notifier cannot promise delivery (its connection is down), nothing is served from the cache.
 */
export class SessionCache {
  readonly #entries = new Map<string, { user: SessionUser; until: number }>();
  readonly #notifier: Notifier;
  /** Counts every forgetting, so a check that started before one cannot store its (stale) answer. */
  #generation = 0;

  constructor(notifier: Notifier) {
    this.#notifier = notifier;
    notifier.subscribe(SESSIONS_CHANNEL, (payload) => this.#receive(payload));
  }

  get(token: string): SessionUser | null {
    if (!this.#notifier.healthy()) return null;
    const hit = this.#entries.get(token);
    if (!hit) return null;
    if (Date.now() >= hit.until) {
      this.#entries.delete(token);
      return null;
    }
    return hit.user;
  }

  /** Take before checking a session in the database; pass to `set` with the answer. */
  generation(): number {
    return this.#generation;
  }

  /**
   * `expiresAt`: when the token itself expires (ms). Stores nothing when any session changed since
   * `generation` was taken: the check may have read the state from before that change.
   */
  set(token: string, user: SessionUser, expiresAt: number, generation: number): void {
    if (!this.#notifier.healthy() || generation !== this.#generation) return;
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(token, { user, until: Math.min(expiresAt, Date.now() + MAX_AGE_MS) });
  }

  /**
   * Makes a change to sessions or users (`work`, in one transaction) and tells every process: the
   * NOTIFY commits with the change itself (never one without the other), and this process forgets the
   * touched sessions before and after, so a check that read the old state cannot keep it.
   */
  async change<T>(
    db: Kysely<Database>,
    change: Change,
    work: (trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    this.#forget(change);
    const result = await db.transaction().execute(async (trx) => {
      const out = await work(trx);
      await this.#notifier.publish(SESSIONS_CHANNEL, JSON.stringify(change), executeSqlOn(trx));
      return out;
    });
    this.#forget(change);
    return result;
  }

  #receive(payload: string | null) {
    if (payload === null) return this.#clear();
    try {
      this.#forget(JSON.parse(payload) as Change);
    } catch {
      this.#clear();
    }
  }

  #clear() {
    this.#generation++;
    this.#entries.clear();
  }

  #forget(change: Change) {
    this.#generation++;
    const touches = toucher(change);
    for (const [token, { user }] of this.#entries) {
      if (touches(user)) {
        this.#entries.delete(token);
      }
    }
  }
}
