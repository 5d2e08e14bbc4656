import { Alert } from '@blogfleet/ui';
import { Trans } from '@lingui/react/macro';
import { apiError } from '../../lib/api-errors';
import { ApiErrorMessage } from '../../lib/api-error-message';

/** A call the server refused for want of a signed-in user (doc2 §6, §8). */
export function isAuthError(error: unknown): boolean {
  return apiError(error).code === 'UNAUTHORIZED';
}

/**
 * A tab's failed load: "Authentication required" when the server wants a signed-in user (doc2 §8),
 * otherwise the server's message (or the fallback).
 */
export function PoolLoadError({ error, fallback }: { error: unknown; fallback: string }) {
  if (isAuthError(error)) {
    return (
      <Alert data-testid="pool-auth-required">
        <Trans>Authentication required</Trans>
      </Alert>
    );
  }
  return (
    <Alert>
      <ApiErrorMessage error={error} fallback={fallback} />
    </Alert>
  );
}

/** The issues of a VALIDATION_ERROR answer (`details.issues`), each with its path split; none otherwise. */
export function serverIssues(error: unknown): { path: string[]; message: string }[] {
  const { code, details } = apiError(error);
  if (code !== 'VALIDATION_ERROR') return [];
  const issues = (details as { issues?: { path?: string; message?: string }[] } | null)?.issues ?? [];
  return issues
    .filter((i) => i.path && i.message)
    .map((i) => ({ path: String(i.path).split('.'), message: String(i.message) }));
}

/** The per-field messages of a VALIDATION_ERROR answer, by the field's first path part. */
export function serverFieldIssues(error: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { path, message } of serverIssues(error)) (out[path[0]!] ??= []).push(message);
  return out;
}
