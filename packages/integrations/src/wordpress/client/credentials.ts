import { WordPressError } from '../errors';
import { CREDENTIALS_REFUSED_CODES, redact, type HttpConfig, type RawResponse } from './http';

/** The route that tells whether WordPress accepted our credentials (200) or served us anonymously (401). */
export const ME_ROUTE = '/wp/v2/users/me';

interface WpErrorBody {
  code?: unknown;
  data?: { params?: Record<string, unknown> };
}

/**
 * Whether a failed answer may just be WordPress serving an anonymous visitor. WordPress does not reject
 * a wrong or revoked application password on every request: it often goes on as if none was sent (and
 * always does when application passwords are unavailable, e.g. over plain HTTP outside a 'local'
 * environment). The anonymous answer is then a permission error (`rest_forbidden`,
 * `rest_forbidden_context`, `rest_cannot_*`, any 401/403) or, because argument validation runs before
 * the permission check, `rest_invalid_param` on `status` or `context`.
 * Codes that name the refusal outright (`incorrect_password`, …) need no second opinion; WordPress's
 * "not logged in" does, since it is also what an anonymous visitor gets.
 */
export function mayBeAnonymousAnswer(res: RawResponse): boolean {
  const body = (res.json ?? {}) as WpErrorBody;
  const code = typeof body.code === 'string' ? body.code : '';
  if (code !== 'rest_not_logged_in' && CREDENTIALS_REFUSED_CODES.has(code)) return false;
  if (res.status === 401 || res.status === 403) return true;
  if (/^rest_(forbidden|cannot_)/.test(code)) return true;
  const params = body.data?.params;
  return code === 'rest_invalid_param' && !!params && ('status' in params || 'context' in params);
}

/**
 * Reads `GET /wp/v2/users/me?context=edit` (allowed to every logged-in user): true when the credentials
 * were accepted, false when WordPress answered as to an anonymous visitor, undefined when it cannot tell
 * (5xx, not JSON, …).
 */
export function credentialsAccepted(me: RawResponse): boolean | undefined {
  if (me.status >= 200 && me.status < 300) return me.isJson ? true : undefined;
  const code = (me.json as WpErrorBody | undefined)?.code;
  if (me.status === 401 || (typeof code === 'string' && CREDENTIALS_REFUSED_CODES.has(code))) return false;
  return undefined;
}

/** UNAUTHORIZED for an answer WordPress gave after ignoring our credentials; keeps its code and status. */
export function credentialsRefused(
  cfg: HttpConfig,
  username: string,
  method: string,
  route: string,
  res: RawResponse,
): WordPressError {
  const body = (res.json ?? {}) as { code?: unknown; message?: unknown };
  const wpCode = typeof body.code === 'string' ? body.code : undefined;
  const said = typeof body.message === 'string' && body.message ? `: ${body.message}` : '';
  const message =
    `WordPress refused the application password for user ${JSON.stringify(username)} and answered ` +
    `${method} ${route} as for an anonymous visitor${said}. The password is wrong or revoked, or the site ` +
    'does not allow application passwords (they need HTTPS unless WP_ENVIRONMENT_TYPE is local).';
  return new WordPressError('UNAUTHORIZED', redact(message, cfg.secrets), {
    status: res.status,
    wpCode,
    url: res.url,
  });
}
