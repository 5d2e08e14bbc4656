import type { Notifier } from '@blogfleet/db';
import type { SessionUser } from '../context';

export const SESSIONS_CHANNEL = 'blogfleet_sessions';
/** A safety net only: revocations reach every process at once through the notifier. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 20_000;

type Change = { userId: number } | { family: string };

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

  /** `expiresAt`: when the token itself expires (ms). */
  set(token: string, user: SessionUser, expiresAt: number): void {
    if (!this.#notifier.healthy()) return;
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(token, { user, until: Math.min(expiresAt, Date.now() + MAX_AGE_MS) });
  }

  /** Forgets the sessions a change touched, here and in every other process. */
  async changed(change: Change): Promise<void> {
    this.#forget(change);
    await this.#notifier.publish(SESSIONS_CHANNEL, JSON.stringify(change));
  }

  #receive(payload: string | null) {
    if (payload === null) return this.#entries.clear();
    try {
      this.#forget(JSON.parse(payload) as Change);
    } catch {
      this.#entries.clear();
    }
  }

  #forget(change: Change) {
    for (const [token, { user }] of this.#entries) {
      if ('userId' in change ? user.id === change.userId : user.sessionFamily === change.family) {
        this.#entries.delete(token);
      }
    }
  }
}
