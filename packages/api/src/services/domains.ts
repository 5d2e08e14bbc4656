import {
  readCounters,
  sql,
  type Database,
  type DomainsTable,
  type Kysely,
  type RawBuilder,
  type Selectable,
} from '@blogfleet/db';
import type { CreateDomainInput, ListDomainsInput, UpdateDomainInput } from '@blogfleet/validators';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { audit } from './audit';
import { toDomainView, type DomainView } from './domain-view';
import { listPage } from './list';
import { likePattern } from './search';

type Ctx = Pick<Context, 'db' | 'req'> & { user: { id: number } };
type DomainRow = Selectable<DomainsTable>;

const domainSortBy: Record<
  ListDomainsInput['sort'],
  { expr: RawBuilder<unknown>; value: (d: DomainRow) => string | Date }
> = {
  created_at: { expr: sql`domains.created_at`, value: (d) => d.created_at },
  domain_name: { expr: sql`lower(domains.domain_name)`, value: (d) => d.domain_name.toLowerCase() },
  target_website: { expr: sql`domains.target_website`, value: (d) => d.target_website },
  status: { expr: sql`domains.status`, value: (d) => d.status },
};

/** Totals the kept-current counters know exactly: no search, no target filter. */
function domainCounter(ctx: Pick<Context, 'db'>, input: ListDomainsInput) {
  if (input.search || input.target_website) return undefined;
  const name = input.status ? (`domains.status.${input.status}` as const) : ('domains.total' as const);
  return async () => (await readCounters(ctx.db, [name]))[name];
}

export async function listDomains(ctx: Pick<Context, 'db'>, input: ListDomainsInput) {
  let filtered = ctx.db.selectFrom('domains');
  if (input.status) filtered = filtered.where('status', '=', input.status);
  if (input.target_website) filtered = filtered.where('target_website', '=', input.target_website);
  if (input.search) {
    const pattern = likePattern(input.search);
    filtered = filtered.where((eb) =>
      eb.or([eb('domain_name', 'ilike', pattern), eb('target_website', 'ilike', pattern)]),
    );
  }
  const sort = domainSortBy[input.sort];
  const { rows, pagination } = await listPage({
    db: ctx.db,
    filtered,
    id: 'domains.id',
    sortBy: sort.expr,
    order: input.order,
    sortValue: sort.value,
    select: (q) => q.selectAll('domains'),
    page: input.page,
    limit: input.limit,
    cursor: input.cursor,
    exactTotal: domainCounter(ctx, input),
  });
  return { data: rows.map(toDomainView), meta: { pagination } };
}

/** The target websites in use, for the list's filter menu (most domains first). */
export async function domainTargets(ctx: Pick<Context, 'db'>) {
  const rows = await ctx.db
    .selectFrom('domains')
    .select(['target_website', sql<number>`count(*)::int`.as('domains')])
    .groupBy('target_website')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('target_website')
    .limit(200)
    .execute();
  return { targets: rows.map((r) => ({ target_website: r.target_website, domains: Number(r.domains) })) };
}

async function findDomain(ctx: Pick<Context, 'db'>, id: number): Promise<DomainRow> {
  const row = await ctx.db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Domain');
  return row;
}

export async function getDomain(ctx: Pick<Context, 'db'>, id: number): Promise<DomainView> {
  return toDomainView(await findDomain(ctx, id));
}

export async function createDomain(ctx: Ctx, input: CreateDomainInput): Promise<DomainView> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('domains')
      .values({ domain_name: input.domainName, target_website: input.targetWebsite, status: input.status })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(
      { ...ctx, db: trx },
      {
        action: 'domain.create',
        subjectType: 'domain',
        subjectId: row.id,
        details: { domain: row.domain_name },
      },
    );
    return toDomainView(row);
  });
}

/** The registered name of a bought domain is fixed; its target website may change at any time. */
export async function updateDomain(ctx: Ctx, id: number, input: UpdateDomainInput): Promise<DomainView> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('domains')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound('Domain');
    const renamed = current.domain_name !== input.domainName;
    if (renamed && (current.status === 'purchased' || current.is_hosted)) {
      throw new AppError(
        'VALIDATION_ERROR',
        'A purchased domain cannot be renamed; add the new name as a domain',
      );
    }
    const row = await trx
      .updateTable('domains')
      .set({ domain_name: input.domainName, target_website: input.targetWebsite, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(
      { ...ctx, db: trx },
      {
        action: 'domain.update',
        subjectType: 'domain',
        subjectId: id,
        details: renamed ? { from: current.domain_name, to: row.domain_name } : { domain: row.domain_name },
      },
    );
    return toDomainView(row);
  });
}

/** A domain whose WordPress site is being created or deleted is not deleted under it. */
async function refuseBusy(db: Kysely<Database>, rows: Pick<DomainRow, 'id' | 'domain_name'>[]) {
  if (rows.length === 0) return;
  const busy = await db
    .selectFrom('jobs')
    .select('subject_id')
    .where('subject', '=', 'domain')
    .where(
      'subject_id',
      'in',
      rows.map((r) => r.id),
    )
    .where('kind', 'in', ['creator.create-site', 'creator.delete-site'])
    .where('status', 'in', ['pending', 'running'])
    .execute();
  const names = rows.filter((r) => busy.some((b) => b.subject_id === r.id)).map((r) => r.domain_name);
  if (names.length > 0) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The WordPress site of ${names.join(', ')} is being created or deleted; wait for that job to end`,
      { busy: names },
    );
  }
}

function refuseHosted(rows: Pick<DomainRow, 'domain_name' | 'is_hosted'>[]) {
  const hosted = rows.filter((r) => r.is_hosted).map((r) => r.domain_name);
  if (hosted.length === 1) {
    throw new AppError('VALIDATION_ERROR', `Delete the WordPress site of ${hosted[0]} first`, {
      hosted,
    });
  }
  if (hosted.length > 1) {
    throw new AppError(
      'VALIDATION_ERROR',
      `Delete the WordPress sites of these domains first: ${hosted.join(', ')}`,
      {
        hosted,
      },
    );
  }
}

export async function deleteDomain(ctx: Ctx, id: number): Promise<{ id: number; deleted: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('domains')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Domain');
    refuseHosted([row]);
    await refuseBusy(trx, [row]);
    await trx.deleteFrom('domains').where('id', '=', id).execute();
    await audit(
      { ...ctx, db: trx },
      { action: 'domain.delete', subjectType: 'domain', subjectId: id, details: { domain: row.domain_name } },
    );
  });
  return { id, deleted: true };
}

/** Deletes several domains in one transaction; if any is hosted, none is deleted and the reason names it. */
export async function bulkDeleteDomains(
  ctx: Ctx,
  ids: number[],
): Promise<{ changed: number; missing: number[] }> {
  const domainIds = [...new Set(ids)];
  return ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('domains')
      .select(['id', 'domain_name', 'is_hosted'])
      .where('id', 'in', domainIds)
      .orderBy('id')
      .forUpdate()
      .execute();
    refuseHosted(rows);
    await refuseBusy(trx, rows);
    if (rows.length > 0) {
      await trx
        .deleteFrom('domains')
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
    }
    for (const row of rows) {
      await audit(
        { ...ctx, db: trx },
        {
          action: 'domain.delete',
          subjectType: 'domain',
          subjectId: row.id,
          details: { domain: row.domain_name, bulk: true },
        },
      );
    }
    const present = new Set(rows.map((r) => r.id));
    return { changed: rows.length, missing: domainIds.filter((id) => !present.has(id)) };
  });
}
