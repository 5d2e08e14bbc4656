import type { Database, Kysely } from '@blogfleet/db';
import { titleValuesOf } from './job-view';
import { notifyUsers, type NewNotification } from './notifications';

/** The job as its outcome was recorded. */
export interface FinishedJob {
  id: string;
  kind: string;
  title: string | null;
  subject: string | null;
  subject_id: number | null;
  payload: Record<string, unknown>;
  result: Record<string, unknown> | null;
  error: string | null;
  created_by: number | null;
}

const AREA_LINKS: [prefix: string, link: string][] = [
  ['domains.', '/domains'],
  ['cloudflare.', '/domains'],
  ['creator.', '/domains'],
  ['keywords.', '/keywords'],
  ['content.', '/content'],
  ['ai.', '/ai-content-pool'],
  ['sites.', '/sites'],
];

/** Where the job's subject is shown: its site, else the page of its area. */
export function jobLink(
  job: Pick<FinishedJob, 'kind' | 'subject' | 'subject_id' | 'payload'>,
): string | null {
  if (job.subject === 'site' && job.subject_id) return `/sites/${job.subject_id}`;
  const siteId = job.payload?.siteId;
  if (typeof siteId === 'number' && Number.isInteger(siteId)) return `/sites/${siteId}`;
  if (job.subject === 'domain') return '/domains';
  return AREA_LINKS.find(([prefix]) => job.kind.startsWith(prefix))?.[1] ?? null;
}

/** "a.com, b.com and 3 more" */
export function nameList(names: string[], shown = 5): string {
  if (names.length <= shown) {
    return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  }
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

/** The domains a purchase notification names; the count says how many there were. */
const NAMED_DOMAINS = 100;

/** What the buyer is told of a purchase (one domain bought by hand, or a bulk purchase's job). */
export function purchasedNotification(bought: string[]) {
  return {
    kind: 'domain.purchased',
    title: bought.length === 1 ? `Bought ${bought[0]}` : `Bought ${bought.length} domains`,
    body: bought.length > 0 ? `Bought ${nameList(bought)}.` : 'Nothing needed buying.',
    params: {
      domains: bought.slice(0, NAMED_DOMAINS),
      count: bought.length,
      ...(bought.length === 1 ? { domain: bought[0] } : {}),
    },
  } as const;
}

function notificationOf(job: FinishedJob, outcome: 'completed' | 'failed'): NewNotification {
  const title = job.title ?? job.kind;
  const base = { link: jobLink(job), subjectType: 'job', subjectId: job.id };
  const about = { job_kind: job.kind, job_title: title, job_values: titleValuesOf(job.payload) };
  const error = job.error ? { error: job.error } : {};
  // A domain purchase names what was bought: the buyer gets this one, never a second, generic one.
  if (job.kind === 'domains.bulk-purchase') {
    const bought = Array.isArray(job.result?.bought) ? (job.result.bought as string[]) : [];
    if (outcome === 'completed') {
      const purchased = purchasedNotification(bought);
      return { ...base, ...purchased, params: { ...about, ...purchased.params } };
    }
    return {
      ...base,
      kind: 'job.failed',
      title: 'Domain purchase failed',
      body: job.error ?? '',
      params: { ...about, ...error },
    };
  }
  return outcome === 'completed'
    ? { ...base, kind: 'job.completed', title: `Done: ${title}`, body: 'Completed.', params: about }
    : {
        ...base,
        kind: 'job.failed',
        title: `Failed: ${title}`,
        body: job.error ?? 'Failed.',
        params: { ...about, ...error },
      };
}

/**
 * Tells the job's creator how it ended (call in the transaction that records the outcome, so it is
 * told exactly once). Jobs nobody started (scheduled ones) tell nobody; cancelled ones are not told.
 */
export async function notifyJobOutcome(
  db: Kysely<Database>,
  job: FinishedJob,
  outcome: 'completed' | 'failed',
): Promise<void> {
  if (job.created_by === null) return;
  await notifyUsers(db, [job.created_by], notificationOf(job, outcome));
}
