import { tokens } from './tokens';

/** Access tokens live 60 minutes; the client renews them every 50 (core §9). */
export const REFRESH_INTERVAL_MS = 50 * 60 * 1000;

let inFlight: Promise<boolean> | null = null;

/**
 * Spends the stored refresh token for a new pair. Concurrent callers share one request, because
 * a refresh token is single-use and a second spend would revoke the whole session.
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= (async () => {
    const refreshToken = tokens.refresh();
    if (!refreshToken) return false;
    try {
      const res = await fetch('/api/v1/auth/refresh-token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      const body = (await res.json()) as {
        success: boolean;
        data?: { accessToken: string; refreshToken: string };
      };
      if (!res.ok || !body.success || !body.data) return false;
      tokens.set(body.data.accessToken, body.data.refreshToken);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
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
