import { sql, type Database, type Kysely } from '@blogfleet/db';
import type { Context } from '../context';
import { AppError } from '../errors';

/**
 * Failed sign-ins are counted three ways over the window:
 * - per email and address (`maxFailuresPerEmail`): a stranger elsewhere cannot lock the owner out;
 * - per address over all emails (`maxFailuresPerIp`): password spraying;
 * - per email from anywhere: once GLOBAL_FACTOR × `maxFailuresPerEmail` failures are in the window, many
 *   addresses together (a botnet) are slowed down: the next attempt is admitted only 1 s after the latest
 *   failure, then 2 s, 4 s … up to MAX_BACKOFF_SECONDS. With the defaults (10, 15 min) that is about 60
 *   guesses per account per window in total, instead of 10 per address without bound. Addresses that hold a
 *   live session of the account (where the owner is signed in) are exempt, so the owner keeps signing in
 *   from there while a stranger hammers from elsewhere; a session that was revoked or has expired proves
 *   nothing about the address any more (a stolen one is revoked), so it exempts nothing.
 * Refused attempts are not recorded, so hammering extends nothing: every limit ends once the admitted
 * failures have left the window.
 */
export const GLOBAL_FACTOR = 5;
export const MAX_BACKOFF_SECONDS = 300;

type LimitCtx = Pick<Context, 'db' | 'loginLimits' | 'req'>;

const TOO_MANY = 'Too many login attempts. Please try again later.';

/** Seconds since `expr`, computed by the database so its clock is the only one involved. */
const ageOf = (expr: ReturnType<typeof sql>) => sql<number | null>`extract(epoch from now() - ${expr})`;

async function signedInFromHere(ctx: LimitCtx, email: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where(sql`lower(users.email)`, '=', email)
    .where('sessions.ip', '=', ctx.req.ip)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records the attempt as a failure and returns its id, or takes it back and refuses with `refusal` and
 * `retryAfterSeconds`. Recording first makes parallel guesses count each other; each attempt counts only
 * those recorded before it, so a burst admits exactly as many as the limit allows. Any check of an
 * account's password (sign-in, the current password on a password change) goes through here.
 */
export async function admitLoginAttempt(ctx: LimitCtx, email: string, refusal = TOO_MANY): Promise<number> {
  const { windowSeconds, maxFailuresPerEmail, maxFailuresPerIp } = ctx.loginLimits;
  const ip = ctx.req.ip;
  const { id } = await ctx.db
    .insertInto('login_attempts')
    .values({ email, ip, succeeded: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pair = sql`email = ${email} AND ip = ${ip}`;
  const counts = await ctx.db
    .selectFrom('login_attempts')
    .select([
      sql<number>`count(*) FILTER (WHERE ${pair})`.as('byPair'),
      sql<number>`count(*) FILTER (WHERE ip = ${ip})`.as('byIp'),
      sql<number>`count(*) FILTER (WHERE email = ${email} AND id < ${id})`.as('earlierByEmail'),
      ageOf(sql`min(created_at) FILTER (WHERE ${pair})`).as('pairOldestAge'),
      ageOf(sql`min(created_at) FILTER (WHERE ip = ${ip})`).as('ipOldestAge'),
      ageOf(sql`max(created_at) FILTER (WHERE email = ${email} AND id < ${id})`).as('emailLatestAge'),
    ])
    .where('succeeded', '=', false)
    .where('created_at', '>=', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
    .where('id', '<=', id)
    .where((eb) => eb.or([eb('email', '=', email), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();

  const waits: number[] = [];
  if (Number(counts.byPair) > maxFailuresPerEmail) waits.push(windowSeconds - Number(counts.pairOldestAge));
  if (Number(counts.byIp) > maxFailuresPerIp) waits.push(windowSeconds - Number(counts.ipOldestAge));
  const beyond = Number(counts.earlierByEmail) - GLOBAL_FACTOR * maxFailuresPerEmail;
  if (beyond >= 0) {
    const delay = Math.min(2 ** beyond, MAX_BACKOFF_SECONDS, windowSeconds);
    const wait = delay - Number(counts.emailLatestAge);
    if (wait > 0 && !(await signedInFromHere(ctx, email))) waits.push(wait);
  }
  if (waits.length === 0) return id;

  await ctx.db.deleteFrom('login_attempts').where('id', '=', id).execute();
  throw new AppError('RATE_LIMITED', refusal, {
    retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits))),
  });
}

/** A success clears the failures of this email from this address only; a stranger's elsewhere stay counted. */
export async function recordLoginSuccess(ctx: LimitCtx, email: string, attemptId: number): Promise<void> {
  await ctx.db.updateTable('login_attempts').set({ succeeded: true }).where('id', '=', attemptId).execute();
  await ctx.db
    .deleteFrom('login_attempts')
    .where('email', '=', email)
    .where('ip', '=', ctx.req.ip)
    .where('succeeded', '=', false)
    .execute();
}

/** Deletes attempts recorded before `olderThan`; the limits only look at the window. Returns how many. */
export async function pruneLoginAttempts(db: Kysely<Database>, olderThan: Date): Promise<number> {
  const result = await db.deleteFrom('login_attempts').where('created_at', '<', olderThan).executeTakeFirst();
  return Number(result.numDeletedRows);
}
