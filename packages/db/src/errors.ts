/** Postgres (and PGlite) report constraint and data failures with SQLSTATE codes. */
export interface PgLikeError {
  code: string;
  constraint?: string;
  detail?: string;
  table?: string;
  column?: string;
}

function pgError(e: unknown): PgLikeError | null {
  return typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string'
    ? (e as PgLikeError)
    : null;
}

export function isUniqueViolation(e: unknown): e is PgLikeError {
  return pgError(e)?.code === '23505';
}

export function isForeignKeyViolation(e: unknown): e is PgLikeError {
  return pgError(e)?.code === '23503';
}

export function isCheckViolation(e: unknown): e is PgLikeError {
  return pgError(e)?.code === '23514';
}

/** Class 22: a value the column cannot hold (out of range, NUL byte, bad format). */
export function isDataException(e: unknown): e is PgLikeError {
  const code = pgError(e)?.code;
  return code !== undefined && /^22[0-9A-Z]{3}$/.test(code);
}

/** The database cannot answer now (connection lost or refused, pool or embedded thread exhausted). */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  readonly code = 'BF_DB_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * SQLSTATE classes and socket errors that mean "the database is away or overloaded, try again":
 * 08 connection exception, 53 insufficient resources, 57P01–57P05 shutdown/crash/idle kill,
 * 57014 a statement cut by statement_timeout. Constraint and syntax errors are never in here.
 */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

export function isDatabaseUnavailable(e: unknown): boolean {
  for (let err = e, depth = 0; err && depth < 4; err = (err as { cause?: unknown }).cause, depth++) {
    if (err instanceof DatabaseUnavailableError) return true;
    const code = pgError(err)?.code;
    if (code) {
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
      if (/^(08|53)[0-9A-Z]{3}$/.test(code) || /^57P0[1-5]$/.test(code) || code === '57014') return true;
    }
    const message = err instanceof Error ? err.message : '';
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}
