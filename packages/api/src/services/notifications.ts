import { sql, type Database, type Kysely, type Selectable, type NotificationsTable } from '@blogfleet/db';
import {
  notificationParams,
  type ListNotificationsInput,
  type NotificationKind,
  type NotificationParams,
} from '@blogfleet/validators';
import { z } from 'zod';
import type { Context } from '../context';
import { notFound } from '../errors';

type Db = Kysely<Database>;
type UserCtx = Pick<Context, 'db'> & { user: { id: number } };

/** What a caller sees of a notification. */
export const notificationView = z.object({
  id: z.number().int(),
  kind: z
    .string()
    .describe('site.down, site.up, job.completed, job.failed, domain.purchased, dns.zone_active'),
  title: z.string(),
  body: z.string(),
  params: notificationParams,
  link: z.string().nullable().describe('An app path to open, e.g. /sites/12 or /domains'),
  subject_type: z.string().nullable().describe('site, job, domain'),
  subject_id: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationView = z.infer<typeof notificationView>;

export interface NewNotification {
  kind: NotificationKind;
  title: string;
  body?: string;
  params?: NotificationParams;
  link?: string | null;
  subjectType?: string | null;
  subjectId?: string | number | null;
}

/** Stored params that no longer fit the schema (an older shape) are dropped, not passed on. */
function paramsOf(stored: unknown): NotificationParams {
  const parsed = notificationParams.safeParse(stored ?? {});
  return parsed.success ? parsed.data : {};
}

const toView = (r: Selectable<NotificationsTable>): NotificationView => ({
  id: Number(r.id),
  kind: r.kind,
  title: r.title,
  body: r.body,
  params: paramsOf(r.params),
  link: r.link,
  subject_type: r.subject_type,
  subject_id: r.subject_id,
  created_at: r.created_at.toISOString(),
  read_at: r.read_at?.toISOString() ?? null,
});

/**
 * A link is an app path the client opens as it is: a leading `/`, no scheme, no host (`//…`), nothing
 * to escape. Anything else is stored as no link.
 */
const APP_PATH = /^\/(?!\/)[A-Za-z0-9/_?=&.-]*$/;
const appPathOrNull = (link: string | null | undefined) => (link && APP_PATH.test(link) ? link : null);

/**
 * Postgres refuses NUL in text and, in jsonb, a lone surrogate (an error message cut in the middle of
 * an emoji): either would fail the transaction that records the event itself.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const storable = (text: string, max: number) =>
  text.slice(0, max).replace(LONE_SURROGATE, '\uFFFD').replaceAll('\u0000', '');
const PARAM_TEXT_MAX = 2_000;

const storableParams = (params: NotificationParams = {}): string =>
  JSON.stringify(params, (_key, value: unknown) =>
    typeof value === 'string' ? storable(value, PARAM_TEXT_MAX) : value,
  );

const columns = (n: NewNotification) => ({
  kind: n.kind,
  title: storable(n.title, 500),
  body: storable(n.body ?? '', 4_000),
  params: storableParams(n.params),
  link: appPathOrNull(n.link),
  subject_type: n.subjectType ?? null,
  subject_id: n.subjectId === null || n.subjectId === undefined ? null : String(n.subjectId),
});

/** Stores the notification for each of these users (call inside the transaction of the event). */
export async function notifyUsers(db: Db, userIds: number[], n: NewNotification): Promise<number> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return 0;
  const c = columns(n);
  await db
    .insertInto('notifications')
    .values(ids.map((user_id) => ({ user_id, ...c, params: c.params as never })))
    .execute();
  return ids.length;
}

/** Stores it for every active user (or every active admin), in one statement. */
export async function notifyActiveUsers(
  db: Db,
  n: NewNotification,
  opts: { adminsOnly?: boolean } = {},
): Promise<number> {
  const c = columns(n);
  const result = await db
    .insertInto('notifications')
    .columns(['user_id', 'kind', 'title', 'body', 'params', 'link', 'subject_type', 'subject_id'])
    .expression((eb) => {
      let q = eb
        .selectFrom('users')
        .select([
          'users.id',
          sql.lit(c.kind).as('kind'),
          sql<string>`${c.title}`.as('title'),
          sql<string>`${c.body}`.as('body'),
          sql<string>`${c.params}::jsonb`.as('params'),
          sql<string | null>`${c.link}::text`.as('link'),
          sql<string | null>`${c.subject_type}::text`.as('subject_type'),
          sql<string | null>`${c.subject_id}::text`.as('subject_id'),
        ])
        .where('users.status', '=', 'active');
      if (opts.adminsOnly) q = q.where('users.role', '=', 'admin');
      return q;
    })
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

async function unreadOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** GET notifications: the caller's own, newest first, with how many are unread. */
export async function listNotifications(ctx: UserCtx, input: ListNotificationsInput) {
  let q = ctx.db.selectFrom('notifications').selectAll().where('user_id', '=', ctx.user.id);
  if (input.unread_only) q = q.where('read_at', 'is', null);
  if (input.before) q = q.where('id', '<', input.before);
  const [rows, unread] = await Promise.all([
    q.orderBy('id', 'desc').limit(input.limit).execute(),
    unreadOf(ctx.db, ctx.user.id),
  ]);
  return { notifications: rows.map(toView), unread };
}

export async function unreadCount(ctx: UserCtx) {
  return { unread: await unreadOf(ctx.db, ctx.user.id) };
}

/** Marks one of the caller's notifications read (once: a read one keeps its time); another's is 404. */
export async function markRead(ctx: UserCtx, id: number) {
  const row = await ctx.db
    .updateTable('notifications')
    .set({ read_at: sql`coalesce(read_at, now())` })
    .where('id', '=', id)
    .where('user_id', '=', ctx.user.id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Notification');
  return { notification: toView(row), unread: await unreadOf(ctx.db, ctx.user.id) };
}

export async function markAllRead(ctx: UserCtx) {
  const result = await ctx.db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('user_id', '=', ctx.user.id)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return { marked: Number(result.numUpdatedRows), unread: 0 };
}
