/** Postgres (and PGlite) report constraint failures with SQLSTATE codes. */
interface PgLikeError {
  code?: string;
  constraint?: string;
  detail?: string;
  table?: string;
}

function pgError(e: unknown): PgLikeError | null {
  return typeof e === 'object' && e !== null && 'code' in e ? (e as PgLikeError) : null;
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
