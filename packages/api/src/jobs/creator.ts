import { createSiteInput } from '@blogfleet/validators';
import { z } from 'zod';
import { isIntegrationError } from '@blogfleet/integrations/errors';
import { setupDns } from '../services/dns';
import { deprovisionAndUnlink, provisionAndRecord } from '../services/wordpress-hosting';
import { AppError } from '../errors';
import { defineJobKind, jobContext, PermanentJobError } from './kind';
import { enqueueFirstPull } from './sites';

/** Refusals another attempt cannot change end the job at once, with their message. */
function permanent(error: unknown): never {
  if (
    error instanceof AppError &&
    error.appCode !== 'SERVICE_UNAVAILABLE' &&
    error.appCode !== 'INTERNAL_ERROR'
  ) {
    throw new PermanentJobError(error.message);
  }
  if (
    isIntegrationError(error) &&
    ['unauthorized', 'forbidden', 'not_configured', 'invalid'].includes(error.kind)
  ) {
    throw new PermanentJobError(error.message);
  }
  throw error;
}

/**
 * Creates a domain's WordPress site on the hosting target (core §4/§7 creator): DNS on Cloudflare first
 * when asked, then the provisioner's steps as progress, then the site record. Every step is safe to
 * repeat, so a retried attempt completes what a dead one left.
 */
export const createSiteJob = defineJobKind({
  kind: 'creator.create-site',
  payload: createSiteInput,
  retryLimit: 1,
  retryDelaySeconds: 15,
  timeLimitSeconds: 10 * 60,
  title: ({ domain }) => `Create WordPress site for ${domain}`,
  run: async (job) => {
    const ctx = jobContext(job);
    const input = job.payload;
    let last = 0;
    const report = (percent: number, message: string) => {
      last = Math.max(last, percent);
      job.progress(last, message).catch(() => {
        // Cancellation is seen at the next awaited step (the signal), not in a listener.
      });
    };
    try {
      if (input.use_cloudflare) {
        const domain = await ctx.db
          .selectFrom('domains')
          .select(['cloudflare_status', 'is_used'])
          .where('id', '=', input.domainId)
          .executeTakeFirst();
        if (domain && !domain.is_used && domain.cloudflare_status !== 'active') {
          await job.progress(3, 'Setting up DNS on Cloudflare');
          if (!ctx.user) throw new PermanentJobError('DNS setup needs the user who started the job');
          await setupDns({ ...ctx, user: ctx.user }, input.domainId);
        }
      }
      await job.progress(5, 'WordPress site creation in progress...');
      const { siteId, credentials } = await provisionAndRecord(
        ctx,
        input,
        (p, m) => report(5 + Math.round(p * 0.9), m),
        job.signal,
      );
      // No progress write after the record: a cancel arriving now must not hide a site that exists.
      await enqueueFirstPull(ctx, { id: siteId, domain_name: input.domain });
      return { siteId, domain: input.domain, siteUrl: credentials.siteUrl, adminUrl: credentials.adminUrl };
    } catch (error) {
      if (job.signal.aborted) throw error;
      permanent(error);
    }
  },
});

export const deleteSitePayload = z.object({ domainId: z.number().int().positive(), domain: z.string() });

/** Removes a domain's WordPress site from the hosting target and unlinks its site record. */
export const deleteSiteJob = defineJobKind({
  kind: 'creator.delete-site',
  payload: deleteSitePayload,
  retryLimit: 2,
  retryDelaySeconds: 15,
  timeLimitSeconds: 5 * 60,
  title: ({ domain }) => `Delete WordPress site of ${domain}`,
  run: async (job) => {
    const ctx = jobContext(job);
    try {
      const result = await deprovisionAndUnlink(ctx, job.payload.domainId, (p, m) => {
        job.progress(p, m).catch(() => {});
      });
      await job.progress(100, `WordPress site of ${result.domain} deleted`);
      return result;
    } catch (error) {
      if (job.signal.aborted) throw error;
      permanent(error);
    }
  },
});
