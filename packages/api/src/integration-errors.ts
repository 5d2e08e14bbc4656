import type { IntegrationError } from '@blogfleet/integrations/errors';
import { isIntegrationSection, settingsPath } from '@blogfleet/validators';
import { AppError, type AppErrorCode } from './errors';

/**
 * The one place where a failure of an external system becomes a catalogue error (used by the
 * mapErrors middleware in trpc.ts):
 * - unauthorized / forbidden → UNAUTHORIZED_INTEGRATION (502; never 401, which would end our session)
 * - not_configured → INTEGRATION_NOT_CONFIGURED (409)
 * - timeout → TIMEOUT_ERROR (504)
 * - invalid → VALIDATION_ERROR (400): our own check refused the input before anything was sent
 *   (a malformed base URL, a bad domain name). A provider refusing a request it received is not
 *   `invalid` but `upstream`, so it stays an INTEGRATION_ERROR with the provider's words.
 * - everything else (unreachable, upstream, rate_limited, not_found) → INTEGRATION_ERROR (502)
 * The message is the provider's (clients strip secrets from it). `details.integration` names the
 * system; `details.settingsPath` is where an admin fixes credentials or configuration.
 */
export function fromIntegrationError(err: IntegrationError): AppError {
  const code: AppErrorCode =
    err.kind === 'unauthorized' || err.kind === 'forbidden'
      ? 'UNAUTHORIZED_INTEGRATION'
      : err.kind === 'not_configured'
        ? 'INTEGRATION_NOT_CONFIGURED'
        : err.kind === 'timeout'
          ? 'TIMEOUT_ERROR'
          : err.kind === 'invalid'
            ? 'VALIDATION_ERROR'
            : 'INTEGRATION_ERROR';
  const fixable = code === 'UNAUTHORIZED_INTEGRATION' || code === 'INTEGRATION_NOT_CONFIGURED';
  const { status, providerCode, retryAfterMs } = err.details;
  const details: Record<string, unknown> = { integration: err.integration, kind: err.kind };
  if (fixable && isIntegrationSection(err.integration)) details.settingsPath = settingsPath(err.integration);
  if (typeof status === 'number') details.status = status;
  if (typeof providerCode === 'string') details.providerCode = providerCode;
  // Said in the Retry-After header too (apps/server/src/plugins/retry-after.ts).
  if (typeof retryAfterMs === 'number') details.retryAfterSeconds = Math.ceil(retryAfterMs / 1000);
  return new AppError(code, err.message, details, err);
}
