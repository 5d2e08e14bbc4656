import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { TRPCClientError } from '@trpc/client';
import { integrationProblemOf, type IntegrationProblem } from './integration-problem';
import { RestError } from './rest';

export interface ApiErrorInfo {
  code: string;
  message: string;
  details: unknown;
}

/** The catalogue code, message and details of any failed call, or a network error. */
export function apiError(err: unknown): ApiErrorInfo {
  if (err instanceof RestError) return { code: err.code, message: err.message, details: err.details };
  if (err instanceof TRPCClientError) {
    const data = err.data as { appCode?: string; appMessage?: string; details?: unknown } | undefined;
    if (data?.appCode)
      return { code: data.appCode, message: data.appMessage ?? err.message, details: data.details };
    return { code: 'NETWORK_ERROR', message: err.message, details: null };
  }
  return { code: 'API_ERROR', message: err instanceof Error ? err.message : String(err), details: null };
}

/**
 * What the user reads for a failed call (core §8). `duplicate` names the thing that already exists,
 * `fallback` is the screen's own message for anything without a better one.
 */
export function userMessage(err: unknown, opts: { fallback: string; duplicate?: string }): string {
  const { code, message, details } = apiError(err);
  switch (code) {
    case 'PURCHASE_FAILED':
      if ((details as { type?: string } | null)?.type === 'insufficient_balance')
        return i18n._(
          msg`Domain purchase failed: Insufficient balance in your account. Please add funds to continue.`,
        );
      return i18n._(msg`Domain purchase failed: ${message}`);
    case 'VALIDATION_ERROR':
      return i18n._(msg`Validation error: ${message}`);
    case 'NOT_FOUND':
      return i18n._(msg`The requested resource was not found.`);
    case 'NETWORK_ERROR':
      return i18n._(msg`Network error. Please check your internet connection and try again.`);
    case 'TIMEOUT_ERROR':
      return i18n._(msg`Request timed out. Please try again.`);
    case 'PARSE_ERROR':
      return i18n._(msg`Failed to process server response. Please try again.`);
    case 'FORBIDDEN':
      return message;
    case 'DATABASE_ERROR':
      if (message.includes('Duplicate entry') && opts.duplicate) return opts.duplicate;
      if (message.includes('not found')) return i18n._(msg`The requested resource was not found.`);
      return i18n._(msg`Database error occurred. Please try again later.`);
    case 'INTERNAL_ERROR':
      return opts.fallback;
    default:
      return message || opts.fallback || i18n._(msg`An unexpected error occurred. Please try again.`);
  }
}

/**
 * For INTEGRATION_NOT_CONFIGURED, UNAUTHORIZED_INTEGRATION and INTEGRATION_ERROR: the provider's message
 * and the settings section to fix it in (`/settings#cloudflare`), or null for any other failure.
 */
export function integrationProblem(err: unknown): IntegrationProblem | null {
  return integrationProblemOf(apiError(err));
}
