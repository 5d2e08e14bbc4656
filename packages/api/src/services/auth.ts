import { randomUUID } from 'node:crypto';
import { sql, type Database, type Kysely, type Selectable, type UsersTable } from '@blogfleet/db';
import type { LoginInput } from '@blogfleet/validators';
import type { Context, SessionUser } from '../context';
import { AppError } from '../errors';
import { admitLoginAttempt, recordLoginSuccess } from './login-limits';
import { timingSafeDummyHash, verifyPassword } from './passwords';
import { hashRefreshToken, newRefreshToken, signAccessToken, verifyAccessToken } from './tokens';
import { toPublicUser, type PublicUser } from './user-view';

export { pruneLoginAttempts } from './login-limits';

const INVALID_CREDENTIALS = 'Invalid email or password';
const SESSION_EXPIRED = 'Session expired. Please login again.';

type AuthCtx = Pick<Context, 'db' | 'auth' | 'loginLimits' | 'req' | 'sessions'>;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

async function issueTokens(
  ctx: AuthCtx,
  user: Selectable<UsersTable>,
  familyId: string,
): Promise<IssuedTokens> {
  const refreshToken = newRefreshToken();
  await ctx.db
    .insertInto('sessions')
    .values({
      user_id: user.id,
      family_id: familyId,
      token_hash: hashRefreshToken(refreshToken),
      expires_at: new Date(Date.now() + ctx.auth.refreshTokenTtlSeconds * 1000),
      ip: ctx.req.ip,
      user_agent: ctx.req.userAgent?.slice(0, 512) ?? null,
    })
    .execute();
  const accessToken = await signAccessToken(ctx.auth, {
    userId: user.id,
    role: user.role,
    sessionFamily: familyId,
  });
  return { accessToken, refreshToken, expiresIn: ctx.auth.accessTokenTtlSeconds };
}

export async function login(
  ctx: AuthCtx,
  input: LoginInput,
): Promise<{ tokens: IssuedTokens; user: PublicUser }> {
  const email = input.email.toLowerCase();
  const attemptId = await admitLoginAttempt(ctx, email);
  const user = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email)
    .executeTakeFirst();
  const passwordOk = await verifyPassword(
    user?.password_hash ?? (await timingSafeDummyHash()),
    input.password,
  );
  if (!user || !passwordOk || user.status !== 'active')
    throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);

  await recordLoginSuccess(ctx, email, attemptId);
  const updated = await ctx.db
    .updateTable('users')
    .set({ last_login: new Date() })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const tokens = await issueTokens(ctx, updated, randomUUID());
  return { tokens, user: toPublicUser(updated) };
}

/**
 * A family is dead as soon as any of its rows is revoked, whatever rows were added after.
 * `family` is the family id, or a column reference when used inside a query on sessions.
 */
const familyIsLive = (family: string | ReturnType<typeof sql.ref>) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM sessions r WHERE r.family_id = ${family} AND r.revoked_at IS NOT NULL)`;

async function familyRevoked(ctx: Pick<Context, 'db'>, familyId: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

async function revokeFamily(ctx: Pick<Context, 'db' | 'sessions'>, familyId: string): Promise<void> {
  await ctx.sessions.change(ctx.db, { family: familyId }, (trx) =>
    trx
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute(),
  );
}

/** Revokes every live session of a user, inside the caller's transaction (see SessionCache.change). */
export async function revokeUserSessionsIn(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(
  ctx: Pick<Context, 'db' | 'sessions'>,
  userId: number,
): Promise<void> {
  await ctx.sessions.change(ctx.db, { userId }, (trx) => revokeUserSessionsIn(trx, userId));
}

/** Rotates a refresh token; presenting one that was already rotated revokes its whole family. */
export async function refresh(
  ctx: AuthCtx,
  refreshToken: string,
): Promise<IssuedTokens & { user: PublicUser }> {
  const tokenHash = hashRefreshToken(refreshToken);
  // The conditional update is the compare-and-set: of two concurrent uses only one gets the row.
  const spent = await ctx.db
    .updateTable('sessions')
    .set({ rotated_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where(familyIsLive(sql.ref('sessions.family_id')))
    .returning(['user_id', 'family_id'])
    .executeTakeFirst();
  if (!spent) {
    const known = await ctx.db
      .selectFrom('sessions')
      .select(['family_id', 'rotated_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (known?.rotated_at) await revokeFamily(ctx, known.family_id);
    throw new AppError('UNAUTHORIZED', SESSION_EXPIRED);
  }
  const user = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', spent.user_id)
    .executeTakeFirst();
  if (!user || user.status !== 'active') {
    await revokeFamily(ctx, spent.family_id);
    throw new AppError('UNAUTHORIZED', SESSION_EXPIRED);
  }
  const tokens = await issueTokens(ctx, user, spent.family_id);
  // A concurrent reuse may have revoked the family between our rotation and our insert; then the new
  // row must die with it, or the thief's half of the race would keep a live session.
  if (await familyRevoked(ctx, spent.family_id)) {
    await revokeFamily(ctx, spent.family_id);
    throw new AppError('UNAUTHORIZED', SESSION_EXPIRED);
  }
  return { ...tokens, user: toPublicUser(user) };
}

export async function logout(
  ctx: Pick<Context, 'db' | 'user' | 'sessions'>,
  refreshToken: string,
): Promise<void> {
  const row = await ctx.db
    .selectFrom('sessions')
    .select(['family_id', 'user_id'])
    .where('token_hash', '=', hashRefreshToken(refreshToken))
    .executeTakeFirst();
  if (row && row.user_id === ctx.user?.id) await revokeFamily(ctx, row.family_id);
  if (ctx.user) await revokeFamily(ctx, ctx.user.sessionFamily);
}

/** Resolves the caller from a bearer token: valid signature, live session, active account. */
export async function authenticate(
  ctx: Pick<Context, 'db' | 'auth' | 'sessions'>,
  accessToken: string | null,
): Promise<SessionUser> {
  if (!accessToken) throw new AppError('UNAUTHORIZED', 'Please log in to continue');
  const known = ctx.sessions.get(accessToken);
  if (known) return known;
  const generation = ctx.sessions.generation();
  const claims = await verifyAccessToken(ctx.auth, accessToken);
  if (!claims) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED);
  const row = await ctx.db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('id', '=', claims.userId)
    .where('status', '=', 'active')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sessions')
          .select(sql`1`.as('one'))
          .where('family_id', '=', claims.sessionFamily)
          .where('user_id', '=', claims.userId),
      ),
    )
    .where(familyIsLive(claims.sessionFamily))
    .executeTakeFirst();
  if (!row) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED);
  const user = { id: row.id, role: row.role, sessionFamily: claims.sessionFamily };
  ctx.sessions.set(accessToken, user, claims.expiresAt ?? 0, generation);
  return user;
}

export async function currentUser(ctx: Pick<Context, 'db'>, userId: number): Promise<PublicUser> {
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED);
  return toPublicUser(user);
}
