import { JobPanelProvider, Spinner } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { useAuth } from '../../lib/auth';
import { Shell } from './Shell';

/** The login guard: a spinner while the session is resolved, /login (origin remembered) without one. */
export function AppLayout() {
  const { state } = useAuth();
  const location = useLocation();
  const { t } = useLingui();
  if (state.status === 'loading') {
    return (
      <div className="grid min-h-screen place-items-center">
        <Spinner size="lg" label={t`Loading…`} />
      </div>
    );
  }
  if (state.status === 'anonymous') {
    return (
      <Navigate
        to="/login"
        search={{ redirect: location.href, reason: state.expired ? 'expired' : undefined }}
        replace
      />
    );
  }
  return (
    <JobPanelProvider>
      <Shell>
        <Outlet />
      </Shell>
    </JobPanelProvider>
  );
}
