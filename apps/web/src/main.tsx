import { Spinner } from '@blogfleet/ui';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider } from './lib/auth';
import { authStore } from './lib/auth-store';
import { initI18n } from './lib/i18n';
import { loadedSchemas, loadSchemas, useSchemasReady } from './lib/schemas';
import { createQueryClient, createTrpcClient, trpc } from './lib/trpc';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { routeTree } from './routeTree.gen';
import './styles.css';

// One of each for the page's life: route loaders prefetch through the same cache the screens read.
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();

const router = createRouter({
  routeTree,
  context: { auth: authStore, trpc: createTRPCQueryUtils({ queryClient, client: trpcClient }) },
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/** Waits for a stored session to be confirmed (a spinner, core §2), and re-runs the guards when it changes. */
function Routes() {
  const auth = useSyncExternalStore(authStore.subscribe, authStore.get);
  useEffect(
    () =>
      authStore.subscribe(() => {
        // Signed in but the schemas not here yet: the router is not shown and runs when they are
        // (re-running it now would validate URLs and start loaders without them).
        if (authStore.get().status === 'authenticated' && !loadedSchemas()) return;
        void router.invalidate();
      }),
    [],
  );
  // Signed-in routes validate their URLs with the schemas, so those must be here before the router runs.
  const schemasReady = useSchemasReady(auth.status === 'authenticated');
  if (auth.status === 'loading' || !schemasReady) {
    return (
      <div className="grid min-h-screen place-items-center">
        <Spinner size="lg" />
      </div>
    );
  }
  return <RouterProvider router={router} />;
}

function App({ i18n }: { i18n: Awaited<ReturnType<typeof initI18n>> }) {
  return (
    <I18nProvider i18n={i18n}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <Routes />
          </AuthProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </I18nProvider>
  );
}

// A stored session will need the schemas: fetch them alongside the language catalog and the session check.
if (authStore.get().status === 'loading') void loadSchemas().catch(() => undefined);

void initI18n().then((i18n) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  ),
);
