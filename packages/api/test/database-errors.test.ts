import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createContext, type ApiDeps } from '../src/context';
import { AppError, describeError } from '../src/errors';
import { publicProcedure, router } from '../src/trpc';

/** A database failure as pg and PGlite raise it: an Error with a SQLSTATE code. */
function pgFailure(code: string, extra: Record<string, string> = {}) {
  return Object.assign(new Error(`db said ${code} at SELECT secret FROM users`), { code, ...extra });
}

async function failureOf(error: Error) {
  const r = router({
    boom: publicProcedure.query(() => {
      throw error;
    }),
  });
  const caller = r.createCaller(
    createContext({} as ApiDeps, { ip: '127.0.0.1', userAgent: null, accessToken: null }),
  );
  try {
    await caller.boom();
  } catch (e) {
    expect(e).toBeInstanceOf(TRPCError);
    return { http: (e as TRPCError).code, ...describeError(e as TRPCError) };
  }
  throw new Error('expected the call to fail');
}

describe('database failures reach the caller as catalogue codes', () => {
  it('a unique violation is 409 DATABASE_ERROR with a MySQL-style "Duplicate entry"', async () => {
    const f = await failureOf(
      pgFailure('23505', {
        constraint: 'domains_name_key',
        detail: 'Key (lower(domain_name))=(a.com) already exists.',
      }),
    );
    expect(f).toMatchObject({ http: 'CONFLICT', code: 'DATABASE_ERROR' });
    expect(f.message).toBe("Duplicate entry 'a.com' for key 'domains_name_key'");
  });

  it.each(['22003', '22021', '22P02', '22001'])(
    'data exception %s is a 400 VALIDATION_ERROR',
    async (code) => {
      const f = await failureOf(pgFailure(code, { column: 'score' }));
      expect(f).toMatchObject({ http: 'BAD_REQUEST', code: 'VALIDATION_ERROR' });
      expect(f.message).not.toMatch(/SELECT|secret/);
    },
  );

  it('a check violation names the constraint, not the SQL', async () => {
    const f = await failureOf(pgFailure('23514', { constraint: 'keywords_score_check' }));
    expect(f).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(f.message).toContain('keywords_score_check');
    expect(f.message).not.toMatch(/SELECT/);
  });

  it('a foreign-key violation says a referenced record is missing', async () => {
    const f = await failureOf(pgFailure('23503', { constraint: 'sites_domain_id_fkey' }));
    expect(f).toMatchObject({ code: 'VALIDATION_ERROR', message: 'A referenced record does not exist' });
  });

  it('anything else is a 500 INTERNAL_ERROR that reveals nothing', async () => {
    const f = await failureOf(pgFailure('42P01'));
    expect(f).toEqual({
      http: 'INTERNAL_SERVER_ERROR',
      code: 'INTERNAL_ERROR',
      message: 'An unexpected error occurred. Please try again.',
      details: null,
    });
  });

  it('a procedure whose own output fails its schema is a 500 that names no fields', async () => {
    const r = router({
      bad: publicProcedure
        .output(z.object({ id: z.number() }))
        .query(() => ({ id: 'not-a-number' }) as never),
    });
    const caller = r.createCaller(
      createContext({} as ApiDeps, { ip: '127.0.0.1', userAgent: null, accessToken: null }),
    );
    const error = await caller.bad().catch((e: TRPCError) => e);
    expect(describeError(error as TRPCError)).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'An unexpected error occurred. Please try again.',
      details: null,
    });
  });

  it('an AppError passes through unchanged', async () => {
    const f = await failureOf(new AppError('NOT_FOUND', 'Site not found'));
    expect(f).toMatchObject({ http: 'NOT_FOUND', code: 'NOT_FOUND', message: 'Site not found' });
  });
});
