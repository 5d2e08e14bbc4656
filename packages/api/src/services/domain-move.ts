import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { audit } from './audit';
import { toDomainView } from './domain-view';

type Ctx = Pick<Context, 'db' | 'req'> & { user: { id: number } };

/**
 * Move to Site (doc2 §4): points an existing site at this domain. The domain must not be used by a
 * site; the site's previous domain is freed. A site whose WordPress Blogfleet runs on its own host lives
 * under its domain's name there, so it cannot change domain this way.
 */
export async function moveDomainToSite(ctx: Ctx, domainId: number, siteId: number) {
  return ctx.db.transaction().execute(async (trx) => {
    const domain = await trx
      .selectFrom('domains')
      .selectAll()
      .where('id', '=', domainId)
      .forUpdate()
      .executeTakeFirst();
    if (!domain) throw notFound('Domain');
    const site = await trx
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', siteId)
      .forUpdate()
      .executeTakeFirst();
    if (!site) throw notFound('Site');
    if (site.domain_id === domain.id) {
      return { domain: toDomainView(domain), site: { id: site.id, domain_name: site.domain_name } };
    }
    if (domain.is_used) {
      throw new AppError('VALIDATION_ERROR', `${domain.domain_name} is already used by a site`);
    }
    const creating = await trx
      .selectFrom('jobs')
      .select('id')
      .where('subject', '=', 'domain')
      .where('subject_id', '=', domain.id)
      .where('kind', '=', 'creator.create-site')
      .where('status', 'in', ['pending', 'running'])
      .executeTakeFirst();
    if (creating) {
      throw new AppError(
        'VALIDATION_ERROR',
        `A WordPress site is being created for ${domain.domain_name}; move it when that job has ended`,
      );
    }
    if (site.hosted_here) {
      throw new AppError(
        'VALIDATION_ERROR',
        `${site.site_title} runs on Blogfleet's host under ${site.domain_name}; delete its WordPress site and create it again for ${domain.domain_name}`,
      );
    }
    const now = new Date();
    if (site.domain_id !== null) {
      await trx
        .updateTable('domains')
        .set({ is_used: false, updated_at: now })
        .where('id', '=', site.domain_id)
        .execute();
    }
    await trx
      .updateTable('sites')
      .set({ domain_id: domain.id, domain_name: domain.domain_name, updated_at: now })
      .where('id', '=', site.id)
      .execute();
    const moved = await trx
      .updateTable('domains')
      .set({ is_used: true, updated_at: now })
      .where('id', '=', domain.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(
      { ...ctx, db: trx },
      {
        action: 'domain.move_to_site',
        subjectType: 'domain',
        subjectId: domain.id,
        details: { domain: domain.domain_name, siteId: site.id, previousDomain: site.domain_name },
      },
    );
    return { domain: toDomainView(moved), site: { id: site.id, domain_name: domain.domain_name } };
  });
}

/**
 * Bulk move (doc2 §2): each domain to its site, one after another, each as moveDomainToSite; what could
 * not be moved is answered with the reason, the rest is moved.
 */
export async function bulkMoveDomains(ctx: Ctx, moves: { domainId: number; siteId: number }[]) {
  const moved: { domainId: number; siteId: number; domain: string }[] = [];
  const failed: { domainId: number; siteId: number; reason: string }[] = [];
  for (const move of moves) {
    try {
      const { domain } = await moveDomainToSite(ctx, move.domainId, move.siteId);
      moved.push({ ...move, domain: domain.domain_name });
    } catch (error) {
      failed.push({ ...move, reason: (error as Error).message });
    }
  }
  return { moved, failed };
}
