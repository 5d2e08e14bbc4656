import { tokens } from './tokens';

/** Access tokens live 60 minutes; the client renews them every 50 (core §9). */
export const REFRESH_INTERVAL_MS = 50 * 60 * 1000;

/** `rejected`: the server refused the refresh token (the session is over); `unavailable`: try again later. */
export type RefreshOutcome = 'refreshed' | 'rejected' | 'unavailable';

let inFlight: Promise<RefreshOutcome> | null = null;

/** Other tabs share the stored tokens, so refreshes are serialised across tabs where the browser can. */
function acrossTabs<T>(fn: () => Promise<T>): Promise<T> {
  return typeof navigator !== 'undefined' && navigator.locks
    ? (navigator.locks.request('blogfleet-refresh', fn) as Promise<T>)
    : fn();
}

/**
 * Spends the stored refresh token for a new pair. A refresh token is single-use and a second spend
 * revokes the whole session, so concurrent callers share one request, and a tab that waited while
 * another tab refreshed just picks up the new tokens.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  const seen = tokens.refresh();
  inFlight ??= acrossTabs(async (): Promise<RefreshOutcome> => {
    const refreshToken = tokens.refresh();
    if (!refreshToken) return 'rejected';
    if (refreshToken !== seen) return 'refreshed';
    try {
      const res = await fetch('/api/v1/auth/refresh-token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      if (res.status === 401) return 'rejected';
      if (!res.ok) return 'unavailable';
      const body = (await res.json()) as { data: { accessToken: string; refreshToken: string } };
      tokens.set(body.data.accessToken, body.data.refreshToken);
      return 'refreshed';
    } catch {
      return 'unavailable';
    }
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

type Listener = () => void;
const expiredListeners = new Set<Listener>();

/** Called when a 401 cannot be recovered: tokens are cleared and the app returns to /login. */
export function sessionExpired() {
  tokens.clear();
  for (const l of expiredListeners) l();
}

export function onSessionExpired(listener: Listener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}
