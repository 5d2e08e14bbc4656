import type { AppRouter } from '@blogfleet/api';
import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { refreshSession, sessionExpired } from './session';
import { tokens } from './tokens';

export const trpc = createTRPCReact<AppRouter>();

/** Calls that never carry a session, so a 401 from them is an answer, not an expired session. */
const SESSIONLESS = new Set(['auth.login', 'auth.refreshToken']);

export function isUnauthorized(err: unknown): boolean {
  return err instanceof TRPCClientError && err.data?.httpStatus === 401;
}

/** On a 401 the call is retried once after a token refresh (core §7); a failed refresh ends the session. */
const refreshOn401: TRPCLink<AppRouter> =
  () =>
  ({ next, op }) =>
    observable((observer) => {
      let sub: Unsubscribable | null = null;
      let retried = false;
      const run = () => {
        sub = next(op).subscribe({
          next: (v) => observer.next(v),
          complete: () => observer.complete(),
          error: async (err) => {
            if (retried || SESSIONLESS.has(op.path) || !isUnauthorized(err)) return observer.error(err);
            retried = true;
            const outcome = await refreshSession();
            if (outcome === 'refreshed') return run();
            // Only a refused refresh token ends the session; a network blip or 5xx does not.
            if (outcome === 'rejected') sessionExpired();
            observer.error(err);
          },
        });
      };
      run();
      return () => sub?.unsubscribe();
    });

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      refreshOn401,
      httpBatchLink({
        url: '/trpc',
        // The server refuses larger batches (MAX_BATCH_SIZE in apps/server/src/plugins/trpc.ts).
        maxItems: 10,
        headers: () => {
          const token = tokens.access();
          return token ? { authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
}

/** Retries once, never for a 4xx, and does not refetch on window focus (doc2 §9). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (count, err) => {
          const status =
            err instanceof TRPCClientError ? (err.data?.httpStatus as number | undefined) : undefined;
          return count < 1 && !(status && status < 500);
        },
      },
      mutations: { retry: false },
    },
  });
}
