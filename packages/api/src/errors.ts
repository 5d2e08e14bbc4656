import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';

/** The spec's error catalogue (core §8) plus the few codes the server itself needs. */
const catalogue = {
  VALIDATION_ERROR: 'BAD_REQUEST',
  PARSE_ERROR: 'PARSE_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  DATABASE_ERROR: 'CONFLICT',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_SUPPORTED',
  /** 409: the call needs an integration nobody has set up; `details.integration` names it. */
  INTEGRATION_NOT_CONFIGURED: 'CONFLICT',
  /** 502: an external system failed or refused; the message is the provider's. */
  INTEGRATION_ERROR: 'BAD_GATEWAY',
  /** 502: an external system refused the stored credentials (never 401, which would end our session). */
  UNAUTHORIZED_INTEGRATION: 'BAD_GATEWAY',
  PURCHASE_FAILED: 'UNPROCESSABLE_CONTENT',
  /** 409: changed on WordPress and here; WordPress's version was kept, `details.revisionId` holds ours. */
  SYNC_CONFLICT: 'CONFLICT',
  TIMEOUT_ERROR: 'GATEWAY_TIMEOUT',
  /** 503: the database is unreachable or overloaded; retry shortly. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL_ERROR: 'INTERNAL_SERVER_ERROR',
} as const satisfies Record<string, TRPC_ERROR_CODE_KEY>;

/** Answered by the HTTP server itself (request line or headers refused before routing), never by a procedure. */
export const transportErrorCodes = ['URI_TOO_LONG', 'HEADERS_TOO_LARGE'] as const;

export type AppErrorCode = keyof typeof catalogue;
export type ErrorCode = AppErrorCode | (typeof transportErrorCodes)[number];
export const appErrorCodes = [...(Object.keys(catalogue) as AppErrorCode[]), ...transportErrorCodes];

export class AppError extends TRPCError {
  readonly appCode: AppErrorCode;
  readonly details: unknown;

  constructor(appCode: AppErrorCode, message: string, details?: unknown, cause?: unknown) {
    super({ code: catalogue[appCode], message, cause });
    this.appCode = appCode;
    this.details = details ?? null;
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/** What a plain TRPCError (thrown by tRPC or the OpenAPI adapter, not by us) means in our catalogue. */
const fromTrpcCode: Partial<Record<TRPC_ERROR_CODE_KEY, AppErrorCode>> = {
  BAD_REQUEST: 'VALIDATION_ERROR',
  PARSE_ERROR: 'PARSE_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'DATABASE_ERROR',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  METHOD_NOT_SUPPORTED: 'METHOD_NOT_ALLOWED',
  TIMEOUT: 'TIMEOUT_ERROR',
  GATEWAY_TIMEOUT: 'TIMEOUT_ERROR',
  BAD_GATEWAY: 'INTEGRATION_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

export interface IssueDetail {
  path: string;
  message: string;
}

interface ZodLikeError {
  name: string;
  issues: { path: PropertyKey[]; message: string }[];
}

function isZodError(e: unknown): e is ZodLikeError {
  return e instanceof Error && e.name === 'ZodError' && Array.isArray((e as Partial<ZodLikeError>).issues);
}

/** The public face of any error: code, message and details that are safe to show a caller. */
export function describeError(error: TRPCError): { code: AppErrorCode; message: string; details: unknown } {
  if (error instanceof AppError)
    return { code: error.appCode, message: error.message, details: error.details };
  // Only input validation is the caller's fault; a ZodError on output is our bug and stays a 500.
  if (error.code === 'BAD_REQUEST' && isZodError(error.cause)) {
    const issues: IssueDetail[] = error.cause.issues.map((i) => ({
      path: i.path.map(String).join('.'),
      message: i.message,
    }));
    const message = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
    return { code: 'VALIDATION_ERROR', message: message || 'Invalid input', details: { issues } };
  }
  const code = fromTrpcCode[error.code] ?? 'INTERNAL_ERROR';
  if (code === 'INTERNAL_ERROR') {
    return { code, message: 'An unexpected error occurred. Please try again.', details: null };
  }
  return { code, message: error.message, details: null };
}
