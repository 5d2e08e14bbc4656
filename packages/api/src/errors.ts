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
  INTEGRATION_NOT_CONFIGURED: 'PRECONDITION_FAILED',
  PURCHASE_FAILED: 'UNPROCESSABLE_CONTENT',
  UPSTREAM_ERROR: 'BAD_GATEWAY',
  TIMEOUT_ERROR: 'GATEWAY_TIMEOUT',
  INTERNAL_ERROR: 'INTERNAL_SERVER_ERROR',
} as const satisfies Record<string, TRPC_ERROR_CODE_KEY>;

export type AppErrorCode = keyof typeof catalogue;
export const appErrorCodes = Object.keys(catalogue) as AppErrorCode[];

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
  PRECONDITION_FAILED: 'INTEGRATION_NOT_CONFIGURED',
  TIMEOUT: 'TIMEOUT_ERROR',
  GATEWAY_TIMEOUT: 'TIMEOUT_ERROR',
  BAD_GATEWAY: 'UPSTREAM_ERROR',
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
