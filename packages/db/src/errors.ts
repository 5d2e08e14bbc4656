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
