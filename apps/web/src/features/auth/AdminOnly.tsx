import { toast } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { Navigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useCurrentUser } from '../../lib/auth';

/** The admin guard of core §2: non-admins go to /dashboard and are told why. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const { t } = useLingui();
  const denied = user.role !== 'admin';
  useEffect(() => {
    if (denied)
      toast.error(t`Access denied. You don't have permission to view this page.`, { id: 'access-denied' });
  }, [denied, t]);
  return denied ? <Navigate to="/dashboard" replace /> : <>{children}</>;
}
