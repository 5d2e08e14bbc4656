import {
  readCounters,
  sql,
  type Database,
  type KeywordGroupsTable,
  type Kysely,
  type RawBuilder,
  type Selectable,
} from '@blogfleet/db';
import type {
  BulkCreateKeywordGroupsInput,
  CreateKeywordGroupInput,
  ListKeywordGroupsInput,
  UpdateKeywordGroupInput,
} from '@blogfleet/validators';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { audit } from './audit';
import type { KeywordGroupView } from './keyword-group-view';
import { toKeywordView } from './keyword-view';
import { settleGroupKeywords } from './keyword-site-holds';
import { listPage } from './list';
import { likePattern } from './search';

type Ctx = Pick<Context, 'db' | 'req'> & { user: { id: number } };
type Db = Kysely<Database>;
type GroupRow = Selectable<KeywordGroupsTable>;
type Priority = GroupRow['priority'];

const PRIORITY_RANK: Record<Priority, number> = { high: 3, medium: 2, low: 1 };

/** Each sort's expression matches an index of 0016_keyword_groups.ts. */
const groupSortBy: Record<
  ListKeywordGroupsInput['sort'],
  { expr: RawBuilder<unknown>; value: (g: GroupRow) => string | number | Date }
> = {
  created_at: { expr: sql`keyword_groups.created_at`, value: (g) => g.created_at },
  name: { expr: sql`lower(keyword_groups.name)`, value: (g) => g.name.toLowerCase() },
  priority: {
    expr: sql`(CASE keyword_groups.priority WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END)`,
    value: (g) => PRIORITY_RANK[g.priority],
  },
  status: { expr: sql`keyword_groups.status`, value: (g) => g.status },
};

/**
 * A group's priority when nobody set it: high when prioritized, else by its score on doc2 §9's
 * 10-point scale (7 or more high, 5 or more medium, below low).
 */
export function derivedPriority(isPrioritized: boolean, score: number): Priority {
  if (isPrioritized || score >= 7) return 'high';
  return score >= 5 ? 'medium' : 'low';
}

/** Members, scores and sites of the given groups, in one query each. */
async function views(db: Db, rows: GroupRow[]): Promise<KeywordGroupView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((g) => g.id);
  const [members, sites] = await Promise.all([
    db
      .selectFrom('keyword_group_keywords as m')
      .innerJoin('keywords as k', 'k.id', 'm.keyword_id')
      .select(['m.group_id', 'm.is_primary', 'k.id', 'k.keyword_text', 'k.score'])
      .where('m.group_id', 'in', ids)
      .orderBy('m.group_id')
      .orderBy('m.position')
      .orderBy('k.id')
      .execute(),
    db
      .selectFrom('keyword_group_sites as a')
      .innerJoin('sites as s', 's.id', 'a.site_id')
      .select(['a.group_id', 's.id', 's.domain_name', 'a.status'])
      .where('a.group_id', 'in', ids)
      .orderBy('s.domain_name')
      .execute(),
  ]);
  return rows.map((g) => {
    const own = members.filter((m) => m.group_id === g.id);
    const primary = own.find((m) => m.is_primary) ?? null;
    const secondary = own.filter((m) => !m.is_primary);
    const score =
      own.length === 0 ? 0 : Math.round(own.reduce((sum, m) => sum + Number(m.score), 0) / own.length) / 10;
    return {
      id: g.id,
      name: g.name,
      description: g.description,
      primary_keyword: primary?.keyword_text ?? null,
      primary_keyword_id: primary?.id ?? null,
      secondary_keywords: secondary.map((m) => m.keyword_text),
      secondary_keywords_ids: secondary.map((m) => m.id),
      is_prioritized: g.is_prioritized,
      score,
      priority: g.priority,
      priority_set_by_hand: g.priority_set_by_hand,
      keyword_count: own.length,
      status: g.status,
      sites: sites
        .filter((s) => s.group_id === g.id)
        .map((s) => ({ id: s.id, domain_name: s.domain_name, status: s.status })),
      created_at: g.created_at.toISOString(),
      updated_at: g.updated_at.toISOString(),
    };
  });
}

/** GET keyword-groups (doc2 §7): status, priority, search on the name; `data` + `meta.pagination`. */
export async function listKeywordGroups(ctx: Pick<Context, 'db'>, input: ListKeywordGroupsInput) {
  let filtered = ctx.db.selectFrom('keyword_groups');
  if (input.status) filtered = filtered.where('status', '=', input.status);
  if (input.priority) filtered = filtered.where('priority', '=', input.priority);
  if (input.search) filtered = filtered.where('name', 'ilike', likePattern(input.search));
  const siteId = input.siteId;
  if (siteId !== undefined) {
    filtered = filtered.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('keyword_group_sites as a')
          .select(sql`1`.as('one'))
          .where('a.site_id', '=', siteId)
          .whereRef('a.group_id', '=', 'keyword_groups.id'),
      ),
    );
  }
  const sort = groupSortBy[input.sort];
  const unfiltered = !input.status && !input.priority && !input.search && siteId === undefined;
  const { rows, pagination } = await listPage({
    db: ctx.db,
    filtered,
    id: 'keyword_groups.id',
    sortBy: sort.expr,
    order: input.order,
    sortValue: sort.value,
    select: (q) => q.selectAll('keyword_groups'),
    page: input.page,
    limit: input.limit,
    cursor: input.cursor,
    exactTotal: unfiltered
      ? async () => (await readCounters(ctx.db, ['keyword_groups.total']))['keyword_groups.total']
      : undefined,
  });
  return { data: await views(ctx.db, rows as GroupRow[]), meta: { pagination } };
}

/** The groups these keywords are members of. */
export async function groupsOfKeywords(db: Db, keywordIds: number[]): Promise<number[]> {
  if (keywordIds.length === 0) return [];
  const rows = await db
    .selectFrom('keyword_group_keywords')
    .select('group_id')
    .distinct()
    .where('keyword_id', 'in', keywordIds)
    .execute();
  return rows.map((r) => r.group_id);
}

/**
 * After their keywords or the keywords' scores changed: the stored score of these groups, and the
 * priority of those whose priority follows it (derivedPriority's thresholds, in SQL).
 */
export async function rederiveGroups(db: Db, groupIds: number[]): Promise<void> {
  if (groupIds.length === 0) return;
  await sql`
    UPDATE keyword_groups g
    SET score = s.score,
        priority = CASE
          WHEN g.priority_set_by_hand THEN g.priority
          WHEN g.is_prioritized OR s.score >= 7 THEN 'high'
          WHEN s.score >= 5 THEN 'medium'
          ELSE 'low' END
    FROM (
      SELECT g2.id, coalesce(round(avg(k.score)) / 10, 0) AS score
      FROM keyword_groups g2
      LEFT JOIN keyword_group_keywords m ON m.group_id = g2.id
      LEFT JOIN keywords k ON k.id = m.keyword_id
      WHERE g2.id = ANY(${sql.val(groupIds)}::int[])
      GROUP BY g2.id
    ) s
    WHERE g.id = s.id`.execute(db);
}

/** The keywords of these groups. */
async function memberIds(db: Db, groupIds: number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectFrom('keyword_group_keywords')
    .select('keyword_id')
    .where('group_id', 'in', groupIds)
    .execute();
  return rows.map((r) => r.keyword_id);
}

/** The sites these groups are assigned to. */
async function groupSiteIds(db: Db, groupIds: number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectFrom('keyword_group_sites')
    .select('site_id')
    .where('group_id', 'in', groupIds)
    .execute();
  return rows.map((r) => r.site_id);
}

async function groupRow(db: Db, id: number, lock = false): Promise<GroupRow> {
  let q = db.selectFrom('keyword_groups').selectAll().where('id', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('Keyword group');
  return row;
}

/** GET keyword-groups/{id}: the group with its keywords (primary first, then in order). */
export async function getKeywordGroup(ctx: Pick<Context, 'db'>, id: number) {
  const row = await groupRow(ctx.db, id);
  const [view] = await views(ctx.db, [row]);
  const keywords = await ctx.db
    .selectFrom('keyword_group_keywords as m')
    .innerJoin('keywords as k', 'k.id', 'm.keyword_id')
    .selectAll('k')
    .where('m.group_id', '=', id)
    .orderBy('m.is_primary', 'desc')
    .orderBy('m.position')
    .orderBy('k.id')
    .execute();
  return { ...view!, keywords: keywords.map(toKeywordView) };
}

/** The members a group's input names: every id a real keyword; the primary not repeated as secondary. */
async function members(db: Db, primaryId: number | null, secondaryIds: number[]) {
  const secondary = [...new Set(secondaryIds)].filter((id) => id !== primaryId);
  const wanted = primaryId === null ? secondary : [primaryId, ...secondary];
  if (wanted.length === 0) return { primaryId, secondary, score: 0 };
  const found = await db.selectFrom('keywords').select(['id', 'score']).where('id', 'in', wanted).execute();
  const missing = wanted.filter((id) => !found.some((k) => k.id === id));
  if (missing.length > 0) {
    throw new AppError('VALIDATION_ERROR', `No keyword has the id ${missing.join(', ')}`, { missing });
  }
  const score = Math.round(found.reduce((s, k) => s + Number(k.score), 0) / found.length) / 10;
  return { primaryId, secondary, score };
}

async function writeMembers(db: Db, groupId: number, primaryId: number | null, secondary: number[]) {
  await db.deleteFrom('keyword_group_keywords').where('group_id', '=', groupId).execute();
  const rows = [
    ...(primaryId === null
      ? []
      : [{ group_id: groupId, keyword_id: primaryId, is_primary: true, position: 0 }]),
    ...secondary.map((id, i) => ({ group_id: groupId, keyword_id: id, is_primary: false, position: i + 1 })),
  ];
  if (rows.length > 0) await db.insertInto('keyword_group_keywords').values(rows).execute();
}

async function insertGroup(ctx: Ctx, trx: Db, input: CreateKeywordGroupInput): Promise<number> {
  const m = await members(trx, input.primary_keyword_id ?? null, input.secondary_keyword_ids ?? []);
  const isPrioritized = input.is_prioritized ?? false;
  const row = await trx
    .insertInto('keyword_groups')
    .values({
      name: input.name,
      description: input.description?.trim() || null,
      is_prioritized: isPrioritized,
      primary_keyword_id: m.primaryId,
      score: m.score,
      priority: input.priority ?? derivedPriority(isPrioritized, m.score),
      priority_set_by_hand: input.priority != null,
      status: input.status ?? 'pending',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeMembers(trx, row.id, m.primaryId, m.secondary);
  await audit(
    { ...ctx, db: trx },
    {
      action: 'keyword_group.create',
      subjectType: 'keyword_group',
      subjectId: row.id,
      details: { name: input.name },
    },
  );
  return row.id;
}

export async function createKeywordGroup(ctx: Ctx, input: CreateKeywordGroupInput) {
  const id = await ctx.db.transaction().execute((trx) => insertGroup(ctx, trx, input));
  return getKeywordGroup(ctx, id);
}

/** POST keyword-groups/bulk-create: all the groups or, when one is refused, none of them. */
export async function bulkCreateKeywordGroups(ctx: Ctx, input: BulkCreateKeywordGroupsInput) {
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const created: number[] = [];
    for (const [i, group] of input.groups.entries()) {
      try {
        created.push(await insertGroup(ctx, trx, group));
      } catch (err) {
        if (err instanceof AppError) {
          throw new AppError(err.appCode, `Group ${i + 1} (${group.name}): ${err.message}`, err.details);
        }
        throw err;
      }
    }
    return created;
  });
  const rows = await ctx.db
    .selectFrom('keyword_groups')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return { groups: await views(ctx.db, rows) };
}

/**
 * PUT keyword-groups/{id}: fields not sent stay as they are. A priority chosen here or in bulk is kept;
 * otherwise (or with priority null) it follows the prioritized flag and the score of the members.
 */
export async function updateKeywordGroup(ctx: Ctx, input: UpdateKeywordGroupInput) {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await groupRow(trx, input.id, true);
    const membersChanged =
      input.primary_keyword_id !== undefined || input.secondary_keyword_ids !== undefined;
    const before = await trx
      .selectFrom('keyword_group_keywords')
      .select(['keyword_id', 'is_primary'])
      .where('group_id', '=', input.id)
      .orderBy('position')
      .execute();
    const m = await members(
      trx,
      input.primary_keyword_id !== undefined
        ? input.primary_keyword_id
        : (before.find((k) => k.is_primary)?.keyword_id ?? null),
      input.secondary_keyword_ids ?? before.filter((k) => !k.is_primary).map((k) => k.keyword_id),
    );
    const isPrioritized = input.is_prioritized ?? current.is_prioritized;
    // Not sent: as it was (chosen stays chosen); null: back to following the flag and the score.
    const byHand = input.priority === undefined ? current.priority_set_by_hand : input.priority !== null;
    const priority = input.priority ?? (byHand ? current.priority : derivedPriority(isPrioritized, m.score));
    await trx
      .updateTable('keyword_groups')
      .set({
        name: input.name,
        description:
          input.description !== undefined ? input.description?.trim() || null : current.description,
        is_prioritized: isPrioritized,
        primary_keyword_id: m.primaryId,
        score: m.score,
        priority,
        priority_set_by_hand: byHand,
        status: input.status ?? current.status,
        updated_at: new Date(),
      })
      .where('id', '=', input.id)
      .execute();
    if (membersChanged) {
      await writeMembers(trx, input.id, m.primaryId, m.secondary);
      // The sites the group is assigned to follow its members: new ones come, removed ones go.
      await settleGroupKeywords(trx, {
        siteIds: await groupSiteIds(trx, [input.id]),
        keywordIds: [...before.map((k) => k.keyword_id), ...(await memberIds(trx, [input.id]))],
      });
    }
    await audit(
      { ...ctx, db: trx },
      {
        action: 'keyword_group.update',
        subjectType: 'keyword_group',
        subjectId: input.id,
        details: { name: input.name },
      },
    );
  });
  return getKeywordGroup(ctx, input.id);
}

export async function deleteKeywordGroup(ctx: Ctx, id: number) {
  await ctx.db.transaction().execute(async (trx) => {
    const held = { siteIds: await groupSiteIds(trx, [id]), keywordIds: await memberIds(trx, [id]) };
    const row = await trx
      .deleteFrom('keyword_groups')
      .where('id', '=', id)
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!row) throw notFound('Keyword group');
    await settleGroupKeywords(trx, held);
    await audit(
      { ...ctx, db: trx },
      {
        action: 'keyword_group.delete',
        subjectType: 'keyword_group',
        subjectId: id,
        details: { name: row.name },
      },
    );
  });
  return { id, deleted: true as const };
}

/** Deletes several groups (their keywords stay); `missing` names the ids that matched none. */
export async function bulkDeleteKeywordGroups(ctx: Ctx, ids: number[]) {
  const groupIds = [...new Set(ids)];
  return ctx.db.transaction().execute(async (trx) => {
    const held = { siteIds: await groupSiteIds(trx, groupIds), keywordIds: await memberIds(trx, groupIds) };
    const rows = await trx.deleteFrom('keyword_groups').where('id', 'in', groupIds).returning('id').execute();
    await settleGroupKeywords(trx, held);
    if (rows.length > 0) {
      await audit(
        { ...ctx, db: trx },
        {
          action: 'keyword_group.bulk_delete',
          subjectType: 'keyword_group',
          details: { ids: rows.map((r) => r.id) },
        },
      );
    }
    const gone = new Set(rows.map((r) => r.id));
    return { changed: rows.length, missing: groupIds.filter((id) => !gone.has(id)) };
  });
}

/** Sets the status or the priority of several groups. */
export async function bulkUpdateKeywordGroups(
  ctx: Ctx,
  ids: number[],
  change: { status: GroupRow['status'] } | { priority: Priority },
) {
  const groupIds = [...new Set(ids)];
  return ctx.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('keyword_groups').select('id').where('id', 'in', groupIds).execute();
    const rows = await trx
      .updateTable('keyword_groups')
      .set({
        ...change,
        ...('priority' in change ? { priority_set_by_hand: true } : {}),
        updated_at: new Date(),
      })
      .where('id', 'in', groupIds)
      .returning('id')
      .execute();
    if (rows.length > 0) {
      await audit(
        { ...ctx, db: trx },
        {
          action: 'keyword_group.bulk_update',
          subjectType: 'keyword_group',
          details: { ids: rows.map((r) => r.id), ...change },
        },
      );
    }
    const present = new Set(found.map((r) => r.id));
    return { changed: rows.length, missing: groupIds.filter((id) => !present.has(id)) };
  });
}

/**
 * POST keyword-groups/{id}/assign: the group and its keywords are assigned to the site (again: the
 * status is updated). An active assignment makes a pending group active.
 */
export async function assignKeywordGroup(
  ctx: Ctx,
  input: { id: number; websiteId: number; status: 'active' | 'inactive' },
) {
  await ctx.db.transaction().execute(async (trx) => {
    const group = await groupRow(trx, input.id, true);
    const site = await trx
      .selectFrom('sites')
      .select(['id', 'domain_name'])
      .where('id', '=', input.websiteId)
      .executeTakeFirst();
    if (!site) throw notFound('Site');
    const now = new Date();
    await trx
      .insertInto('keyword_group_sites')
      .values({ group_id: group.id, site_id: site.id, status: input.status, assigned_at: now })
      .onConflict((oc) => oc.columns(['group_id', 'site_id']).doUpdateSet({ status: input.status }))
      .execute();
    const keywordIds = await memberIds(trx, [group.id]);
    await settleGroupKeywords(trx, { siteIds: [site.id], keywordIds });
    if (input.status === 'active' && group.status === 'pending') {
      await trx
        .updateTable('keyword_groups')
        .set({ status: 'active', updated_at: now })
        .where('id', '=', group.id)
        .execute();
    }
    await audit(
      { ...ctx, db: trx },
      {
        action: 'keyword_group.assign',
        subjectType: 'keyword_group',
        subjectId: group.id,
        details: { site: site.domain_name, status: input.status, keywords: keywordIds.length },
      },
    );
  });
  return getKeywordGroup(ctx, input.id);
}

/**
 * DELETE keyword-groups/{id}/assign/{websiteId}: the group is taken off the site, and so are those of
 * its keywords that came with it and that no other group on the site, and no hand, still holds.
 */
export async function unassignKeywordGroup(ctx: Ctx, input: { id: number; websiteId: number }) {
  await ctx.db.transaction().execute(async (trx) => {
    const group = await groupRow(trx, input.id, true);
    const removed = await trx
      .deleteFrom('keyword_group_sites')
      .where('group_id', '=', group.id)
      .where('site_id', '=', input.websiteId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw notFound('Keyword group assignment');
    // Its keywords leave the site unless another group there, or a hand, still holds them.
    await settleGroupKeywords(trx, {
      siteIds: [input.websiteId],
      keywordIds: await memberIds(trx, [group.id]),
    });
    await audit(
      { ...ctx, db: trx },
      {
        action: 'keyword_group.unassign',
        subjectType: 'keyword_group',
        subjectId: group.id,
        details: { siteId: input.websiteId },
      },
    );
  });
  return getKeywordGroup(ctx, input.id);
}
