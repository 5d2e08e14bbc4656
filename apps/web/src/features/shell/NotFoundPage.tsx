import { Button, EmptyState } from '@blogfleet/ui';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <div className="grid min-h-screen place-items-center p-6">
      <EmptyState
        title={<Trans>Page not found</Trans>}
        description={<Trans>The page you asked for does not exist.</Trans>}
        action={
          <Button asChild>
            <Link to="/">
              <Trans>Go to the dashboard</Trans>
            </Link>
          </Button>
        }
      />
    </div>
  );
}
