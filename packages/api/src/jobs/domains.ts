import { bulkDomainIdsInput } from '@blogfleet/validators';
import { z } from 'zod';
import { isIntegrationError } from '@blogfleet/integrations/errors';
import { purchaseDomain } from '../services/domain-purchase';
import { refreshPendingZones } from '../services/dns';
import { defineJobKind, jobContext, PermanentJobError } from './kind';

const reasonOf = (err: unknown) =>
  isIntegrationError(err) || err instanceof Error ? err.message : String(err);

/**
 * Buys several domains one after another (each exactly as the single purchase: checked, previewed,
 * idempotent). Safe to repeat: a bought domain is skipped, one bought but not recorded is found in the
 * account. Ends failed with "Failed to buy some domains: …" naming each one that was not bought and why.
 */
export const bulkPurchaseJob = defineJobKind({
  kind: 'domains.bulk-purchase',
  payload: bulkDomainIdsInput,
  retryLimit: 1,
  retryDelaySeconds: 30,
  timeLimitSeconds: 30 * 60,
  title: ({ domainIds }) => `Buy ${domainIds.length} domains`,
  run: async ({ payload, deps, createdBy, progress }) => {
    const ctx = jobContext({ deps, createdBy });
    const rows = await deps.db
      .selectFrom('domains')
      .select(['id', 'domain_name', 'status'])
      .where('id', 'in', payload.domainIds)
      .orderBy('domain_name')
      .execute();
    const bought: string[] = [];
    const failed: { domain: string; reason: string }[] = [];
    for (const [i, row] of rows.entries()) {
      await progress(Math.round((i / Math.max(rows.length, 1)) * 100), `Buying ${row.domain_name}`);
      if (row.status === 'purchased') {
        bought.push(row.domain_name);
        continue;
      }
      try {
        await purchaseDomain(ctx, row.id);
        bought.push(row.domain_name);
      } catch (err) {
        failed.push({ domain: row.domain_name, reason: reasonOf(err) });
      }
    }
    const missing = payload.domainIds.length - rows.length;
    if (failed.length > 0) {
      const list = failed.map((f) => `${f.domain} (${f.reason})`).join('; ');
      throw new PermanentJobError(
        `Failed to buy some domains: ${list}. Bought ${bought.length} of ${rows.length}.`,
      );
    }
    await progress(100, `Bought ${bought.length} domains`);
    return { bought, missing };
  },
});

/** Pending and failed Cloudflare zones are checked every ten minutes until they are active. */
export const refreshZonesJob = defineJobKind({
  kind: 'cloudflare.refresh-zones',
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 300,
  title: () => 'Cloudflare zone status',
  internal: true,
  run: ({ deps }) => refreshPendingZones(deps),
});
