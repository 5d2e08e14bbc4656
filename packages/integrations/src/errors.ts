/**
 * The external systems Blogfleet reaches. The same names key the settings sections
 * (integration_settings) and `details.integration` of the API's INTEGRATION_* errors.
 */
export const integrationNames = [
  'ai',
  'wordpress_host',
  'wordpress',
  'cloudflare',
  'registrar',
  'keyword_data',
  'files',
  'monitoring',
] as const;
export type IntegrationName = (typeof integrationNames)[number];

/**
 * What went wrong, in terms a caller can act on. The API maps these in one place:
 * `unauthorized` → UNAUTHORIZED_INTEGRATION, `not_configured` → INTEGRATION_NOT_CONFIGURED,
 * `timeout` → TIMEOUT_ERROR, `invalid` (our input refused before it left) → VALIDATION_ERROR,
 * everything else → INTEGRATION_ERROR with the provider's message.
 */
export type IntegrationErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'invalid'
  | 'rate_limited'
  | 'timeout'
  | 'unreachable'
  | 'upstream'
  | 'not_configured';

export interface IntegrationErrorDetails {
  /** HTTP status the provider answered, when there was an answer. */
  status?: number;
  /** The provider's own error code (e.g. WordPress `rest_forbidden`, Porkbun `ERROR`). */
  providerCode?: string;
  /** Where the request went, without credentials. */
  url?: string;
  [key: string]: unknown;
}

/**
 * Base of every error an integration client throws. `message` is the provider's own message (or ours
 * when there was no answer), already stripped of secrets: it is shown to the operator as it is.
 */
export class IntegrationError extends Error {
  override name = 'IntegrationError';
  constructor(
    readonly integration: IntegrationName,
    readonly kind: IntegrationErrorKind,
    message: string,
    readonly details: IntegrationErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isIntegrationError(e: unknown): e is IntegrationError {
  return e instanceof IntegrationError;
}
