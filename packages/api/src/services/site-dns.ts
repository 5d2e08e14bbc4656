import {
  createDnsRecord,
  deleteDnsRecord,
  getSslMode,
  getZone,
  listDnsRecords,
  setSslMode,
  triggerActivationCheck,
  updateDnsRecord,
  type DnsRecordSpec,
  type SslMode,
} from '@blogfleet/integrations/cloudflare';
import type { Kysely, Database, Selectable, SitesTable } from '@blogfleet/db';
import { recordNameInZone, type DnsRecordInput } from '@blogfleet/validators';
import { AppError, notFound } from '../errors';
import { audit } from './audit';
import {
  cdnStatusOf,
  saveCdnStatus,
  storedFields,
  storeRecords,
  toRecordView,
  type DnsCtx,
  type DomainRow,
} from './dns';
import { integrationConfig, optionalIntegrationConfig, type IntegrationConfigs } from './integration-config';

type Ctx = DnsCtx;
type SiteRow = Selectable<SitesTable>;
type CfConfig = IntegrationConfigs['cloudflare'];

/** A site whose domain has a Cloudflare zone: what every call but the status needs. */
interface SiteZone {
  site: SiteRow;
  domain: DomainRow;
  zoneId: string;
}

async function siteWithDomain(ctx: Ctx, siteId: number) {
  const site = await ctx.db.selectFrom('sites').selectAll().where('id', '=', siteId).executeTakeFirst();
  if (!site) throw notFound('Site');
  const domain =
    site.domain_id === null
      ? undefined
      : await ctx.db.selectFrom('domains').selectAll().where('id', '=', site.domain_id).executeTakeFirst();
  return { site, domain: domain ?? null };
}

async function siteZone(ctx: Ctx, siteId: number): Promise<SiteZone> {
  const { site, domain } = await siteWithDomain(ctx, siteId);
  if (!domain?.cloudflare_zone_id) {
    throw new AppError('VALIDATION_ERROR', `Set up DNS for ${domain?.domain_name ?? site.domain_name} first`);
  }
  return { site, domain, zoneId: domain.cloudflare_zone_id };
}

/** What a change writes besides Cloudflare: a settings-history row of the domain and an audit entry. */
async function recordChange(
  ctx: Ctx,
  db: Kysely<Database>,
  { site, domain, zoneId }: SiteZone,
  change: { actionType: string; audit: string },
  details: Record<string, unknown>,
) {
  const all = { siteId: site.id, zoneId, ...details };
  await db
    .insertInto('dns_settings_history')
    .values({
      domain_id: domain.id,
      action_type: change.actionType,
      details: all,
      created_by: ctx.user?.id ?? null,
      created_at: new Date(),
    })
    .execute();
  await audit(
    { ...ctx, db },
    { action: change.audit, subjectType: 'site', subjectId: site.id, details: all },
  );
}

function statusView(
  site: SiteRow,
  domain: DomainRow | null,
  cdn: { nameservers: string[]; ssl_status: SslMode | null } | undefined,
) {
  const zoneId = domain?.cloudflare_zone_id ?? null;
  return {
    site_id: site.id,
    domain_id: domain?.id ?? null,
    domain_name: domain?.domain_name ?? site.domain_name,
    cloudflare_status: domain?.cloudflare_status ?? 'inactive',
    zone_id: zoneId,
    nameservers: zoneId ? (cdn?.nameservers ?? []) : [],
    ssl_status: zoneId ? (cdn?.ssl_status ?? null) : null,
  };
}

interface ZoneState {
  status: 'active' | 'pending' | 'failed';
  nameservers: string[];
  ssl: SslMode;
}

async function readZone(cf: CfConfig, zoneId: string): Promise<ZoneState> {
  const [zone, ssl] = await Promise.all([getZone(cf, zoneId), getSslMode(cf, zoneId)]);
  return { status: cdnStatusOf(zone), nameservers: zone.nameServers, ssl };
}

/** Stores what Cloudflare said of the zone; answers the site's status. */
async function storeZone(db: Kysely<Database>, { site, domain, zoneId }: SiteZone, state: ZoneState) {
  let row = domain;
  if (state.status !== domain.cloudflare_status) {
    row = await db
      .updateTable('domains')
      .set({ cloudflare_status: state.status, updated_at: new Date() })
      .where('id', '=', domain.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  const cdn = { nameservers: state.nameservers, ssl_status: state.ssl };
  await saveCdnStatus(db, domain.id, {
    cloudflare_status: state.status,
    zone_id: zoneId,
    site_id: site.id,
    ...cdn,
  });
  return statusView(site, row, cdn);
}

/**
 * The site's CDN status, read from Cloudflare when it is set up. Any site answers: one without a domain
 * or a zone is `inactive`.
 */
export async function siteDnsStatus(ctx: Ctx, siteId: number) {
  const { site, domain } = await siteWithDomain(ctx, siteId);
  const zoneId = domain?.cloudflare_zone_id ?? null;
  const cf = zoneId ? await optionalIntegrationConfig(ctx, 'cloudflare') : null;
  if (domain && zoneId && cf) {
    const state = await readZone(cf, zoneId);
    return ctx.db.transaction().execute((trx) => storeZone(trx, { site, domain, zoneId }, state));
  }
  const cdn = domain
    ? await ctx.db.selectFrom('cdn_status').selectAll().where('domain_id', '=', domain.id).executeTakeFirst()
    : undefined;
  return statusView(site, domain, cdn);
}

/** The zone's records, read from Cloudflare (refreshing the stored copy) when it is set up. */
export async function siteDnsRecords(ctx: Ctx, siteId: number) {
  const { domain, zoneId } = await siteZone(ctx, siteId);
  const cf = await optionalIntegrationConfig(ctx, 'cloudflare');
  if (cf) {
    const listedAt = new Date();
    const records = await listDnsRecords(cf, zoneId);
    await ctx.db.transaction().execute((trx) => storeRecords(trx, domain.id, records, listedAt));
  }
  const rows = await ctx.db
    .selectFrom('dns_records')
    .selectAll()
    .where('domain_id', '=', domain.id)
    .orderBy('id')
    .execute();
  return { records: rows.map(toRecordView) };
}

export async function siteDnsHistory(ctx: Ctx, siteId: number) {
  const { domain } = await siteZone(ctx, siteId);
  const rows = await ctx.db
    .selectFrom('dns_settings_history')
    .select(['id', 'action_type', 'details', 'created_at'])
    .where('domain_id', '=', domain.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return { history: rows.map((h) => ({ ...h, created_at: h.created_at.toISOString() })) };
}

/**
 * Asks Cloudflare to check the zone's name servers now rather than at its next scheduled check, then
 * stores the zone's status. Cloudflare checks only pending zones, so an active one is just read again.
 */
export async function activateSiteZone(ctx: Ctx, siteId: number) {
  const target = await siteZone(ctx, siteId);
  const cf = await integrationConfig(ctx, 'cloudflare');
  const before = cdnStatusOf(await getZone(cf, target.zoneId));
  const checked = before !== 'active';
  if (checked) await triggerActivationCheck(cf, target.zoneId);
  const state = await readZone(cf, target.zoneId);
  return ctx.db.transaction().execute(async (trx) => {
    const status = await storeZone(trx, target, state);
    await recordChange(
      ctx,
      trx,
      target,
      { actionType: 'activate', audit: 'site.dns_activate' },
      { checked, before, after: state.status },
    );
    return status;
  });
}

export async function setSiteSslMode(ctx: Ctx, siteId: number, mode: SslMode) {
  const target = await siteZone(ctx, siteId);
  const cf = await integrationConfig(ctx, 'cloudflare');
  const cdnOf = (db: Kysely<Database>) =>
    db.selectFrom('cdn_status').selectAll().where('domain_id', '=', target.domain.id).executeTakeFirst();
  const before = await cdnOf(ctx.db);
  await setSslMode(cf, target.zoneId, mode);
  return ctx.db.transaction().execute(async (trx) => {
    await saveCdnStatus(trx, target.domain.id, { ssl_status: mode, zone_id: target.zoneId, site_id: siteId });
    await recordChange(
      ctx,
      trx,
      target,
      { actionType: 'ssl_update', audit: 'site.ssl_update' },
      { from: before?.ssl_status ?? null, to: mode },
    );
    return statusView(target.site, target.domain, await cdnOf(trx));
  });
}

function specOf(input: DnsRecordInput, domainName: string): DnsRecordSpec {
  const name = recordNameInZone(input.name, domainName);
  if (!name.ok) {
    throw new AppError('VALIDATION_ERROR', `name: ${name.reason}`, {
      issues: [{ path: 'name', message: name.reason }],
    });
  }
  const spec: DnsRecordSpec = {
    type: input.type,
    name: name.name,
    content: input.content,
    ttl: input.ttl,
    proxied: input.proxied,
  };
  if (input.type === 'MX') spec.priority = input.priority;
  if (input.type === 'SRV') {
    Object.assign(spec, { priority: input.priority, weight: input.weight, port: input.port });
  }
  return spec;
}

async function storedRecord(db: Kysely<Database>, domainId: number, id: number) {
  const row = await db
    .selectFrom('dns_records')
    .selectAll()
    .where('id', '=', id)
    .where('domain_id', '=', domainId)
    .executeTakeFirst();
  if (!row?.provider_record_id) throw notFound('DNS record');
  return { ...row, provider_record_id: row.provider_record_id };
}

/** Adds a record to the site's zone, or with `id` overwrites that record; the stored copy follows. */
export async function saveSiteDnsRecord(ctx: Ctx, siteId: number, input: DnsRecordInput) {
  const target = await siteZone(ctx, siteId);
  const spec = specOf(input, target.domain.domain_name);
  const existing = input.id === undefined ? null : await storedRecord(ctx.db, target.domain.id, input.id);
  const cf = await integrationConfig(ctx, 'cloudflare');
  const saved = existing
    ? await updateDnsRecord(cf, target.zoneId, existing.provider_record_id, spec)
    : await createDnsRecord(cf, target.zoneId, spec);
  return ctx.db.transaction().execute(async (trx) => {
    const now = new Date();
    const fields = { ...storedFields(saved), updated_at: now };
    // Locked as storeRecords locks it: a refresh running meanwhile may already have stored the record.
    await trx.selectFrom('domains').select('id').where('id', '=', target.domain.id).forUpdate().execute();
    const known =
      existing ??
      (await trx
        .selectFrom('dns_records')
        .select('id')
        .where('domain_id', '=', target.domain.id)
        .where('provider_record_id', '=', saved.id)
        .executeTakeFirst());
    const row = known
      ? await trx
          .updateTable('dns_records')
          .set(fields)
          .where('id', '=', known.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('dns_records')
          .values({ ...fields, domain_id: target.domain.id, created_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
    const record = toRecordView(row);
    const actionType = existing ? 'dns_record_update' : 'dns_record_create';
    await recordChange(
      ctx,
      trx,
      target,
      { actionType, audit: `site.${actionType}` },
      { recordId: row.id, ...(existing ? { before: toRecordView(existing) } : {}), record },
    );
    return { record };
  });
}

export async function deleteSiteDnsRecord(ctx: Ctx, siteId: number, recordId: number) {
  const target = await siteZone(ctx, siteId);
  const existing = await storedRecord(ctx.db, target.domain.id, recordId);
  const cf = await integrationConfig(ctx, 'cloudflare');
  await deleteDnsRecord(cf, target.zoneId, existing.provider_record_id);
  const record = toRecordView(existing);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('dns_records').where('id', '=', existing.id).execute();
    await recordChange(
      ctx,
      trx,
      target,
      { actionType: 'dns_record_delete', audit: 'site.dns_record_delete' },
      // A refresh that listed the zone before this delete must not bring the record back (storeRecords).
      { recordId, providerRecordId: existing.provider_record_id, record },
    );
  });
  return { deleted: record };
}
