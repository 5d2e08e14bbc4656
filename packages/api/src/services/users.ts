import { randomBytes } from 'node:crypto';
import { sql } from '@blogfleet/db';
import type { CreateUserInput, ListUsersInput, UpdateUserInput } from '@blogfleet/validators';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { audit } from './audit';
import { revokeUserSessions } from './auth';
import { hashPassword } from './passwords';
import { likePattern, pagination } from './search';
import { toPublicUser, type PublicUser } from './user-view';

type AdminCtx = Pick<Context, 'db' | 'req'> & { user: { id: number } };

export async function listUsers(ctx: Pick<Context, 'db'>, input: ListUsersInput) {
  const { page, limit } = input;
  let query = ctx.db.selectFrom('users');
  if (input.role && input.role !== 'all') query = query.where('role', '=', input.role);
  if (input.search) {
    const pattern = likePattern(input.search);
    query = query.where((eb) => eb.or([eb('username', 'ilike', pattern), eb('email', 'ilike', pattern)]));
  }
  // The window count gives the total in the same round trip as the page.
  const rows = await query
    .selectAll()
    .select(sql<number>`count(*) OVER ()`.as('total_count'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  let total = Number(rows[0]?.total_count ?? 0);
  if (rows.length === 0 && page > 1) {
    const counted = await query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    total = Number(counted.n);
  }
  return { users: rows.map(toPublicUser), pagination: pagination(page, limit, total) };
}

export async function userStats(ctx: Pick<Context, 'db'>) {
  const since = new Date(Date.now() - 30 * 24 * 3600 * 1000);
  const row = await ctx.db
    .selectFrom('users')
    .select([
      sql<number>`count(*)`.as('total_users'),
      sql<number>`count(*) FILTER (WHERE role = 'admin')`.as('admin_count'),
      sql<number>`count(*) FILTER (WHERE status = 'active')`.as('active_users'),
      sql<number>`count(*) FILTER (WHERE last_login >= ${since})`.as('active_last_30_days'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total_users: Number(row.total_users),
    admin_count: Number(row.admin_count),
    active_users: Number(row.active_users),
    active_last_30_days: Number(row.active_last_30_days),
  };
}

export async function getUser(ctx: Pick<Context, 'db'>, id: number): Promise<PublicUser> {
  const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('User');
  return toPublicUser(row);
}

export async function createUser(ctx: AdminCtx, input: CreateUserInput): Promise<PublicUser> {
  const row = await ctx.db
    .insertInto('users')
    .values({
      username: input.username,
      email: input.email,
      role: input.role,
      status: input.status,
      password_hash: await hashPassword(input.password),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(ctx, {
    action: 'user.create',
    subjectType: 'user',
    subjectId: row.id,
    details: { role: row.role },
  });
  return toPublicUser(row);
}

function refuseSelfHarm(ctx: AdminCtx, id: number, change: { role?: string; status?: string }) {
  if (id !== ctx.user.id) return;
  if (change.status === 'inactive') throw new AppError('FORBIDDEN', 'You cannot deactivate your own account');
  if (change.role && change.role !== 'admin')
    throw new AppError('FORBIDDEN', 'You cannot remove your own admin role');
}

export async function updateUser(ctx: AdminCtx, id: number, input: UpdateUserInput): Promise<PublicUser> {
  refuseSelfHarm(ctx, id, input);
  const { password, ...fields } = input;
  const row = await ctx.db
    .updateTable('users')
    .set({
      ...fields,
      ...(password ? { password_hash: await hashPassword(password) } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('User');
  // A deactivated user, or one whose password was reset, must sign in again everywhere.
  if (row.status === 'inactive' || password) await revokeUserSessions(ctx, id);
  await audit(ctx, {
    action: 'user.update',
    subjectType: 'user',
    subjectId: id,
    details: { fields: Object.keys(fields), passwordChanged: Boolean(password) },
  });
  return toPublicUser(row);
}

export async function setUserStatus(ctx: AdminCtx, id: number, status: 'active' | 'inactive') {
  refuseSelfHarm(ctx, id, { status });
  const row = await ctx.db
    .updateTable('users')
    .set({ status, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('User');
  if (status === 'inactive') await revokeUserSessions(ctx, id);
  await audit(ctx, { action: 'user.status', subjectType: 'user', subjectId: id, details: { status } });
  return toPublicUser(row);
}

export async function deleteUser(ctx: AdminCtx, id: number): Promise<{ id: number; deleted: true }> {
  if (id === ctx.user.id) throw new AppError('FORBIDDEN', 'You cannot delete your own account');
  const row = await ctx.db
    .deleteFrom('users')
    .where('id', '=', id)
    .returning(['id', 'email'])
    .executeTakeFirst();
  if (!row) throw notFound('User');
  await audit(ctx, {
    action: 'user.delete',
    subjectType: 'user',
    subjectId: id,
    details: { email: row.email },
  });
  return { id, deleted: true };
}

export interface InitialAdmin {
  email: string;
  password: string;
  generated: boolean;
}

/** On an empty users table, creates the first admin; returns null when users already exist. */
export async function ensureInitialAdmin(
  ctx: Pick<Context, 'db'>,
  opts: { email: string; password?: string },
): Promise<InitialAdmin | null> {
  const existing = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const password = opts.password ?? randomBytes(12).toString('base64url');
  const inserted = await ctx.db
    .insertInto('users')
    .values({
      username: 'admin',
      email: opts.email.toLowerCase(),
      role: 'admin',
      status: 'active',
      password_hash: await hashPassword(password),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  // Another process may have won the race on a shared database; then it printed the credentials.
  if (!inserted) return null;
  return { email: opts.email.toLowerCase(), password, generated: !opts.password };
}
