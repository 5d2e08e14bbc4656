import { Button, EmptyState, Spinner } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../../lib/auth';
import { lazy, Suspense } from 'react';
import { useDocumentTitle } from './use-document-title';

const SignedInNotFound = lazy(() => import('./SignedInNotFound'));

function NotFoundContent() {
  return (
    <EmptyState
      title={
        <h1 className="text-lg font-semibold">
          <Trans>Page not found</Trans>
        </h1>
      }
      description={<Trans>The page you asked for does not exist.</Trans>}
      action={
        <Button asChild>
          <Link to="/">
            <Trans>Go to the dashboard</Trans>
          </Link>
        </Button>
      }
    />
  );
}

function PlainNotFound() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  return (
    <div className="grid min-h-screen place-items-center p-6">
      <NotFoundContent />
    </div>
  );
}

/** An unknown address: inside the shell for a signed-in user (the menu is the way on), plain otherwise. */
export function NotFoundPage() {
  const { state } = useAuth();
  if (state.status !== 'authenticated') return <PlainNotFound />;
  return (
    <Suspense fallback={<Spinner size="lg" className="m-auto" />}>
      <SignedInNotFound>
        <NotFoundContent />
      </SignedInNotFound>
    </Suspense>
  );
}
