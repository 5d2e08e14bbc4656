import { Toaster } from '@blogfleet/ui';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import type { AppRouter } from '@blogfleet/api';
import type { CreateQueryUtils } from '@trpc/react-query/shared';
import type { AuthStore } from '../lib/auth-store';

export interface RouterContext {
  auth: AuthStore;
  /** tRPC's query helpers on the app's cache: loaders call `ensureData` so a screen opens with its data. */
  trpc: CreateQueryUtils<AppRouter>;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <Toaster />
    </>
  ),
  notFoundComponent: NotFoundPage,
});
