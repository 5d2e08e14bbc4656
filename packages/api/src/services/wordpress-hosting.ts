import {
  checkWordPressHost,
  deprovisionSite,
  provisionSite,
  readSiteInfo,
  runningSites,
  sitePaths,
  startSite,
  stopAllSites,
  stopHostedServer,
  siteAnswers,
  type SiteCredentials,
} from '@blogfleet/integrations/wordpress';
import type { CreateSiteInput, SiteCredentialsView } from '@blogfleet/validators';
import { siteCredentials } from '@blogfleet/validators';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { audit } from './audit';
import { integrationConfig, type IntegrationCtx } from './integration-config';
import { decryptSecret, encryptSecret } from './secrets';

export type CreatorCtx = Pick<Context, 'db' | 'req' | 'secrets' | 'integrations'> & {
  user: { id: number } | null;
};

/** The domain a creator call names: it must be in the list, and the id and name must agree. */
export async function creatorDomain(ctx: Pick<Context, 'db'>, by: { id?: number; name: string }) {
  let q = ctx.db.selectFrom('domains').selectAll().where('domain_name', '=', by.name);
  if (by.id !== undefined) q = q.where('id', '=', by.id);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('Domain');
  return row;
}

/** The state rules of doc2 §4 for WP creation: a bought domain without a site yet. */
export function refuseUnlessCreatable(row: {
  domain_name: string;
  status: string;
  is_hosted: boolean;
  is_used: boolean;
}) {
  if (row.status !== 'purchased') {
    throw new AppError('VALIDATION_ERROR', `Buy ${row.domain_name} before creating its WordPress site`);
  }
  if (row.is_hosted) {
    throw new AppError('VALIDATION_ERROR', `${row.domain_name} already has a WordPress site`);
  }
  if (row.is_used) {
    throw new AppError('VALIDATION_ERROR', `${row.domain_name} is used by a site; move that site first`);
  }
}

/** The hosting target's checks, or INTEGRATION_NOT_CONFIGURED naming the first thing that is missing. */
export async function readyHost(ctx: IntegrationCtx) {
  const config = await integrationConfig(ctx, 'wordpress_host');
  const checks = await checkWordPressHost(config.host);
  const failed = checks.find((c) => !c.ok);
  if (failed) {
    throw new AppError(
      'INTEGRATION_NOT_CONFIGURED',
      `The WordPress hosting target is not ready: ${failed.detail}. An admin can check it in Settings → Integrations → WordPress hosting.`,
      { integration: 'wordpress_host', settingsPath: '/settings#wordpress_host', check: failed.name },
    );
  }
  return config;
}

/**
 * Provisions the site (safe to repeat: a complete site with the same input answers its stored
 * credentials), serves it, and records it: the site row (active, linked to the domain, REST URL and
 * application password, full credentials encrypted) and the domain hosted and used, in one transaction.
 * When anything after provisioning fails (or the job was cancelled), the site is removed from the host
 * again, so nothing is left there without a record.
 */
export async function provisionAndRecord(
  ctx: CreatorCtx,
  input: CreateSiteInput,
  onProgress: (percent: number, message: string) => void,
  signal?: AbortSignal,
): Promise<{ siteId: number; credentials: SiteCredentials }> {
  const { host } = await readyHost(ctx);
  const credentials = await provisionSite(
    host,
    {
      domain: input.domain,
      title: input.title,
      slogan: input.slogan,
      adminEmail: input.email ?? `admin@${input.domain}`,
      postTitle: input.postTitle,
      postContent: input.postContent,
      pageTitle: input.pageTitle,
      pageContent: input.pageContent,
      language: input.language,
      timezone: input.timezone,
    },
    onProgress,
  );
  let siteId: number;
  try {
    signal?.throwIfAborted();
    onProgress(92, 'Starting the site');
    await startSite(host, input.domain);
    signal?.throwIfAborted();
    onProgress(96, 'Recording the site');
    siteId = await recordSite(ctx, input, credentials);
  } catch (error) {
    await stopHostedServer(host, input.domain).catch(() => {});
    await deprovisionSite(host, input.domain).catch(() => {});
    throw error;
  }
  await audit(ctx, {
    action: 'site.create',
    subjectType: 'site',
    subjectId: siteId,
    details: { domain: input.domain, siteUrl: credentials.siteUrl },
  });
  return { siteId, credentials };
}

/**
 * The site row and the domain's flags, in one transaction, the domain locked first (as every change of
 * both does). A site moved onto the domain meanwhile is never overwritten: the creation fails instead.
 */
async function recordSite(ctx: CreatorCtx, input: CreateSiteInput, credentials: SiteCredentials) {
  return ctx.db.transaction().execute(async (trx) => {
    const domain = await trx
      .selectFrom('domains')
      .selectAll()
      .where('id', '=', input.domainId)
      .forUpdate()
      .executeTakeFirst();
    if (!domain) throw notFound('Domain');
    const existing = await trx
      .selectFrom('sites')
      .select(['id', 'site_title', 'hosted_here'])
      .where('domain_id', '=', domain.id)
      .forUpdate()
      .executeTakeFirst();
    if (existing && !existing.hosted_here) {
      throw new AppError(
        'VALIDATION_ERROR',
        `${domain.domain_name} was moved to ${existing.site_title} while its WordPress site was being created; the new site was removed`,
      );
    }
    const values = {
      site_title: input.title,
      site_slogan: input.slogan,
      domain_id: domain.id,
      domain_name: domain.domain_name,
      target_website: domain.target_website,
      targeted_language: input.language,
      default_timezone: input.timezone,
      status: 'active' as const,
      wp_api_url: `${credentials.siteUrl.replace(/\/$/, '')}/wp-json`,
      wp_username: credentials.adminUser,
      wp_app_password_ciphertext: encryptSecret(ctx.secrets, credentials.appPassword),
      hosted_here: true,
      credentials_ciphertext: encryptSecret(ctx.secrets, JSON.stringify(credentials)),
      updated_at: new Date(),
    };
    const id = existing
      ? (
          await trx
            .updateTable('sites')
            .set(values)
            .where('id', '=', existing.id)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      : (
          await trx
            .insertInto('sites')
            .values({ ...values, created_by: ctx.user?.id ?? null })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
    await trx
      .updateTable('domains')
      .set({ is_hosted: true, is_used: true, updated_at: new Date() })
      .where('id', '=', domain.id)
      .execute();
    return id;
  });
}

/** Whether a Blogfleet site for this domain is on the host (e.g. left by a creation that failed late). */
export async function leftOnHost(ctx: IntegrationCtx, domainName: string): Promise<boolean> {
  const { host } = await integrationConfig(ctx, 'wordpress_host');
  const info = await readSiteInfo(sitePaths(host, domainName).infoFile).catch(() => null);
  return info?.domain === domainName;
}

/** The stored credentials of a site Blogfleet provisioned (decrypted), or null. */
export async function storedCredentials(
  ctx: Pick<Context, 'db' | 'secrets'>,
  siteId: number,
): Promise<SiteCredentialsView | null> {
  const row = await ctx.db
    .selectFrom('sites')
    .select('credentials_ciphertext')
    .where('id', '=', siteId)
    .executeTakeFirst();
  if (!row?.credentials_ciphertext) return null;
  return siteCredentials.parse(JSON.parse(decryptSecret(ctx.secrets, row.credentials_ciphertext)));
}

/**
 * The credentials for the creation dialog, once: the first caller to claim them gets them, every later
 * call gets null (an admin can still reveal them from the site, audited).
 */
export async function claimCredentialsOnce(
  ctx: Pick<Context, 'db' | 'secrets'>,
  siteId: number,
): Promise<SiteCredentialsView | null> {
  const claimed = await ctx.db
    .updateTable('sites')
    .set({ credentials_shown_at: new Date() })
    .where('id', '=', siteId)
    .where('credentials_shown_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return claimed ? storedCredentials(ctx, siteId) : null;
}

/** An admin reads a provisioned site's credentials again; every reveal is audited. */
export async function revealCredentials(
  ctx: CreatorCtx & { user: { id: number; role: 'admin' | 'user' } },
  siteId: number,
): Promise<SiteCredentialsView> {
  if (ctx.user.role !== 'admin') {
    throw new AppError('FORBIDDEN', "Access denied. You don't have permission to view this page.");
  }
  const site = await ctx.db
    .selectFrom('sites')
    .select(['id', 'domain_name'])
    .where('id', '=', siteId)
    .executeTakeFirst();
  if (!site) throw notFound('Site');
  const credentials = await storedCredentials(ctx, siteId);
  if (!credentials) {
    throw new AppError(
      'VALIDATION_ERROR',
      `${site.domain_name} was not created by Blogfleet; it has no stored credentials`,
    );
  }
  await audit(ctx, {
    action: 'site.credentials_reveal',
    subjectType: 'site',
    subjectId: siteId,
    details: { domain: site.domain_name },
  });
  return credentials;
}

/** The credentials of the site Blogfleet created for a domain (admins; audited as revealCredentials). */
export async function revealDomainCredentials(
  ctx: CreatorCtx & { user: { id: number; role: 'admin' | 'user' } },
  domainId: number,
): Promise<SiteCredentialsView> {
  const site = await ctx.db
    .selectFrom('sites')
    .select('id')
    .where('domain_id', '=', domainId)
    .where('hosted_here', '=', true)
    .executeTakeFirst();
  if (!site) throw new AppError('NOT_FOUND', 'This domain has no WordPress site created by Blogfleet');
  return revealCredentials(ctx, site.id);
}

/** The hosting target's readiness (GET creator/health and creator/status). */
export async function hostHealth(ctx: IntegrationCtx) {
  const { host, publicAddress } = await integrationConfig(ctx, 'wordpress_host');
  const checks = await checkWordPressHost(host);
  const failed = checks.filter((c) => !c.ok);
  return {
    ready: failed.length === 0,
    checks,
    hint:
      failed.length === 0
        ? null
        : 'Run infra/wordpress/setup-host.sh on the hosting machine (it installs PHP, MariaDB and WordPress core and creates the sites’ user), or correct Settings → Integrations → WordPress hosting.',
    host: {
      root: host.root,
      core: host.core,
      php: host.php,
      database: `${host.db.host}:${host.db.port}`,
      bindAddress: host.bindAddress,
      firstPort: host.firstPort,
      publicAddress,
    },
  };
}

/** Sites recorded as hosted here, and which of them this server runs right now. */
export async function hostStatus(ctx: IntegrationCtx) {
  const health = await hostHealth(ctx);
  const { host } = await integrationConfig(ctx, 'wordpress_host');
  const sites = await ctx.db
    .selectFrom('sites')
    .select(['id', 'domain_name', 'status'])
    .where('hosted_here', '=', true)
    .orderBy('domain_name')
    .execute();
  const rows = await Promise.all(
    sites.map(async (s) => {
      const info = await readSiteInfo(sitePaths(host, s.domain_name).infoFile).catch(() => null);
      return {
        id: s.id,
        domain: s.domain_name,
        status: s.status,
        port: info?.port ?? null,
        siteUrl: info?.siteUrl ?? null,
        // Whichever process serves it: the port answers.
        running: await siteAnswers(host, s.domain_name),
      };
    }),
  );
  return { ...health, sites: rows, runningCount: rows.filter((r) => r.running).length };
}

/**
 * Starts the servers of the sites hosted here that this process does not run yet (after a restart);
 * a site that fails to start is reported, not fatal.
 */
export async function serveHostedSites(
  ctx: IntegrationCtx,
): Promise<{ started: string[]; failed: { domain: string; reason: string }[] }> {
  const { host } = await integrationConfig(ctx, 'wordpress_host');
  const sites = await ctx.db
    .selectFrom('sites')
    .select('domain_name')
    .where('hosted_here', '=', true)
    .where('status', '=', 'active')
    .execute();
  const running = new Set(runningSites());
  const started: string[] = [];
  const failed: { domain: string; reason: string }[] = [];
  for (const { domain_name } of sites) {
    // Served by this process already, or by another one that is still up.
    if (running.has(domain_name) || (await siteAnswers(host, domain_name))) continue;
    try {
      await startSite(host, domain_name);
      started.push(domain_name);
    } catch (error) {
      failed.push({ domain: domain_name, reason: (error as Error).message });
    }
  }
  return { started, failed };
}

/**
 * Removes the WordPress site of a hosted domain from the hosting target (server, database, files), then
 * unlinks Blogfleet's site record (kept inactive with its history; deleting it is the sites list's
 * business) and frees the domain. Safe to repeat.
 */
export async function deprovisionAndUnlink(
  ctx: CreatorCtx,
  domainId: number,
  onProgress: (percent: number, message: string) => void,
): Promise<{ domain: string; siteId: number | null }> {
  const domain = await ctx.db.selectFrom('domains').selectAll().where('id', '=', domainId).executeTakeFirst();
  if (!domain) throw notFound('Domain');
  const { host } = await integrationConfig(ctx, 'wordpress_host');
  onProgress(10, `Stopping ${domain.domain_name}`);
  await stopHostedServer(host, domain.domain_name);
  onProgress(30, 'Removing the database, its user and the site files');
  await deprovisionSite(host, domain.domain_name);
  onProgress(80, 'Unlinking the site');
  const siteId = await ctx.db.transaction().execute(async (trx) => {
    // The domain first, as every change of a domain and its site locks them.
    await trx.selectFrom('domains').select('id').where('id', '=', domain.id).forUpdate().executeTakeFirst();
    const site = await trx
      .updateTable('sites')
      .set({
        status: 'inactive',
        domain_id: null,
        hosted_here: false,
        wp_app_password_ciphertext: null,
        credentials_ciphertext: null,
        updated_at: new Date(),
      })
      .where('domain_id', '=', domain.id)
      .where('hosted_here', '=', true)
      .returning('id')
      .executeTakeFirst();
    // A site elsewhere may point at the domain (a cleanup after a failed creation): it stays used then.
    const other = await trx
      .selectFrom('sites')
      .select('id')
      .where('domain_id', '=', domain.id)
      .executeTakeFirst();
    await trx
      .updateTable('domains')
      .set({ is_hosted: false, is_used: other !== undefined, updated_at: new Date() })
      .where('id', '=', domain.id)
      .execute();
    return site?.id ?? null;
  });
  await audit(ctx, {
    action: 'site.delete_wordpress',
    subjectType: 'domain',
    subjectId: domain.id,
    details: { domain: domain.domain_name, siteId },
  });
  return { domain: domain.domain_name, siteId };
}

/** Stops every site server this process runs (on shutdown). */
export async function stopHostedSites(): Promise<void> {
  await stopAllSites();
}
