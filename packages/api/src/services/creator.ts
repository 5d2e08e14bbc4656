import { domainToUnicode } from 'node:url';
import { generatedSiteContent, type CreateSiteInput, type GeneratedSiteContent } from '@blogfleet/validators';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { createSiteJob, deleteSiteJob } from '../jobs/creator';
import { activeJobsFor, enqueueForSubject, getJob } from './jobs';
import { integrationConfig, textGenerator } from './integration-config';
import {
  claimCredentialsOnce,
  creatorDomain,
  leftOnHost,
  readyHost,
  refuseUnlessCreatable,
} from './wordpress-hosting';

type Ctx = Pick<Context, 'db' | 'req' | 'secrets' | 'integrations' | 'queue'> & {
  user: { id: number; role: 'admin' | 'user' };
};

/**
 * The active job of a kind for a domain: answered to the user who started it (a second click), refused
 * to anybody else (their input would silently be dropped).
 */
async function activeJobOf(ctx: Ctx, kind: string, domain: { id: number; domain_name: string }) {
  const running = (await activeJobsFor(ctx, 'domain', domain.id)).find((j) => j.kind === kind);
  if (!running) return null;
  if (running.created_by !== ctx.user.id) {
    throw new AppError('VALIDATION_ERROR', busyMessage(kind, domain.domain_name));
  }
  return { jobId: running.id, domain: domain.domain_name, job: running };
}

const busyMessage = (kind: string, domain: string) =>
  kind === createSiteJob.kind
    ? `Another user is already creating the WordPress site of ${domain}`
    : `Another user is already deleting the WordPress site of ${domain}`;

/** Enqueues (one active job per kind and domain: a parallel request gets the same job). */
async function enqueueOnce(
  ctx: Ctx,
  kind: string,
  payload: unknown,
  domain: { id: number; domain_name: string },
) {
  const job = await enqueueForSubject(
    ctx,
    kind,
    payload,
    { subject: 'domain', subjectId: domain.id },
    busyMessage(kind, domain.domain_name),
  );
  return { jobId: job.id, domain: domain.domain_name, job };
}

/**
 * POST creator/create: checks what can be checked at once (the domain and its state, the hosting target,
 * Cloudflare when asked), then enqueues the provisioning job. A second request for a domain whose site is
 * being created answers the running job.
 */
export async function startSiteCreation(ctx: Ctx, input: CreateSiteInput) {
  const domain = await creatorDomain(ctx, { id: input.domainId, name: input.domain });
  const running = await activeJobOf(ctx, createSiteJob.kind, domain);
  if (running) return running;
  refuseUnlessCreatable(domain);
  if ((await activeJobsFor(ctx, 'domain', domain.id)).some((j) => j.kind === deleteSiteJob.kind)) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The WordPress site of ${domain.domain_name} is still being deleted`,
    );
  }
  await readyHost(ctx);
  if (input.use_cloudflare) await integrationConfig(ctx, 'cloudflare');
  return enqueueOnce(ctx, createSiteJob.kind, input, domain);
}

/**
 * POST creator/delete: a hosted domain's WordPress site is removed by a job. A site left on the host by
 * a creation that failed after provisioning (no site record) can be removed the same way.
 */
export async function startSiteDeletion(ctx: Ctx, domainName: string) {
  const domain = await creatorDomain(ctx, { name: domainName });
  const running = await activeJobOf(ctx, deleteSiteJob.kind, domain);
  if (running) return running;
  if ((await activeJobsFor(ctx, 'domain', domain.id)).some((j) => j.kind === createSiteJob.kind)) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The WordPress site of ${domain.domain_name} is still being created`,
    );
  }
  if (!domain.is_hosted && !(await leftOnHost(ctx, domain.domain_name))) {
    throw new AppError('VALIDATION_ERROR', `${domain.domain_name} has no WordPress site to delete`);
  }
  return enqueueOnce(ctx, deleteSiteJob.kind, { domainId: domain.id, domain: domain.domain_name }, domain);
}

/**
 * GET creator/job-status/{jobId} (core §7): status, message, progress, error and, for the creator of a
 * finished creation, the credentials the first time they are asked for (null afterwards).
 */
export async function creatorJobStatus(ctx: Ctx, jobId: string) {
  const job = await getJob(ctx, jobId);
  if (job.kind !== createSiteJob.kind && job.kind !== deleteSiteJob.kind) throw notFound('Job');
  const result = (job.result ?? {}) as { siteId?: number; domain?: string };
  const payload = await ctx.db
    .selectFrom('jobs')
    .select('payload')
    .where('id', '=', job.id)
    .executeTakeFirst();
  const domain = result.domain ?? (payload?.payload as { domain?: string } | null)?.domain ?? '';
  let credentials = null;
  if (
    job.kind === createSiteJob.kind &&
    job.status === 'completed' &&
    job.created_by === ctx.user.id &&
    typeof result.siteId === 'number'
  ) {
    credentials = await claimCredentialsOnce(ctx, result.siteId);
  }
  return {
    jobId: job.id,
    kind: job.kind === createSiteJob.kind ? ('create' as const) : ('delete' as const),
    domain,
    status: job.status,
    message: job.message ?? 'WordPress site creation in progress...',
    progress: job.progress,
    error: job.error,
    siteId: typeof result.siteId === 'number' ? result.siteId : null,
    credentials,
  };
}

const words = (domain: string) => domainToUnicode(domain).split('.')[0]!.split(/[-_]+/).filter(Boolean);

/** POST creator/generate-content: the six fields of the create dialog from the AI text integration. */
export async function generateSiteContent(
  ctx: Ctx,
  domainName: string,
  language = 'en',
): Promise<{ generatedContent: GeneratedSiteContent; generator: string }> {
  const domain = await ctx.db
    .selectFrom('domains')
    .select(['domain_name', 'target_website'])
    .where('domain_name', '=', domainName)
    .executeTakeFirst();
  // Model tokens are spent only on domains in the list.
  if (!domain) throw notFound('Domain');
  const generator = await textGenerator(ctx);
  const topic = words(domainName).join(' ');
  const result = await generator.generate({
    schema: generatedSiteContent,
    schemaName: 'site_content',
    system:
      'You write the first content of a new WordPress site: a short site title, a slogan, a welcome post and a home page. Plain text, no markdown.',
    prompt: `Write the starting content for the site at ${domainToUnicode(domainName)} about "${topic}".`,
    language,
    input: {
      domain: domainToUnicode(domainName),
      topic,
      keywords: words(domainName),
      targetWebsite: domain.target_website,
    },
  });
  return { generatedContent: result.output, generator: result.generator };
}
