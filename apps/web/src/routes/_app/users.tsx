import { toast } from '@blogfleet/ui';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { UsersPage } from '../../features/users/UsersPage';

/** The admin guard of core §2: non-admins go to /dashboard and are told why. */
export const Route = createFileRoute('/_app/users')({
  beforeLoad: ({ context }) => {
    const auth = context.auth.get();
    if (auth.status === 'authenticated' && auth.user.role !== 'admin') {
      toast.error(i18n._(msg`Access denied. You don't have permission to view this page.`), {
        id: 'access-denied',
      });
      throw redirect({ to: '/dashboard', replace: true });
    }
  },
  component: UsersPage,
});
