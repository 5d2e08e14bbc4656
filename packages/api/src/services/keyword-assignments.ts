import type {
  AssignSiteKeywordsInput,
  KeywordAssignmentsInput,
  ListSiteKeywordsInput,
} from '@blogfleet/validators';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { audit } from './audit';
import { getKeyword, listKeywords } from './keywords';

type Ctx = Pick<Context, 'db' | 'req'> & { user: { id: number } };
type Status = 'active' | 'inactive';

async function siteExists(ctx: Pick<Context, 'db'>, id: number) {
  const site = await ctx.db
    .selectFrom('sites')
    .select(['id', 'domain_name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!site) throw notFound('Site');
  return site;
}

/** The sites a keyword is assigned to, by domain. */
export async function keywordSites(ctx: Pick<Context, 'db'>, keywordId: number) {
  return ctx.db
    .selectFrom('keyword_sites as a')
    .innerJoin('sites as s', 's.id', 'a.site_id')
    .select(['s.id', 's.domain_name', 'a.status', 'a.assigned_at'])
    .where('a.keyword_id', '=', keywordId)
    .orderBy('s.domain_name')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, assigned_at: r.assigned_at.toISOString() })));
}

/**
 * PUT keywords/{id}/assignments (core §7 websiteIds, status): the keyword is assigned to each site
 * with the status (again: the status is updated). Assignments to other sites stay.
 */
export async function setKeywordAssignments(ctx: Ctx, input: KeywordAssignmentsInput) {
  await ctx.db.transaction().execute(async (trx) => {
    const keyword = await trx
      .selectFrom('keywords')
      .select(['id', 'keyword_text'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!keyword) throw notFound('Keyword');
    const ids = [...new Set(input.websiteIds)];
    const sites = await trx
      .selectFrom('sites')
      .select(['id', 'domain_name'])
      .where('id', 'in', ids)
      .execute();
    const missing = ids.filter((id) => !sites.some((s) => s.id === id));
    if (missing.length > 0) {
      throw new AppError('VALIDATION_ERROR', `No site has the id ${missing.join(', ')}`, { missing });
    }
    await trx
      .insertInto('keyword_sites')
      .values(
        ids.map((site_id) => ({ keyword_id: keyword.id, site_id, status: input.status, by_hand: true })),
      )
      .onConflict((oc) =>
        oc.columns(['keyword_id', 'site_id']).doUpdateSet({ status: input.status, by_hand: true }),
      )
      .execute();
    await audit(
      { ...ctx, db: trx },
      {
        action: 'keyword.assign',
        subjectType: 'keyword',
        subjectId: keyword.id,
        details: { sites: sites.map((s) => s.domain_name), status: input.status },
      },
    );
  });
  return { keyword: await getKeyword(ctx, input.id), sites: await keywordSites(ctx, input.id) };
}

/** GET sites/{id}/keywords: the site's keywords (the keywords list's filters and sorts) with their assignment. */
export async function listSiteKeywords(ctx: Pick<Context, 'db'>, input: ListSiteKeywordsInput) {
  await siteExists(ctx, input.id);
  const { id, ...list } = input;
  const page = await listKeywords(ctx, list, id);
  const ids = page.data.map((k) => k.id);
  const assignments =
    ids.length === 0
      ? []
      : await ctx.db
          .selectFrom('keyword_sites')
          .select(['keyword_id', 'status', 'assigned_at'])
          .where('site_id', '=', id)
          .where('keyword_id', 'in', ids)
          .execute();
  return {
    data: page.data.map((k) => {
      const a = assignments.find((x) => x.keyword_id === k.id);
      return {
        ...k,
        assignment_status: (a?.status ?? 'active') as Status,
        assigned_at: (a?.assigned_at ?? new Date()).toISOString(),
      };
    }),
    pagination: page.pagination,
  };
}

/** POST sites/{id}/keywords: the assign-keywords dialog's selection, in one go. */
export async function assignSiteKeywords(ctx: Ctx, input: AssignSiteKeywordsInput) {
  return ctx.db.transaction().execute(async (trx) => {
    const site = await siteExists({ db: trx }, input.id);
    const ids = [...new Set(input.keywordIds)];
    const found = await trx.selectFrom('keywords').select('id').where('id', 'in', ids).execute();
    const present = new Set(found.map((k) => k.id));
    if (found.length > 0) {
      await trx
        .insertInto('keyword_sites')
        .values(
          found.map((k) => ({ keyword_id: k.id, site_id: site.id, status: input.status, by_hand: true })),
        )
        .onConflict((oc) =>
          oc.columns(['keyword_id', 'site_id']).doUpdateSet({ status: input.status, by_hand: true }),
        )
        .execute();
    }
    await audit(
      { ...ctx, db: trx },
      {
        action: 'site.assign_keywords',
        subjectType: 'site',
        subjectId: site.id,
        details: { keywords: found.length, status: input.status },
      },
    );
    return { changed: found.length, missing: ids.filter((k) => !present.has(k)) };
  });
}

/** DELETE sites/{id}/keywords/{keywordId}: the keyword is no longer assigned to the site. */
export async function unassignSiteKeyword(ctx: Ctx, siteId: number, keywordId: number) {
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('keyword_sites')
      .where('site_id', '=', siteId)
      .where('keyword_id', '=', keywordId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw notFound('Keyword assignment');
    await audit(
      { ...ctx, db: trx },
      { action: 'site.unassign_keyword', subjectType: 'site', subjectId: siteId, details: { keywordId } },
    );
  });
  return { siteId, keywordId, deleted: true as const };
}
