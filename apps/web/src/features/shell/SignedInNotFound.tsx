import { JobPanelProvider } from '@blogfleet/ui';
import type { ReactNode } from 'react';
import { Shell } from './Shell';

/** The 404 inside the shell; its own chunk, so pages without the shell (login) do not load the shell. */
export default function SignedInNotFound({ children }: { children: ReactNode }) {
  return (
    <JobPanelProvider>
      <Shell notFound>{children}</Shell>
    </JobPanelProvider>
  );
}
