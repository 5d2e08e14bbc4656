/** Messages between the server's thread and the thread that owns PGlite. */
export interface InitMessage {
  type: 'init';
  /** A directory, or `memory://`. */
  location: string;
}

export type Request =
  | { id: number; type: 'query'; sql: string; params: unknown[] }
  | { id: number; type: 'exec'; sql: string }
  | { id: number; type: 'close' };

export interface QueryResult {
  rows: Record<string, unknown>[];
  affectedRows?: number;
}

/** The fields of a Postgres error that our error mapping reads (SQLSTATE, constraint, …). */
export interface SerializedError {
  message: string;
  code?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
  severity?: string;
}

export type Response =
  | { id: number; ok: true; result: QueryResult }
  | { id: number; ok: false; error: SerializedError }
  | { id: 0; type: 'ready' }
  | { id: 0; type: 'init-failed'; error: SerializedError };

export function serializeError(e: unknown): SerializedError {
  const err = (e ?? {}) as Partial<SerializedError> & { message?: unknown };
  const pick = (k: keyof SerializedError) => (typeof err[k] === 'string' ? (err[k] as string) : undefined);
  return {
    message: typeof err.message === 'string' ? err.message : String(e),
    code: pick('code'),
    detail: pick('detail'),
    constraint: pick('constraint'),
    table: pick('table'),
    column: pick('column'),
    severity: pick('severity'),
  };
}
