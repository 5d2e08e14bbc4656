import { toast } from '@blogfleet/ui';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { UsersPage } from '../../features/users/UsersPage';
import { usersQuery, validateUsersSearch } from '../../features/users/users-search';

/** The admin guard of core §2: non-admins go to /dashboard and are told why. */
export const Route = createFileRoute('/_app/users')({
  validateSearch: validateUsersSearch,
  beforeLoad: ({ context }) => {
    const auth = context.auth.get();
    if (auth.status === 'authenticated' && auth.user.role !== 'admin') {
      toast.error(i18n._(msg`Access denied. You don't have permission to view this page.`), {
        id: 'access-denied',
      });
      throw redirect({ to: '/dashboard', replace: true });
    }
  },
  loaderDeps: ({ search }) => usersQuery(search),
  // The page and the cards arrive with the screen (and on hover over its link, with the default preload).
  loader: ({ context, deps }) =>
    // Settled, not all: a failed prefetch lets the screen show its own error message.
    Promise.allSettled([context.trpc.users.list.ensureData(deps), context.trpc.users.stats.ensureData()]),
  component: UsersPage,
});
