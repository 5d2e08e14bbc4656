/**
 * How WordPress treats the credentials of a REST request, for the test server: who the caller is, and
 * the errors it gives when the caller may not do something.
 */
import type { IncomingMessage } from 'node:http';

/** A WordPress error answer: status, code, message and optional `data` fields (e.g. `params`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface AccessOptions {
  username: string;
  password: string;
  /**
   * What WordPress does with a wrong or revoked application password. 'anonymous' (default, and what
   * Debian's WordPress does here): it goes on as if no credentials were sent, as it also does whenever
   * application passwords are unavailable (plain HTTP outside a 'local' environment). 'reject': it
   * answers 401 `incorrect_password` to every request.
   */
  refusedCredentials: 'anonymous' | 'reject';
  canEditPosts: boolean;
  /** manage_categories: the edit context of terms and creating terms (editors and administrators). */
  canManageTerms: boolean;
}

export interface Caller {
  loggedIn: boolean;
  canEditPosts: boolean;
  canManageTerms: boolean;
  /** manage_options (settings): the administrator. */
  canManageOptions: boolean;
  /**
   * Throws WordPress's permission error: 401 for an anonymous caller, 403 for a logged-in one
   * (rest_authorization_required_code()).
   */
  deny(code: string, message: string): never;
}

function credentials(req: IncomingMessage, options: AccessOptions): 'none' | 'ok' | 'bad' {
  const header = req.headers.authorization;
  if (!header) return 'none';
  const [scheme, token] = header.split(' ');
  if (scheme !== 'Basic' || !token) return 'bad';
  const decoded = Buffer.from(token, 'base64').toString();
  const sep = decoded.indexOf(':');
  const user = decoded.slice(0, sep);
  const pass = decoded.slice(sep + 1).replace(/\s+/g, '');
  return user === options.username && pass === options.password.replace(/\s+/g, '') ? 'ok' : 'bad';
}

/** The caller of `req`; throws 401 `incorrect_password` for bad credentials in the 'reject' mode. */
export function callerOf(req: IncomingMessage, options: AccessOptions): Caller {
  const given = credentials(req, options);
  if (given === 'bad' && options.refusedCredentials === 'reject') {
    throw new HttpError(
      401,
      'incorrect_password',
      'The provided password is an invalid application password.',
    );
  }
  const loggedIn = given === 'ok';
  return {
    loggedIn,
    canEditPosts: loggedIn && options.canEditPosts,
    canManageTerms: loggedIn && options.canManageTerms,
    canManageOptions: loggedIn && options.canEditPosts && options.canManageTerms,
    deny(code, message) {
      throw new HttpError(loggedIn ? 403 : 401, code, message);
    },
  };
}

/**
 * `status` of a post listing: anyone may ask for published posts, other statuses need edit_posts. Like
 * WordPress, this is argument validation, so it answers before any permission check.
 */
export function checkListedStatuses(caller: Caller, statuses: string[]): void {
  if (caller.canEditPosts || statuses.every((s) => s === 'publish')) return;
  throw new HttpError(400, 'rest_invalid_param', 'Invalid parameter(s): status', {
    params: { status: 'Status is forbidden.' },
    details: {
      status: { code: 'rest_forbidden_status', message: 'Status is forbidden.', data: { status: 401 } },
    },
  });
}
