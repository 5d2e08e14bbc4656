import {
  CompiledQuery,
  sql,
  type Database,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
} from '@blogfleet/db';
import type { Pagination, SortOrder } from '@blogfleet/validators';
import { AppError } from '../errors';

/** Up to this many matches are counted exactly; above it the planner's estimate stands in. */
export const EXACT_COUNT_CAP = 1_000;
const countCache = new Map<string, { total: number; exact: boolean; at: number }>();

/** Counts that took a query are reused this long for the same filter (paging through one result). */
let countTtlMs = 10_000;

/** LIST_COUNT_CACHE_SECONDS: how long a counted total is reused (0: count on every request). */
export function setCountCacheSeconds(seconds: number): void {
  countTtlMs = seconds * 1000;
  countCache.clear();
}
const COUNT_CACHE_SIZE = 1_000;

type Filtered<TB extends keyof Database> = SelectQueryBuilder<Database, TB, object>;

export interface ListSpec<TB extends keyof Database, Row> {
  db: Kysely<Database>;
  /** FROM and WHERE of the list: the rows that match, before sorting and paging. */
  filtered: Filtered<TB>;
  /** The table's primary key: the tie-breaker of every sort and the second half of a cursor. */
  id: `${TB & string}.id`;
  /** A non-null sort expression with an index behind it (together with the id). */
  sortBy: RawBuilder<unknown>;
  order: SortOrder;
  /** The sort value of a row, for the cursor of the next page. */
  sortValue: (row: Row) => string | number | Date;
  /** The columns the caller sees. */
  select: (q: Filtered<TB>) => SelectQueryBuilder<Database, TB, Row>;
  page: number;
  limit: number;
  cursor?: string;
  /** An exact total that costs nothing (kept-current counters), or null when the filter has none. */
  exactTotal?: () => Promise<number | null>;
}

export interface ListPage<Row> {
  rows: Row[];
  pagination: Pagination;
}

/** A cursor names the sort it belongs to, so it cannot be replayed against another sort or order. */
function encodeCursor(sortKey: string, value: string | number | Date, id: number): string {
  const v = value instanceof Date ? { d: value.toISOString() } : { v: value };
  return Buffer.from(JSON.stringify([sortKey, v, id])).toString('base64url');
}

function decodeCursor(sortKey: string, cursor: string): [string | number | Date, number] {
  try {
    const [key, v, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
      string,
      { d?: string; v?: string | number },
      number,
    ];
    const value = typeof v?.d === 'string' ? new Date(v.d) : v?.v;
    const valid =
      key === sortKey &&
      (typeof value === 'string' ||
        (typeof value === 'number' && Number.isFinite(value)) ||
        (value instanceof Date && !Number.isNaN(value.getTime()))) &&
      Number.isInteger(id) &&
      id > 0 &&
      id <= 2_147_483_647;
    if (!valid) throw new Error('bad cursor');
    return [value, id];
  } catch {
    throw new AppError(
      'VALIDATION_ERROR',
      'cursor: not a cursor of this list and sort (use pagination.nextCursor)',
    );
  }
}

/**
 * One page of a list, the same way for every list: keyset paging after a cursor, a deferred join for
 * offset pages (the offset is walked in the index, and only the page's rows are read), and a total that
 * never makes the list slow: free when the page shows everything or a counter knows it, exact up to
 * EXACT_COUNT_CAP matches, the planner's estimate above that (`totalExact: false`).
 */
export async function listPage<TB extends keyof Database, Row>(
  spec: ListSpec<TB, Row>,
): Promise<ListPage<Row>> {
  const { db, filtered, page, limit } = spec;
  const dir = spec.order === 'desc' ? sql`desc` : sql`asc`;
  const id = sql.ref(spec.id);
  const orderBy = sql`${spec.sortBy} ${dir}, ${id} ${dir}`;
  const sortKey = `${spec.sortBy.compile(db).sql}:${spec.order}`;

  let rows: Row[];
  const offset = spec.cursor ? 0 : (page - 1) * limit;
  if (spec.cursor) {
    const [value, afterId] = decodeCursor(sortKey, spec.cursor);
    const op = spec.order === 'desc' ? sql`<` : sql`>`;
    rows = await spec
      .select(filtered.where(sql<boolean>`(${spec.sortBy}, ${id}) ${op} (${value}, ${afterId})`))
      .orderBy(orderBy)
      .limit(limit + 1)
      .execute();
  } else if (offset === 0) {
    rows = await spec
      .select(filtered)
      .orderBy(orderBy)
      .limit(limit + 1)
      .execute();
  } else {
    // Deferred join: the offset is skipped over (sort key, id) in the index; only the page's rows are read.
    const ids = filtered
      .select(id.as('page_id'))
      .orderBy(orderBy)
      .limit(limit + 1)
      .offset(offset);
    rows = await spec
      .select(filtered.where(id, 'in', ids as never))
      .orderBy(orderBy)
      .execute();
  }
  const hasNext = rows.length > limit;
  if (hasNext) rows = rows.slice(0, limit);
  // What this page proves exists; a page past the end proves nothing about the ones before it.
  const seen = rows.length > 0 ? offset + rows.length + (hasNext ? 1 : 0) : 0;

  let counted: { total: number; exact: boolean };
  if (!spec.cursor && !hasNext && (rows.length > 0 || page === 1)) counted = { total: seen, exact: true };
  else counted = await totalOf(db, filtered, spec.exactTotal);
  const total = Math.max(counted.total, seen);

  const last = rows[rows.length - 1];
  const lastId = last ? Number((last as { id?: unknown }).id) : NaN;
  return {
    rows,
    pagination: {
      page,
      limit,
      total,
      totalPages: Math.max(1, Math.ceil(total / limit)),
      hasNext,
      hasPrev: !spec.cursor && page > 1,
      totalExact: counted.exact,
      nextCursor:
        hasNext && last && Number.isInteger(lastId)
          ? encodeCursor(sortKey, spec.sortValue(last), lastId)
          : null,
    },
  };
}

async function totalOf<TB extends keyof Database>(
  db: Kysely<Database>,
  filtered: Filtered<TB>,
  exactTotal: (() => Promise<number | null>) | undefined,
): Promise<{ total: number; exact: boolean }> {
  const free = await exactTotal?.();
  if (free != null) return { total: free, exact: true };

  const matches = filtered.select(sql`1`.as('one'));
  const compiled = matches.compile();
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const cached = countCache.get(key);
  if (cached && Date.now() - cached.at < countTtlMs) return cached;

  const capped = await db
    .selectFrom(matches.limit(EXACT_COUNT_CAP + 1).as('m'))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  let result: { total: number; exact: boolean };
  if (Number(capped.n) <= EXACT_COUNT_CAP) {
    result = { total: Number(capped.n), exact: true };
  } else {
    const plan = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
    );
    result = { total: Math.max(EXACT_COUNT_CAP + 1, planRows(plan.rows[0]?.['QUERY PLAN'])), exact: false };
  }
  if (countTtlMs > 0) {
    if (countCache.size >= COUNT_CACHE_SIZE) countCache.delete(countCache.keys().next().value!);
    countCache.set(key, { ...result, at: Date.now() });
  }
  return result;
}

function planRows(plan: unknown): number {
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as unknown) : plan;
  const top = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Plan Rows'?: number } }) : undefined;
  return Math.round(top?.Plan?.['Plan Rows'] ?? 0);
}
