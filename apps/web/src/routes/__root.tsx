import { useToastRequests, useToasterWanted } from '@blogfleet/ui';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import type { AppRouter } from '@blogfleet/api';
import type { CreateQueryUtils } from '@trpc/react-query/shared';
import type { AuthStore } from '../lib/auth-store';

const loadToaster = () => lazy(() => import('../lib/toaster'));

/**
 * Renders nothing when the toast area fails to load (a flaky network at the moment of an error toast),
 * so the page stays; `retryKey` changes with the next toast, which tries the download again.
 */
class ToasterBoundary extends Component<{ children: ReactNode; onError(): void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The toast area (and its library) arrives with the first toast. */
function RootLayout() {
  const toasterWanted = useToasterWanted();
  const requests = useToastRequests();
  const [toaster, setToaster] = useState<{ Lazy: ReturnType<typeof loadToaster>; failedAt: number | null }>(
    () => ({ Lazy: loadToaster(), failedAt: null }),
  );
  // After a failure, the next toast request brings a fresh loader (React.lazy keeps a rejection).
  if (toaster.failedAt !== null && requests > toaster.failedAt)
    setToaster({ Lazy: loadToaster(), failedAt: null });
  const { Lazy } = toaster;
  return (
    <>
      <Outlet />
      {toasterWanted && toaster.failedAt === null && (
        <ToasterBoundary
          key={String(requests > 0)}
          onError={() => setToaster((t) => ({ ...t, failedAt: requests }))}
        >
          <Suspense fallback={null}>
            <Lazy />
          </Suspense>
        </ToasterBoundary>
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
