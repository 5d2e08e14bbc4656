import { randomBytes } from 'node:crypto';
import { readCounters, sql, type RawBuilder, type Selectable, type UsersTable } from '@blogfleet/db';
import type { CreateUserInput, ListUsersInput, UpdateUserInput } from '@blogfleet/validators';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { audit } from './audit';
import { revokeUserSessionsIn } from './auth';
import { hashPassword } from './passwords';
import { listPage } from './list';
import { likePattern } from './search';
import { toPublicUser, type PublicUser } from './user-view';

type AdminCtx = Pick<Context, 'db' | 'req' | 'sessions'> & { user: { id: number } };

type UserRow = Selectable<UsersTable>;

const userSortBy: Record<
  ListUsersInput['sort'],
  { expr: RawBuilder<unknown>; value: (u: UserRow) => string | Date }
> = {
  created_at: { expr: sql`users.created_at`, value: (u) => u.created_at },
  username: { expr: sql`lower(users.username)`, value: (u) => u.username.toLowerCase() },
  email: { expr: sql`lower(users.email)`, value: (u) => u.email.toLowerCase() },
};

/** Totals the kept-current counters know exactly (no search, at most one of role and status). */
function userCounter(
  ctx: Pick<Context, 'db'>,
  input: ListUsersInput,
): (() => Promise<number | null>) | undefined {
  const role = input.role && input.role !== 'all' ? input.role : null;
  const status = input.status && input.status !== 'all' ? input.status : null;
  if (input.search || (role && status)) return undefined;
  return async () => {
    const c = await readCounters(ctx.db, ['users.total', 'users.role.admin', 'users.status.active']);
    if (role === 'admin') return c['users.role.admin'];
    if (role === 'user') return c['users.total'] - c['users.role.admin'];
    if (status === 'active') return c['users.status.active'];
    if (status === 'inactive') return c['users.total'] - c['users.status.active'];
    return c['users.total'];
  };
}

export async function listUsers(ctx: Pick<Context, 'db'>, input: ListUsersInput) {
  let filtered = ctx.db.selectFrom('users');
  if (input.role && input.role !== 'all') filtered = filtered.where('role', '=', input.role);
  if (input.status && input.status !== 'all') filtered = filtered.where('status', '=', input.status);
  if (input.search) {
    const pattern = likePattern(input.search);
    filtered = filtered.where((eb) =>
      eb.or([eb('username', 'ilike', pattern), eb('email', 'ilike', pattern)]),
    );
  }
  const sort = userSortBy[input.sort];
  const { rows, pagination } = await listPage({
    db: ctx.db,
    filtered,
    id: 'users.id',
    sortBy: sort.expr,
    order: input.order,
    sortValue: sort.value,
    select: (q) => q.selectAll('users'),
    page: input.page,
    limit: input.limit,
    cursor: input.cursor,
    exactTotal: userCounter(ctx, input),
  });
  return { users: rows.map(toPublicUser), pagination };
}

export async function userStats(ctx: Pick<Context, 'db'>) {
  const since = new Date(Date.now() - 30 * 24 * 3600 * 1000);
  const [c, recent] = await Promise.all([
    readCounters(ctx.db, ['users.total', 'users.role.admin', 'users.status.active']),
    ctx.db
      .selectFrom('users')
      .select(sql<number>`count(*)`.as('n'))
      .where('last_login', '>=', since)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total_users: c['users.total'],
    admin_count: c['users.role.admin'],
    active_users: c['users.status.active'],
    active_last_30_days: Number(recent.n),
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
  const passwordHash = password ? await hashPassword(password) : undefined;
  // The update, the sessions it ends and the audit row commit together, and with them the message that
  // makes every process forget the user's verified sessions (a new role applies to the next request).
  const row = await ctx.sessions.change(ctx.db, { userId: id }, async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({ ...fields, ...(passwordHash ? { password_hash: passwordHash } : {}), updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw notFound('User');
    // A deactivated user, or one whose password was reset, must sign in again everywhere.
    if (updated.status === 'inactive' || password) await revokeUserSessionsIn(trx, id);
    await audit(
      { ...ctx, db: trx },
      {
        action: 'user.update',
        subjectType: 'user',
        subjectId: id,
        details: { fields: Object.keys(fields), passwordChanged: Boolean(password) },
      },
    );
    return updated;
  });
  return toPublicUser(row);
}

export async function setUserStatus(ctx: AdminCtx, id: number, status: 'active' | 'inactive') {
  refuseSelfHarm(ctx, id, { status });
  const row = await ctx.sessions.change(ctx.db, { userId: id }, async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({ status, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw notFound('User');
    if (status === 'inactive') await revokeUserSessionsIn(trx, id);
    await audit(
      { ...ctx, db: trx },
      { action: 'user.status', subjectType: 'user', subjectId: id, details: { status } },
    );
    return updated;
  });
  return toPublicUser(row);
}

export async function deleteUser(ctx: AdminCtx, id: number): Promise<{ id: number; deleted: true }> {
  if (id === ctx.user.id) throw new AppError('FORBIDDEN', 'You cannot delete your own account');
  await ctx.sessions.change(ctx.db, { userId: id }, async (trx) => {
    const row = await trx
      .deleteFrom('users')
      .where('id', '=', id)
      .returning(['id', 'email'])
      .executeTakeFirst();
    if (!row) throw notFound('User');
    await audit(
      { ...ctx, db: trx },
      { action: 'user.delete', subjectType: 'user', subjectId: id, details: { email: row.email } },
    );
  });
  return { id, deleted: true };
}

export interface BulkResult {
  /** Users whose row changed. */
  changed: number;
  /** Requested ids that matched no user. */
  missing: number[];
}

/**
 * Activates or deactivates several users at once: one transaction, one audit row per user, their
 * sessions ended on deactivation exactly as the single call does. The caller's own account is refused.
 */
export async function bulkSetUserStatus(
  ctx: AdminCtx,
  ids: number[],
  status: 'active' | 'inactive',
): Promise<BulkResult> {
  const userIds = [...new Set(ids)];
  if (status === 'inactive' && userIds.includes(ctx.user.id))
    throw new AppError('FORBIDDEN', 'You cannot deactivate your own account');
  return ctx.sessions.change(ctx.db, { userIds }, async (trx) => {
    const found = await trx.selectFrom('users').select('id').where('id', 'in', userIds).forUpdate().execute();
    const changed = await trx
      .updateTable('users')
      .set({ status, updated_at: new Date() })
      .where('id', 'in', userIds)
      .where('status', '!=', status)
      .returning('id')
      .execute();
    const changedIds = changed.map((r) => r.id);
    if (status === 'inactive' && changedIds.length > 0) {
      await trx
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', 'in', changedIds)
        .where('revoked_at', 'is', null)
        .execute();
    }
    for (const id of changedIds) {
      await audit(
        { ...ctx, db: trx },
        { action: 'user.status', subjectType: 'user', subjectId: id, details: { status, bulk: true } },
      );
    }
    const present = new Set(found.map((r) => r.id));
    return { changed: changedIds.length, missing: userIds.filter((id) => !present.has(id)) };
  });
}

/** Deletes several users at once (one transaction, audited); the caller's own account is refused. */
export async function bulkDeleteUsers(ctx: AdminCtx, ids: number[]): Promise<BulkResult> {
  const userIds = [...new Set(ids)];
  if (userIds.includes(ctx.user.id)) throw new AppError('FORBIDDEN', 'You cannot delete your own account');
  return ctx.sessions.change(ctx.db, { userIds }, async (trx) => {
    const rows = await trx
      .deleteFrom('users')
      .where('id', 'in', userIds)
      .returning(['id', 'email'])
      .execute();
    for (const row of rows) {
      await audit(
        { ...ctx, db: trx },
        {
          action: 'user.delete',
          subjectType: 'user',
          subjectId: row.id,
          details: { email: row.email, bulk: true },
        },
      );
    }
    const deleted = new Set(rows.map((r) => r.id));
    return { changed: rows.length, missing: userIds.filter((id) => !deleted.has(id)) };
  });
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
