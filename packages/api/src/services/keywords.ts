import { readCounters, sql, type KeywordsTable, type RawBuilder, type Selectable } from '@blogfleet/db';
import type { CreateKeywordInput, ListKeywordsInput, UpdateKeywordInput } from '@blogfleet/validators';
import type { Context } from '../context';
import { notFound } from '../errors';
import { audit } from './audit';
import { groupsOfKeywords, rederiveGroups } from './keyword-groups';
import { estimatedIntent, keywordScore } from './keyword-score';
import { toKeywordView, type KeywordView } from './keyword-view';
import { listPage } from './list';
import { likePattern } from './search';

type Ctx = Pick<Context, 'db' | 'req'> & { user: { id: number } };
type KeywordRow = Selectable<KeywordsTable>;

const COMPETITION_RANK = { low: 1, medium: 2, high: 3 } as const;

/** Each sort's expression matches an index of 0015_keywords.ts (alone and after target_website). */
export const keywordSortBy: Record<
  ListKeywordsInput['sort'],
  { expr: RawBuilder<unknown>; value: (k: KeywordRow) => string | number | Date }
> = {
  created_at: { expr: sql`keywords.created_at`, value: (k) => k.created_at },
  keyword_text: { expr: sql`lower(keywords.keyword_text)`, value: (k) => k.keyword_text.toLowerCase() },
  search_volume: { expr: sql`coalesce(keywords.search_volume, -1)`, value: (k) => k.search_volume ?? -1 },
  competition: {
    expr: sql`(CASE keywords.competition_level WHEN 'low' THEN 1 WHEN 'medium' THEN 2 WHEN 'high' THEN 3 ELSE 0 END)`,
    value: (k) => (k.competition_level ? COMPETITION_RANK[k.competition_level] : 0),
  },
  score: { expr: sql`keywords.score`, value: (k) => Number(k.score) },
};

/** Totals the kept-current counters know exactly: no search, website or group filter. */
function keywordCounter(ctx: Pick<Context, 'db'>, input: ListKeywordsInput) {
  if (input.search || input.targetWebsite || input.groupId || input.unassigned) return undefined;
  return async () => {
    const c = await readCounters(ctx.db, ['keywords.total', 'keywords.used']);
    if (input.status === 'used') return c['keywords.used'];
    if (input.status === 'unused') return c['keywords.total'] - c['keywords.used'];
    return c['keywords.total'];
  };
}

/** The keywords the list's filters (and a site, for GET sites/{id}/keywords) leave. */
export function filteredKeywords(
  ctx: Pick<Context, 'db'>,
  input: Pick<ListKeywordsInput, 'targetWebsite' | 'status' | 'unassigned' | 'groupId' | 'search'>,
  siteId?: number,
) {
  let filtered = ctx.db.selectFrom('keywords');
  if (siteId !== undefined) {
    filtered = filtered.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('keyword_sites as a')
          .select(sql`1`.as('one'))
          .where('a.site_id', '=', siteId)
          .whereRef('a.keyword_id', '=', 'keywords.id'),
      ),
    );
  }
  if (input.targetWebsite) filtered = filtered.where('target_website', '=', input.targetWebsite);
  if (input.status) filtered = filtered.where('is_used', '=', input.status === 'used');
  if (input.unassigned) filtered = filtered.where('active_site_count', '=', 0);
  if (input.groupId !== undefined) {
    const groupId = input.groupId;
    filtered = filtered.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('keyword_group_keywords as m')
          .select(sql`1`.as('one'))
          .where('m.group_id', '=', groupId)
          .whereRef('m.keyword_id', '=', 'keywords.id'),
      ),
    );
  }
  if (input.search) filtered = filtered.where('keyword_text', 'ilike', likePattern(input.search));
  return filtered;
}

/** GET keywords (doc2 §7): filters website, group, used/unused and search; answers `data` + `pagination`. */
export async function listKeywords(
  ctx: Pick<Context, 'db'>,
  input: ListKeywordsInput,
  /** Only keywords assigned to this site (GET sites/{id}/keywords). */
  siteId?: number,
) {
  const filtered = filteredKeywords(ctx, input, siteId);
  const sort = keywordSortBy[input.sort];
  const { rows, pagination } = await listPage({
    db: ctx.db,
    filtered,
    id: 'keywords.id',
    sortBy: sort.expr,
    order: input.order,
    sortValue: sort.value,
    select: (q) => q.selectAll('keywords'),
    page: input.page,
    limit: input.limit,
    cursor: input.cursor,
    exactTotal: siteId === undefined ? keywordCounter(ctx, input) : undefined,
  });
  return { data: (rows as KeywordRow[]).map(toKeywordView), pagination };
}

/** The websites keywords are kept for, with their counts, for the website filter (most keywords first). */
export async function keywordWebsites(ctx: Pick<Context, 'db'>) {
  const rows = await ctx.db
    .selectFrom('keywords')
    .select(['target_website', sql<number>`count(*)::int`.as('keywords')])
    .groupBy('target_website')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('target_website')
    .limit(500)
    .execute();
  return { websites: rows.map((r) => ({ target_website: r.target_website, keywords: Number(r.keywords) })) };
}

async function findKeyword(ctx: Pick<Context, 'db'>, id: number): Promise<KeywordRow> {
  const row = await ctx.db.selectFrom('keywords').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Keyword');
  return row;
}

export async function getKeyword(ctx: Pick<Context, 'db'>, id: number): Promise<KeywordView> {
  return toKeywordView(await findKeyword(ctx, id));
}

/** POST keywords: unique per website ignoring case; a duplicate is DATABASE_ERROR "Duplicate entry …". */
export async function createKeyword(ctx: Ctx, input: CreateKeywordInput): Promise<KeywordView> {
  // The intent is estimated from the words, as for generated and imported keywords.
  const commercial_intent = estimatedIntent(input.keyword);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('keywords')
      .values({
        keyword_text: input.keyword,
        target_website: input.targetWebsite,
        commercial_intent,
        score: keywordScore({
          search_volume: null,
          competition_level: null,
          keyword_difficulty: null,
          commercial_intent,
        }),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(
      { ...ctx, db: trx },
      {
        action: 'keyword.create',
        subjectType: 'keyword',
        subjectId: row.id,
        details: { keyword: row.keyword_text, website: row.target_website },
      },
    );
    return toKeywordView(row);
  });
}

/**
 * PUT keywords/{id}: the text and the metrics an editor may correct. The score follows the metrics
 * unless it is set by hand here (a number); `score: null` hands it back to the formula.
 */
export async function updateKeyword(ctx: Ctx, input: UpdateKeywordInput): Promise<KeywordView> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('keywords')
      .selectAll()
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound('Keyword');
    const metrics = {
      search_volume: input.search_volume !== undefined ? input.search_volume : current.search_volume,
      competition_level:
        input.competition_level !== undefined ? input.competition_level : current.competition_level,
      keyword_difficulty: current.keyword_difficulty,
      commercial_intent:
        input.commercial_intent !== undefined ? input.commercial_intent : Number(current.commercial_intent),
    };
    const byHand =
      input.score === null
        ? false
        : input.score !== undefined && input.score !== Number(current.score)
          ? true
          : current.score_set_by_hand;
    const score = byHand ? (input.score ?? Number(current.score)) : keywordScore(metrics);
    const row = await trx
      .updateTable('keywords')
      .set({
        keyword_text: input.keyword_text,
        search_volume: metrics.search_volume,
        competition_level: metrics.competition_level,
        commercial_intent: metrics.commercial_intent,
        score,
        score_set_by_hand: byHand,
        updated_at: new Date(),
      })
      .where('id', '=', input.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const changed = (
      ['keyword_text', 'search_volume', 'competition_level', 'commercial_intent', 'score'] as const
    ).filter((k) => String(current[k]) !== String(row[k]));
    // Its groups' scores follow (and the priority of those whose priority follows the score).
    if (changed.includes('score')) await rederiveGroups(trx, await groupsOfKeywords(trx, [row.id]));
    await audit(
      { ...ctx, db: trx },
      { action: 'keyword.update', subjectType: 'keyword', subjectId: row.id, details: { changed } },
    );
    return toKeywordView(row);
  });
}

export async function deleteKeyword(ctx: Ctx, id: number): Promise<{ id: number; deleted: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const groups = await groupsOfKeywords(trx, [id]);
    const row = await trx
      .deleteFrom('keywords')
      .where('id', '=', id)
      .returning(['id', 'keyword_text', 'target_website'])
      .executeTakeFirst();
    if (!row) throw notFound('Keyword');
    await rederiveGroups(trx, groups);
    await audit(
      { ...ctx, db: trx },
      {
        action: 'keyword.delete',
        subjectType: 'keyword',
        subjectId: id,
        details: { keyword: row.keyword_text, website: row.target_website },
      },
    );
  });
  return { id, deleted: true };
}

/** Deletes several keywords in one transaction (their group memberships and assignments go with them). */
export async function bulkDeleteKeywords(ctx: Ctx, ids: number[]) {
  const keywordIds = [...new Set(ids)];
  return ctx.db.transaction().execute(async (trx) => {
    const groups = await groupsOfKeywords(trx, keywordIds);
    const rows = await trx
      .deleteFrom('keywords')
      .where('id', 'in', keywordIds)
      .returning(['id', 'keyword_text'])
      .execute();
    await rederiveGroups(trx, groups);
    if (rows.length > 0) {
      await audit(
        { ...ctx, db: trx },
        {
          action: 'keyword.bulk_delete',
          subjectType: 'keyword',
          details: { ids: rows.map((r) => r.id), count: rows.length },
        },
      );
    }
    const gone = new Set(rows.map((r) => r.id));
    return { changed: rows.length, missing: keywordIds.filter((id) => !gone.has(id)) };
  });
}

/** Marks several keywords used or unused. */
export async function bulkMarkKeywords(ctx: Ctx, ids: number[], used: boolean) {
  const keywordIds = [...new Set(ids)];
  return ctx.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('keywords').select('id').where('id', 'in', keywordIds).execute();
    const rows = await trx
      .updateTable('keywords')
      .set({ is_used: used, updated_at: new Date() })
      .where('id', 'in', keywordIds)
      .where('is_used', '<>', used)
      .returning('id')
      .execute();
    if (rows.length > 0) {
      await audit(
        { ...ctx, db: trx },
        {
          action: used ? 'keyword.mark_used' : 'keyword.mark_unused',
          subjectType: 'keyword',
          details: { ids: rows.map((r) => r.id), count: rows.length },
        },
      );
    }
    const present = new Set(found.map((r) => r.id));
    return { changed: rows.length, missing: keywordIds.filter((id) => !present.has(id)) };
  });
}
