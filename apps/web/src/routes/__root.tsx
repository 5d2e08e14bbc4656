import { Toaster } from '@blogfleet/ui';
import { createRootRoute, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../features/shell/NotFoundPage';

export const Route = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <Toaster />
    </>
  ),
  notFoundComponent: NotFoundPage,
});
