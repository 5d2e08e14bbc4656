import { useToasterWanted } from '@blogfleet/ui';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import type { AppRouter } from '@blogfleet/api';
import type { CreateQueryUtils } from '@trpc/react-query/shared';
import type { AuthStore } from '../lib/auth-store';

const Toaster = lazy(() => import('../lib/toaster'));

/** The toast area (and its library) arrives with the first toast. */
function RootLayout() {
  const toasterWanted = useToasterWanted();
  return (
    <>
      <Outlet />
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}

export interface RouterContext {
  auth: AuthStore;
  /** tRPC's query helpers on the app's cache: loaders call `ensureData` so a screen opens with its data. */
  trpc: CreateQueryUtils<AppRouter>;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
