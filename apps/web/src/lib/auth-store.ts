import type { RouterOutputs } from '@blogfleet/api';
import { tokens } from './tokens';

export type SessionUser = RouterOutputs['auth']['me']['user'];

export type AuthState =
  | { status: 'loading' }
  | { status: 'anonymous'; expired: boolean }
  | { status: 'authenticated'; user: SessionUser };

type Listener = () => void;

/**
 * The session as a plain store: React reads it through useSyncExternalStore and the router's guards
 * read it synchronously, so a navigation right after login or logout never sees a stale state.
 */
function createAuthStore(initial: AuthState) {
  let state = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => state,
    set(next: AuthState) {
      state = next;
      for (const l of listeners) l();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

/** A stored session starts as 'loading' until the server confirms it. */
export const authStore = createAuthStore(
  tokens.access() || tokens.refresh() ? { status: 'loading' } : { status: 'anonymous', expired: false },
);
