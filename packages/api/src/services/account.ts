import type { ChangePasswordInput, InterfaceLanguage } from '@blogfleet/validators';
import type { Context, SessionUser } from '../context';
import { AppError } from '../errors';
import { audit } from './audit';
import { admitLoginAttempt, recordLoginSuccess } from './login-limits';
import { hashPassword, verifyPassword } from './passwords';
import { toPublicUser, type PublicUser } from './user-view';

type SelfCtx = Pick<Context, 'db' | 'loginLimits' | 'req' | 'sessions'> & { user: SessionUser };

const TOO_MANY = 'Too many wrong passwords. Please try again later.';

const refused = (path: string, message: string) =>
  new AppError('VALIDATION_ERROR', `${path}: ${message}`, { issues: [{ path, message }] });

/**
 * Changes the caller's own password. The current password must be right (a wrong one is a
 * VALIDATION_ERROR on `currentPassword`, never 401, which would end this session); every other
 * session family of the user is revoked, the one making the change stays signed in.
 *
 * The current password is checked under the sign-in limits (this account from this address, the same
 * counters as login), or a stolen access token could guess it without bound; past them the answer is
 * RATE_LIMITED with Retry-After whatever the password, and refused attempts are not counted.
 */
export async function changeOwnPassword(
  ctx: SelfCtx,
  input: ChangePasswordInput,
): Promise<{ changed: true; sessionsEnded: number }> {
  const row = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash'])
    .where('id', '=', ctx.user.id)
    .executeTakeFirst();
  if (!row) throw new AppError('UNAUTHORIZED', 'Session expired. Please login again.');
  const email = row.email.toLowerCase();
  const attemptId = await admitLoginAttempt(ctx, email, TOO_MANY);
  if (!(await verifyPassword(row.password_hash, input.currentPassword))) {
    await audit(ctx, { action: 'account.password_refused', subjectType: 'user', subjectId: row.id });
    throw refused('currentPassword', 'Current password is incorrect');
  }
  await recordLoginSuccess(ctx, email, attemptId);
  if (input.newPassword === input.currentPassword) {
    throw refused('newPassword', 'The new password must differ from the current one');
  }
  const passwordHash = await hashPassword(input.newPassword);
  // The new password, the other sessions it ends, the audit row and the message that makes every
  // process forget them commit together (this session's cache entry is dropped too, and re-verified).
  const families = await ctx.sessions.change(ctx.db, { userId: row.id }, async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    const ended = await trx
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', row.id)
      .where('family_id', '!=', ctx.user.sessionFamily)
      .where('revoked_at', 'is', null)
      .returning('family_id')
      .execute();
    const distinct = [...new Set(ended.map((e) => e.family_id))];
    await audit(
      { ...ctx, db: trx },
      {
        action: 'account.password',
        subjectType: 'user',
        subjectId: row.id,
        details: { sessionsEnded: distinct.length },
      },
    );
    return distinct;
  });
  return { changed: true, sessionsEnded: families.length };
}

/** Stores the caller's interface language; login and auth/me return it so every browser applies it. */
export async function setOwnLanguage(ctx: SelfCtx, language: InterfaceLanguage): Promise<PublicUser> {
  const row = await ctx.db
    .updateTable('users')
    .set({ preferred_language: language })
    .where('id', '=', ctx.user.id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('UNAUTHORIZED', 'Session expired. Please login again.');
  return toPublicUser(row);
}
