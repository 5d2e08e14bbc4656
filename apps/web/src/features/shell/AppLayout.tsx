import { JobPanelProvider } from '@blogfleet/ui';
import { Outlet } from '@tanstack/react-router';
import { Shell } from './Shell';

/** The signed-in frame; the route's guard has already checked the session. */
export function AppLayout() {
  return (
    <JobPanelProvider>
      <Shell>
        <Outlet />
      </Shell>
    </JobPanelProvider>
  );
}
