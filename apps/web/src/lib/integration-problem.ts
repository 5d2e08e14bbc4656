import type { ApiErrorInfo } from './api-errors';

/** Codes of a failed external system, each shown with its message and a link to its settings section. */
const INTEGRATION_CODES = new Set([
  'INTEGRATION_NOT_CONFIGURED',
  'UNAUTHORIZED_INTEGRATION',
  'INTEGRATION_ERROR',
]);
const SETTINGS_SECTIONS = new Set(['ai', 'wordpress_host', 'cloudflare', 'registrar', 'keyword_data']);

export interface IntegrationProblem {
  /** The provider's message, as the server gave it. */
  message: string;
  /** The settings section (`details.integration`). */
  section: string;
  /** Its anchor on /settings (`wordpress-host`). */
  hash: string;
}

/** The settings section behind an INTEGRATION_* failure, or null (other failures, per-site systems). */
export function integrationProblemOf({ code, message, details }: ApiErrorInfo): IntegrationProblem | null {
  if (!INTEGRATION_CODES.has(code)) return null;
  const integration = (details as { integration?: unknown } | null)?.integration;
  if (typeof integration !== 'string' || !SETTINGS_SECTIONS.has(integration)) return null;
  return { message, section: integration, hash: integration.replace(/_/g, '-') };
}
