import { Toaster } from '@blogfleet/ui';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import type { AuthStore } from '../lib/auth-store';

export interface RouterContext {
  auth: AuthStore;
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
