import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../features/shell/AppLayout';

/** Every route below sits behind the login guard (core §2); the origin is remembered. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => {
    const auth = context.auth.get();
    if (auth.status !== 'authenticated') {
      throw redirect({
        to: '/login',
        search: {
          redirect: location.href,
          reason: auth.status === 'anonymous' && auth.expired ? 'expired' : undefined,
        },
        replace: true,
      });
    }
  },
  component: AppLayout,
});
