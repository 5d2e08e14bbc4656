import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { authStore, type AuthState, type SessionUser } from './auth-store';
import { activateLocale } from './i18n';
import { onSessionExpired, REFRESH_INTERVAL_MS, refreshSession, sessionExpired } from './session';
import { tokens } from './tokens';
import { isUnauthorized, trpc } from './trpc';

export type { AuthState, SessionUser };

interface AuthApi {
  state: AuthState;
  login(email: string, password: string): Promise<SessionUser>;
  logout(): Promise<void>;
  /** Re-reads the signed-in user (after they edit their own account). */
  reload(): Promise<void>;
}

const AuthContext = createContext<AuthApi | null>(null);

/** At sign-in, the language the user chose in Settings (stored on the server) wins over this browser's. */
function applyPreferredLanguage(user: SessionUser) {
  if (user.preferred_language) void activateLocale(user.preferred_language);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const loginMutation = trpc.auth.login.useMutation();
  const logoutMutation = trpc.auth.logout.useMutation();
  const state = useSyncExternalStore(authStore.subscribe, authStore.get);
  const setState = authStore.set;

  const reload = useCallback(async () => {
    try {
      const { user } = await utils.auth.me.fetch(undefined, { staleTime: 0 });
      setState({ status: 'authenticated', user });
    } catch (err) {
      // The refresh link already tried. A refused session is over; an unreachable server is not proof
      // of that, so the tokens stay for the next attempt and the user sees the login page meanwhile.
      if (isUnauthorized(err)) sessionExpired();
      else setState({ status: 'anonymous', expired: false });
    }
  }, [utils, setState]);

  useEffect(() => {
    if (authStore.get().status === 'loading') void reload();
    // Only the first render decides whether a stored session is resumed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(
    () =>
      onSessionExpired(() => {
        queryClient.clear();
        setState({ status: 'anonymous', expired: true });
      }),
    [queryClient, setState],
  );

  useEffect(() => {
    if (state.status !== 'authenticated') return;
    const id = setInterval(() => {
      void refreshSession().then((outcome) => outcome === 'rejected' && sessionExpired());
    }, REFRESH_INTERVAL_MS);
    return () => clearInterval(id);
  }, [state.status]);

  const api = useMemo<AuthApi>(
    () => ({
      state,
      reload,
      async login(email, password) {
        const res = await loginMutation.mutateAsync({ email, password });
        tokens.set(res.tokens.accessToken, res.tokens.refreshToken);
        applyPreferredLanguage(res.user);
        queryClient.clear();
        setState({ status: 'authenticated', user: res.user });
        return res.user;
      },
      async logout() {
        const refreshToken = tokens.refresh();
        try {
          if (refreshToken) await logoutMutation.mutateAsync({ refreshToken });
        } catch {
          // Signing out locally must work even when the server cannot be reached.
        }
        tokens.clear();
        queryClient.clear();
        setState({ status: 'anonymous', expired: false });
      },
    }),
    [state, setState, reload, loginMutation, logoutMutation, queryClient],
  );

  return <AuthContext.Provider value={api}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthApi {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth needs <AuthProvider>');
  return ctx;
}

/** The signed-in user; only for components rendered behind the login guard. */
export function useCurrentUser(): SessionUser {
  const { state } = useAuth();
  if (state.status !== 'authenticated') throw new Error('useCurrentUser outside the login guard');
  return state.user;
}
