import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { isLocalPath } from '../lib/local-path';

export interface LoginSearch {
  redirect?: string;
  reason?: 'expired';
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: isLocalPath(search.redirect) ? search.redirect : undefined,
    reason: search.reason === 'expired' ? 'expired' : undefined,
  }),
  beforeLoad: ({ context, search }) => {
    if (context.auth.get().status === 'authenticated')
      throw redirect({ to: search.redirect ?? '/', replace: true });
  },
  component: LoginPage,
});
