import {
  IntegrationError,
  type IntegrationErrorDetails,
  type IntegrationErrorKind,
  type IntegrationName,
} from '../errors';

/** Codes the API layer can show; WordPress's own message is kept in `message`. */
export type WordPressErrorCode =
  | 'UNREACHABLE'
  | 'TIMEOUT'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'INVALID'
  | 'REST_DISABLED'
  | 'UPSTREAM_ERROR'
  | 'PROVISION_FAILED'
  | 'ALREADY_HOSTED';

export interface WordPressErrorDetails extends IntegrationErrorDetails {
  /** WordPress's own error code (`rest_forbidden`, …); the same value as `providerCode`. */
  wpCode?: string;
}

const KINDS: Record<WordPressErrorCode, IntegrationErrorKind> = {
  UNAUTHORIZED: 'unauthorized',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'not_found',
  INVALID: 'invalid',
  TIMEOUT: 'timeout',
  UNREACHABLE: 'unreachable',
  UPSTREAM_ERROR: 'upstream',
  REST_DISABLED: 'upstream',
  PROVISION_FAILED: 'upstream',
  // The domain is taken (by a site or by MariaDB names we did not create): the request cannot be served
  // as asked, like any other refused input.
  ALREADY_HOSTED: 'invalid',
};

/** The integrations kind of a WordPress code; an HTTP 429 is `rate_limited` whatever code it got. */
export function wordPressErrorKind(code: WordPressErrorCode, status?: number): IntegrationErrorKind {
  return status === 429 ? 'rate_limited' : KINDS[code];
}

/**
 * Every failure of the REST client (integration `wordpress`). `code` is kept for callers that switch on
 * it; `kind` carries the same meaning in the terms every integration shares.
 */
export class WordPressError extends IntegrationError {
  override name = 'WordPressError';
  declare readonly details: WordPressErrorDetails;

  constructor(
    readonly code: WordPressErrorCode,
    message: string,
    details: WordPressErrorDetails = {},
    options?: { cause?: unknown; integration?: IntegrationName },
  ) {
    const withProvider = details.wpCode ? { ...details, providerCode: details.wpCode } : details;
    super(
      options?.integration ?? 'wordpress',
      wordPressErrorKind(code, details.status),
      message,
      withProvider,
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
  }
}

/**
 * Failures of the hosting side (provisioner, site servers, host checks): integration `wordpress_host`.
 * Still a WordPressError, so `instanceof WordPressError` and `code` keep working.
 */
export class WordPressHostError extends WordPressError {
  override name = 'WordPressHostError';

  constructor(
    code: WordPressErrorCode,
    message: string,
    details: WordPressErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(code, message, details, { ...options, integration: 'wordpress_host' });
  }
}
