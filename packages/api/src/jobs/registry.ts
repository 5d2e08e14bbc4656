import type { JobKind } from './kind';
import { pullAllAnalyticsJob, pullSiteAnalyticsJob } from './analytics';
import { bulkPurchaseJob, refreshZonesJob } from './domains';
import { createSiteJob, deleteSiteJob } from './creator';
import {
  bulkTestConnectionJob,
  publishDuePostsJob,
  pullSiteJob,
  pushSiteJob,
  syncAllSitesJob,
  syncSiteJob,
} from './sites';
import { bulkResetDnsJob, bulkSetupDnsJob } from './dns';
import { performanceTestJob, refreshScreenshotsJob, screenshotJob } from './site-checks';
import { compactCountersJob, pruneJob } from './maintenance';
import { uptimeCheckJob } from './uptime';
import { generateKeywordsJob, refreshKeywordMetricsJob } from './keywords';
import { generateContentJob } from './content';
import {
  generateIdeasJob,
  promoteIdeaJob,
  publishOnCadenceJob,
  rewriteIdeaJob,
  synthesizePoliciesJob,
} from './ai-pool';

/** Every job kind the product has, in one place; workers serve exactly these. */
// Kinds differ in payload and result types; the registry hands them out by name, checked at the edges
// (payload schema on enqueue and on delivery).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyJobKind = JobKind<any, unknown>;

const productKinds: AnyJobKind[] = [
  pruneJob,
  compactCountersJob,
  bulkPurchaseJob,
  refreshZonesJob,
  bulkSetupDnsJob,
  bulkResetDnsJob,
  createSiteJob,
  deleteSiteJob,
  bulkTestConnectionJob,
  pullSiteJob,
  pushSiteJob,
  syncSiteJob,
  syncAllSitesJob,
  publishDuePostsJob,
  screenshotJob,
  performanceTestJob,
  refreshScreenshotsJob,
  generateKeywordsJob,
  refreshKeywordMetricsJob,
  generateContentJob,
  generateIdeasJob,
  rewriteIdeaJob,
  promoteIdeaJob,
  synthesizePoliciesJob,
  publishOnCadenceJob,
  pullSiteAnalyticsJob,
  pullAllAnalyticsJob,
  uptimeCheckJob,
];

const kinds = new Map<string, AnyJobKind>(productKinds.map((k) => [k.kind, k]));

/** Adds kinds (tests register their own) before workers start. */
export function registerJobKinds(...extra: AnyJobKind[]): void {
  for (const k of extra) kinds.set(k.kind, k);
}

export function jobKind(kind: string): JobKind<unknown, unknown> | undefined {
  return kinds.get(kind) as JobKind<unknown, unknown> | undefined;
}

export function jobKinds(): JobKind<unknown, unknown>[] {
  return [...kinds.values()] as JobKind<unknown, unknown>[];
}
