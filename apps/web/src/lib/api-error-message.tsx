import { toast } from '@blogfleet/ui';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { integrationProblem, userMessage } from './api-errors';
import { authStore } from './auth-store';

/**
 * The message of a failed call; when an external system failed (not configured, refused credentials,
 * or any other error) it links admins to that system's section in Settings.
 */
export function ApiErrorMessage({ error, fallback }: { error: unknown; fallback: string }) {
  const problem = integrationProblem(error);
  if (!problem) return <>{userMessage(error, { fallback })}</>;
  const auth = authStore.get();
  const admin = auth.status === 'authenticated' && auth.user.role === 'admin';
  return (
    <span className="flex flex-col gap-1">
      <span>{problem.message}</span>
      {admin && (
        <Link to="/settings" hash={problem.hash} className="font-medium underline underline-offset-2">
          <Trans>Open the settings</Trans>
        </Link>
      )}
    </span>
  );
}

/** An error toast for a failed call (with the settings link for integration failures). */
export function toastApiError(error: unknown, fallback: string) {
  toast.error(<ApiErrorMessage error={error} fallback={fallback} />);
}
