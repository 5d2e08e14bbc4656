import { bulkDomainIdsInput, type BulkDomainIdsInput } from '@blogfleet/validators';
import { isIntegrationError } from '@blogfleet/integrations/errors';
import { resetDns, setupDns, type DnsCtx } from '../services/dns';
import { defineJobKind, jobContext, PermanentJobError, type JobRun } from './kind';

const reasonOf = (err: unknown) =>
  isIntegrationError(err) || err instanceof Error ? err.message : String(err);

interface BulkDnsAction {
  /** "set up", "reset": the words of the failure message. */
  verb: string;
  run(ctx: DnsCtx, domainId: number): Promise<unknown>;
  /** Progress messages (templates of JOB_MESSAGES): at one domain, and at the end. */
  doing(domain: string): string;
  did(count: number): string;
}

/**
 * Runs one DNS action for each domain, by name, carrying on past failures; the job then fails naming
 * every domain that failed and why. Each action is safe to repeat, so a retried attempt starts over.
 */
async function eachDomain(
  { payload, deps, createdBy, progress }: JobRun<BulkDomainIdsInput>,
  { verb, run, doing, did }: BulkDnsAction,
) {
  const ctx: DnsCtx = jobContext({ deps, createdBy });
  const rows = await deps.db
    .selectFrom('domains')
    .select(['id', 'domain_name'])
    .where('id', 'in', payload.domainIds)
    .orderBy('domain_name')
    .execute();
  const done: string[] = [];
  const failed: { domain: string; reason: string }[] = [];
  for (const [i, row] of rows.entries()) {
    await progress(Math.round((i / rows.length) * 100), doing(row.domain_name));
    try {
      await run(ctx, row.id);
      done.push(row.domain_name);
    } catch (err) {
      failed.push({ domain: row.domain_name, reason: reasonOf(err) });
    }
  }
  if (failed.length > 0) {
    const list = failed.map((f) => `${f.domain} (${f.reason})`).join('; ');
    throw new PermanentJobError(
      `Failed to ${verb} DNS for some domains: ${list}. Done for ${done.length} of ${rows.length}.`,
    );
  }
  await progress(100, did(done.length));
  return { done, missing: payload.domainIds.length - rows.length };
}

const limits = { retryLimit: 1, retryDelaySeconds: 30, timeLimitSeconds: 30 * 60 };

/** POST cloudflare/bulk/setup-dns: setupDns for each domain (core §7). */
export const bulkSetupDnsJob = defineJobKind({
  kind: 'cloudflare.bulk-setup-dns',
  payload: bulkDomainIdsInput,
  ...limits,
  title: ({ domainIds }) => `Set up DNS for ${domainIds.length} domains`,
  run: (job) =>
    eachDomain(job, {
      verb: 'set up',
      run: setupDns,
      doing: (domain) => `Set up DNS for ${domain}`,
      did: (count) => `Set up DNS for ${count} domains`,
    }),
});

/** POST cloudflare/bulk/reset-dns: resetDns for each domain. */
export const bulkResetDnsJob = defineJobKind({
  kind: 'cloudflare.bulk-reset-dns',
  payload: bulkDomainIdsInput,
  ...limits,
  title: ({ domainIds }) => `Reset DNS for ${domainIds.length} domains`,
  run: (job) =>
    eachDomain(job, {
      verb: 'reset',
      run: resetDns,
      doing: (domain) => `Reset DNS for ${domain}`,
      did: (count) => `Reset DNS for ${count} domains`,
    }),
});
