import { useEffect, useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as Chunk from './schemas-chunk';

/**
 * The validation schemas (and zod, ~21 kB compressed) arrive in a chunk of their own: /login renders
 * without them and fetches them when the form is first touched; signed-in screens wait for them before
 * the router starts (see main.tsx), so a route's `validateSearch` can read them synchronously.
 */
export type Schemas = typeof Chunk;

// zod probes for eval (new Function) to compile faster parsers; our Content-Security-Policy forbids eval,
// so the probe would show up as a CSP violation on every page. zod reads this before its first parse.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

let loaded: Schemas | null = null;
let pending: Promise<Schemas> | null = null;

export function loadSchemas(): Promise<Schemas> {
  pending ??= import('./schemas-chunk').then(
    (chunk) => (loaded = chunk),
    (err: unknown) => {
      // A failed download (deploy, flaky network) may be retried by the next caller.
      pending = null;
      throw err;
    },
  );
  return pending;
}

/** The schemas when loaded, else null (only before sign-in: then no app route is shown). */
export function loadedSchemas(): Schemas | null {
  return loaded;
}

/** A react-hook-form resolver for a schema of the chunk, fetching the chunk on first use. */
export function lazyZodResolver<T extends FieldValues>(
  pick: (s: Schemas) => Parameters<Schemas['zodResolver']>[0],
) {
  const resolver: Resolver<T> = async (values, context, options) => {
    const s = await loadSchemas();
    return (s.zodResolver(pick(s)) as unknown as Resolver<T>)(values, context, options);
  };
  return resolver;
}

/**
 * True once the schemas are here, or when they are not needed (nobody signed in). Fetches them when
 * needed; a failed download is retried, so a flaky network delays the app instead of breaking it.
 */
export function useSchemasReady(needed: boolean): boolean {
  const [ready, setReady] = useState(() => loaded !== null);
  useEffect(() => {
    if (!needed || ready) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () =>
      loadSchemas().then(
        () => !cancelled && setReady(true),
        () => {
          if (!cancelled) timer = setTimeout(attempt, 2000);
        },
      );
    void attempt();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [needed, ready]);
  // Loaded meanwhile (the login form fetches them on first touch): no spinner, no remount.
  return ready || loaded !== null || !needed;
}
