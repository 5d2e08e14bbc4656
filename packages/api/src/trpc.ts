import {
  isCheckViolation,
  isDatabaseUnavailable,
  isDataException,
  isForeignKeyViolation,
  isUniqueViolation,
} from '@blogfleet/db';
import { isIntegrationError } from '@blogfleet/integrations/errors';
import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context';
import { AppError, describeError } from './errors';
import { fromIntegrationError } from './integration-errors';
import { authenticate } from './services/auth';

export type Access = 'public' | 'user' | 'admin';
/**
 * `access` is set by the procedure base (public, protected, admin), so routers never restate it.
 * `restShape: 'data-meta'` answers REST as `{ success, data: output.data, meta: output.meta }` (lists
 * the spec reads as `data` + `meta.pagination`); others answer `{ success, data: output }`.
 */
export type Meta = OpenApiMeta & {
  access?: Access;
  restShape?: 'data-meta';
  /** A larger request body than BODY_LIMIT_BYTES for this REST endpoint only (uploads). */
  bodyLimit?: number;
};

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const described = describeError(error);
      const { stack: _stack, ...data } = shape.data;
      return {
        ...shape,
        message: described.message,
        data: { ...data, appCode: described.code, appMessage: described.message, details: described.details },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Database failures that a caller can act on get a catalogue code instead of a 500. */
function mapDatabaseError(result: { ok: false; error: { cause?: unknown } }): void {
  if (isUniqueViolation(result.error.cause)) {
    const { detail = '', constraint } = result.error.cause;
    const value = /=\((.*)\)/.exec(detail)?.[1];
    // Worded like MySQL's message, which the console's clients already recognise.
    const key = constraint ? ` for key '${constraint}'` : '';
    throw new AppError(
      'DATABASE_ERROR',
      value ? `Duplicate entry '${value}'${key}` : `Duplicate entry${key}`,
      { constraint: result.error.cause.constraint ?? null },
      result.error.cause,
    );
  }
  const cause = result.error.cause;
  if (isDatabaseUnavailable(cause)) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'The database is not reachable right now. Please try again in a moment.',
      null,
      cause,
    );
  }
  if (isCheckViolation(cause) || isDataException(cause)) {
    const target = cause.constraint ?? cause.column;
    throw new AppError(
      'VALIDATION_ERROR',
      `Value out of range or not allowed${target ? ` (${target})` : ''}`,
      null,
      cause,
    );
  }
  if (isForeignKeyViolation(cause)) {
    throw new AppError(
      'VALIDATION_ERROR',
      'A referenced record does not exist',
      { constraint: cause.constraint ?? null },
      cause,
    );
  }
}

/**
 * The one place where failures of the systems below us become catalogue errors: database errors
 * (above) and external systems (any client's IntegrationError, mapped in integration-errors.ts).
 * One middleware, not two: every middleware layer costs each call.
 */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  if (isIntegrationError(result.error.cause)) throw fromIntegrationError(result.error.cause);
  mapDatabaseError(result);
  return result;
});

const base = t.procedure.use(mapErrors);

export const publicProcedure = base.meta({ access: 'public' });

export const protectedProcedure = base.meta({ access: 'user' }).use(async ({ ctx, next }) => {
  const user = await authenticate(ctx, ctx.req.accessToken);
  return next({ ctx: { user } });
});

export const adminProcedure = base.meta({ access: 'admin' }).use(async ({ ctx, next }) => {
  const user = await authenticate(ctx, ctx.req.accessToken);
  if (user.role !== 'admin') {
    throw new AppError('FORBIDDEN', "Access denied. You don't have permission to view this page.");
  }
  return next({ ctx: { user } });
});
