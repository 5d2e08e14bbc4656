import { isIPv4, isIPv6 } from 'node:net';
import {
  deleteZone,
  ensureDnsRecords,
  ensureZone,
  getZone,
  setSslMode,
  type CloudflareDnsRecord,
  type CloudflareZone,
  type DnsRecordSpec,
} from '@blogfleet/integrations/cloudflare';
import { createRegistrar } from '@blogfleet/integrations/registrar';
import {
  sql,
  type DnsRecordsTable,
  type DomainsTable,
  type Kysely,
  type Database,
  type Selectable,
} from '@blogfleet/db';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { audit } from './audit';
import { toDomainView } from './domain-view';
import { integrationConfig, optionalIntegrationConfig } from './integration-config';
import { notifyActiveUsers, notifyUsers } from './notifications';

/** A job acts for the user who started it, or for nobody. */
export type DnsCtx = Pick<Context, 'db' | 'req' | 'secrets' | 'integrations'> & {
  user: { id: number } | null;
};
type Ctx = DnsCtx;
export type DomainRow = Selectable<DomainsTable>;
type CdnStatus = 'active' | 'pending' | 'failed' | 'inactive';
type SslStatus = 'off' | 'flexible' | 'full' | 'strict';

/** Default records of doc2 §9: type A (AAAA or CNAME for other addresses), ttl 3600, proxied. */
export const DEFAULT_TTL = 3600;
export const DEFAULT_SSL_MODE = 'full' as const;

function defaultRecords(domain: string, address: string): DnsRecordSpec[] {
  const type = isIPv4(address) ? 'A' : isIPv6(address) ? 'AAAA' : 'CNAME';
  return [domain, `www.${domain}`].map((name) => ({
    type,
    name,
    content: address,
    ttl: DEFAULT_TTL,
    proxied: true,
  }));
}

/** Cloudflare's zone status as the spec's CDN status (active, pending, failed, inactive). */
export const cdnStatusOf = (zone: CloudflareZone): 'active' | 'pending' | 'failed' =>
  zone.status === 'active'
    ? 'active'
    : zone.status === 'pending' || zone.status === 'initializing'
      ? 'pending'
      : 'failed';

async function domainFor(ctx: Ctx, id: number): Promise<DomainRow> {
  const row = await ctx.db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Domain');
  return row;
}

/** The state rules of doc2 §4, on the server: only bought domains, and not one a site already uses. */
function refuseUnlessManageable(row: DomainRow, action: 'setup' | 'reset') {
  if (row.status !== 'purchased') {
    throw new AppError(
      'VALIDATION_ERROR',
      `Buy ${row.domain_name} before ${action === 'setup' ? 'setting up' : 'resetting'} its DNS`,
    );
  }
  if (row.is_used) {
    throw new AppError(
      'VALIDATION_ERROR',
      `${row.domain_name} is used by a site; manage its DNS from the site`,
    );
  }
}

/** The table has no weight and port columns, so SRV content holds "weight port target" as Cloudflare writes it. */
const storedContent = (r: CloudflareDnsRecord) =>
  r.type === 'SRV' ? `${r.weight ?? 0} ${r.port ?? 0} ${r.content}` : r.content;

export const storedFields = (r: CloudflareDnsRecord) => ({
  provider_record_id: r.id,
  type: r.type,
  name: r.name,
  content: storedContent(r),
  ttl: r.ttl,
  proxied: r.proxied ?? false,
  priority: r.priority ?? null,
});

/**
 * Makes the stored copy of a zone's records match Cloudflare's list, asked for at `listedAt`. Records
 * already known keep their ids (the API names records by them), so call inside a transaction: the domain
 * row is locked to keep two refreshes from adding the same record twice. A record added, edited or
 * deleted here after `listedAt` is newer than the list: it is neither removed, set back nor brought back.
 * Rows written here are stamped `listedAt`, so of two refreshes at once the later list wins.
 */
export async function storeRecords(
  db: Kysely<Database>,
  domainId: number,
  records: CloudflareDnsRecord[],
  listedAt: Date,
) {
  await db.selectFrom('domains').select('id').where('id', '=', domainId).forUpdate().execute();
  const known = await db.selectFrom('dns_records').selectAll().where('domain_id', '=', domainId).execute();
  const byProvider = new Map(known.map((k) => [k.provider_record_id, k]));
  const deletedSince = await db
    .selectFrom('dns_settings_history')
    .select(sql<string | null>`details->>'providerRecordId'`.as('providerRecordId'))
    .where('domain_id', '=', domainId)
    .where('action_type', '=', 'dns_record_delete')
    .where('created_at', '>=', listedAt)
    .execute();
  const deleted = new Set(deletedSince.map((d) => d.providerRecordId));
  const kept = new Set<number>();
  const fresh: CloudflareDnsRecord[] = [];
  for (const r of records) {
    const row = byProvider.get(r.id);
    if (!row) {
      if (!deleted.has(r.id)) fresh.push(r);
      continue;
    }
    kept.add(row.id);
    if (row.updated_at >= listedAt) continue;
    const fields = storedFields(r);
    const same = (Object.keys(fields) as (keyof typeof fields)[]).every((k) => row[k] === fields[k]);
    if (!same) {
      await db
        .updateTable('dns_records')
        .set({ ...fields, updated_at: listedAt })
        .where('id', '=', row.id)
        .execute();
    }
  }
  const stale = known.filter((k) => !kept.has(k.id) && k.created_at < listedAt).map((k) => k.id);
  if (stale.length > 0) await db.deleteFrom('dns_records').where('id', 'in', stale).execute();
  if (fresh.length > 0) {
    await db
      .insertInto('dns_records')
      .values(
        fresh.map((r) => ({
          domain_id: domainId,
          ...storedFields(r),
          created_at: listedAt,
          updated_at: listedAt,
        })),
      )
      .execute();
  }
}

/** A stored record as the API shows it; SRV's target, weight and port apart again. */
export function toRecordView(r: Selectable<DnsRecordsTable>) {
  const srv = r.type === 'SRV' ? /^(\d+) (\d+) (.+)$/.exec(r.content) : null;
  return {
    id: r.id,
    type: r.type,
    name: r.name,
    content: srv ? srv[3]! : r.content,
    ttl: r.ttl,
    proxied: r.proxied,
    priority: r.priority,
    weight: srv ? Number(srv[1]) : null,
    port: srv ? Number(srv[2]) : null,
  };
}

/** Writes the domain's row of cdn_status, creating it when missing. */
export async function saveCdnStatus(
  db: Kysely<Database>,
  domainId: number,
  values: {
    cloudflare_status?: CdnStatus;
    zone_id?: string | null;
    nameservers?: string[];
    ssl_status?: SslStatus | null;
    site_id?: number | null;
  },
) {
  const row = { ...values, updated_at: new Date() };
  await db
    .insertInto('cdn_status')
    .values({ domain_id: domainId, ...row })
    .onConflict((oc) => oc.column('domain_id').doUpdateSet(row))
    .execute();
}

/**
 * Sets a bought domain up on Cloudflare (core §7): the zone (created when missing), the registrar's name
 * servers pointed at it when the domain is ours there, A records for @ and www to the hosting target's
 * public address (ttl 3600, proxied), SSL full. Every step is safe to repeat.
 */
export async function setupDns(ctx: Ctx, id: number) {
  const row = await domainFor(ctx, id);
  refuseUnlessManageable(row, 'setup');
  const cf = await integrationConfig(ctx, 'cloudflare');
  const host = await integrationConfig(ctx, 'wordpress_host');
  if (!host.publicAddress) {
    throw new AppError(
      'INTEGRATION_NOT_CONFIGURED',
      'The hosting target has no public address for DNS records. An admin can set it in Settings → Integrations → WordPress hosting.',
      { integration: 'wordpress_host', settingsPath: '/settings#wordpress_host' },
    );
  }
  const zone = await ensureZone(cf, row.domain_name);
  const listedAt = new Date();
  const records = await ensureDnsRecords(cf, zone.id, defaultRecords(row.domain_name, host.publicAddress));
  await setSslMode(cf, zone.id, DEFAULT_SSL_MODE);

  // The registrar is told only when the domain is ours there and a registrar is set up.
  const registrarConfig = row.registrar ? await optionalIntegrationConfig(ctx, 'registrar') : null;
  let nameserversSet = false;
  if (registrarConfig && registrarConfig.provider === row.registrar && zone.nameServers.length > 0) {
    await createRegistrar(registrarConfig).setNameservers(row.domain_name, zone.nameServers);
    nameserversSet = true;
  }

  const status = cdnStatusOf(zone);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const now = new Date();
    const domain = await trx
      .updateTable('domains')
      .set({ cloudflare_zone_id: zone.id, cloudflare_status: status, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await saveCdnStatus(trx, id, {
      cloudflare_status: status,
      zone_id: zone.id,
      nameservers: zone.nameServers,
      ssl_status: DEFAULT_SSL_MODE,
    });
    await storeRecords(trx, id, records, listedAt);
    await trx
      .insertInto('dns_settings_history')
      .values({
        domain_id: id,
        action_type: 'setup_dns',
        details: { zoneId: zone.id, nameservers: zone.nameServers, records: records.length, nameserversSet },
        created_by: ctx.user?.id ?? null,
        created_at: now,
      })
      .execute();
    await audit(
      { ...ctx, db: trx },
      {
        action: 'domain.setup_dns',
        subjectType: 'domain',
        subjectId: id,
        details: { zoneId: zone.id, nameserversSet },
      },
    );
    return domain;
  });
  return {
    domain: toDomainView(updated),
    zone: { id: zone.id, status, nameservers: zone.nameServers },
    records: records.length,
    nameserversSet,
  };
}

/** Removes the domain's Cloudflare configuration: the zone (and its records) and what we stored of it. */
export async function resetDns(ctx: Ctx, id: number) {
  const row = await domainFor(ctx, id);
  refuseUnlessManageable(row, 'reset');
  if (row.cloudflare_zone_id) {
    const cf = await integrationConfig(ctx, 'cloudflare');
    await deleteZone(cf, row.cloudflare_zone_id);
  }
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const now = new Date();
    const domain = await trx
      .updateTable('domains')
      .set({ cloudflare_zone_id: null, cloudflare_status: 'inactive', updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('cdn_status').where('domain_id', '=', id).execute();
    await trx.deleteFrom('dns_records').where('domain_id', '=', id).execute();
    await trx
      .insertInto('dns_settings_history')
      .values({
        domain_id: id,
        action_type: 'reset_dns',
        details: { zoneId: row.cloudflare_zone_id },
        created_by: ctx.user?.id ?? null,
        created_at: now,
      })
      .execute();
    await audit(
      { ...ctx, db: trx },
      {
        action: 'domain.reset_dns',
        subjectType: 'domain',
        subjectId: id,
        details: { zoneId: row.cloudflare_zone_id },
      },
    );
    return domain;
  });
  return { domain: toDomainView(updated) };
}

/** The domain's DNS/CDN state (refreshed from Cloudflare while its zone waits), records and history. */
export async function dnsStatus(ctx: Ctx, id: number) {
  let row = await domainFor(ctx, id);
  if (row.cloudflare_zone_id && row.cloudflare_status !== 'active') {
    const cf = await optionalIntegrationConfig(ctx, 'cloudflare');
    if (cf) {
      const status = cdnStatusOf(await getZone(cf, row.cloudflare_zone_id));
      if (status !== row.cloudflare_status) {
        const now = new Date();
        const before = row.cloudflare_status;
        const updated = await ctx.db.transaction().execute(async (trx) => {
          const changed = await trx
            .updateTable('domains')
            .set({ cloudflare_status: status, updated_at: now })
            .where('id', '=', id)
            .where('cloudflare_status', '=', before)
            .returningAll()
            .executeTakeFirst();
          if (!changed) return null;
          await trx
            .updateTable('cdn_status')
            .set({ cloudflare_status: status, updated_at: now })
            .where('domain_id', '=', id)
            .execute();
          if (status === 'active') await notifyZoneActive(trx, changed);
          return changed;
        });
        // Another reader or the refresh job changed it first: read what it wrote.
        row = updated ?? (await domainFor(ctx, id));
      }
    }
  }
  const [cdn, records, history] = await Promise.all([
    ctx.db.selectFrom('cdn_status').selectAll().where('domain_id', '=', id).executeTakeFirst(),
    ctx.db.selectFrom('dns_records').selectAll().where('domain_id', '=', id).orderBy('id').execute(),
    ctx.db
      .selectFrom('dns_settings_history')
      .select(['id', 'action_type', 'created_at'])
      .where('domain_id', '=', id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(50)
      .execute(),
  ]);
  return {
    domain: toDomainView(row),
    cloudflare_status: row.cloudflare_status,
    zone_id: row.cloudflare_zone_id,
    nameservers: cdn?.nameservers ?? [],
    ssl_status: cdn?.ssl_status ?? null,
    records: records.map(toRecordView),
    history: history.map((h) => ({
      id: h.id,
      action_type: h.action_type,
      created_at: h.created_at.toISOString(),
    })),
  };
}

/**
 * A zone turned active: the user who set up its DNS is told (the latest setup in the domain's history),
 * or every active admin when nobody is known.
 */
async function notifyZoneActive(db: Kysely<Database>, domain: { id: number; domain_name: string }) {
  const setup = await db
    .selectFrom('dns_settings_history')
    .innerJoin('users', 'users.id', 'dns_settings_history.created_by')
    .select('users.id')
    .where('dns_settings_history.domain_id', '=', domain.id)
    .where('dns_settings_history.action_type', '=', 'setup_dns')
    .where('users.status', '=', 'active')
    .orderBy('dns_settings_history.created_at', 'desc')
    .orderBy('dns_settings_history.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const n = {
    kind: 'dns.zone_active' as const,
    title: `${domain.domain_name}: Cloudflare zone active`,
    body: `Cloudflare now serves the DNS of ${domain.domain_name}.`,
    params: { domain: domain.domain_name },
    link: '/domains',
    subjectType: 'domain',
    subjectId: domain.id,
  };
  if (setup) await notifyUsers(db, [setup.id], n);
  else await notifyActiveUsers(db, n, { adminsOnly: true });
}

/**
 * Checks every zone still pending (or failed) with Cloudflare and records the ones that turned active;
 * run by the periodic `cloudflare.refresh-zones` job. Nothing to do when Cloudflare is not set up.
 */
export async function refreshPendingZones(ctx: Pick<Context, 'db' | 'secrets' | 'integrations'>) {
  const cf = await optionalIntegrationConfig(ctx, 'cloudflare');
  if (!cf) return { checked: 0, changed: 0 };
  const rows = await ctx.db
    .selectFrom('domains')
    .select(['id', 'cloudflare_zone_id', 'cloudflare_status'])
    .where('cloudflare_zone_id', 'is not', null)
    .where('cloudflare_status', 'in', ['pending', 'failed'])
    .orderBy('updated_at')
    .limit(200)
    .execute();
  let changed = 0;
  for (const row of rows) {
    const status = cdnStatusOf(await getZone(cf, row.cloudflare_zone_id!));
    if (status === row.cloudflare_status) continue;
    const now = new Date();
    const moved = await ctx.db.transaction().execute(async (trx) => {
      // Only from the status read above: two refreshes (or a refresh and a status read) change it once.
      const updated = await trx
        .updateTable('domains')
        .set({ cloudflare_status: status, updated_at: now })
        .where('id', '=', row.id)
        .where('cloudflare_status', '=', row.cloudflare_status)
        .returning(['id', 'domain_name'])
        .executeTakeFirst();
      if (!updated) return false;
      await trx
        .updateTable('cdn_status')
        .set({ cloudflare_status: status, updated_at: now })
        .where('domain_id', '=', row.id)
        .execute();
      await trx
        .insertInto('dns_settings_history')
        .values({
          domain_id: row.id,
          action_type: `zone_${status}`,
          details: { zoneId: row.cloudflare_zone_id },
          created_by: null,
          created_at: now,
        })
        .execute();
      if (status === 'active') await notifyZoneActive(trx, updated);
      return true;
    });
    if (moved) changed++;
  }
  return { checked: rows.length, changed };
}
