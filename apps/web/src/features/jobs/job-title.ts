import { plural, t } from '@lingui/core/macro';
import type { JobRow } from './types';

type TitledJob = Pick<JobRow, 'kind' | 'title'> & { title_values?: JobRow['title_values'] };

/**
 * A job's title in the screen's language, made from its kind and what it names; a kind this list
 * does not know (or values it lacks) keeps the server's English title.
 */
export function jobTitle(job: TitledJob): string {
  const { domain, count, content_type: type, target } = job.title_values ?? {};
  const withDomain = (say: (d: string) => string) => (domain === undefined ? job.title : say(domain));
  const withCount = (say: (n: number) => string) => (count === undefined ? job.title : say(count));
  switch (job.kind) {
    case 'ai.generate-ideas':
      return withCount((n) =>
        t({ message: plural(n, { one: 'Generate # idea', other: 'Generate # ideas' }) }),
      );
    case 'ai.rewrite-idea':
      return t`Rewrite an idea`;
    case 'ai.promote-idea':
      return t`Write a post from an idea`;
    case 'ai.synthesize-policies':
      return t`Synthesize policies from feedback`;
    case 'ai.publish-on-cadence':
      return t`Publish posts on cadence`;
    case 'analytics.pull-site':
      return withDomain((d) => t`Analytics pull of ${d}`);
    case 'analytics.pull-all':
      return t`Analytics pull of every site`;
    case 'content.generate':
      return type === 'page'
        ? t`Generate a page`
        : type === 'post'
          ? t`Generate a post`
          : t`Generate an article`;
    case 'creator.create-site':
      return withDomain((d) => t`Create WordPress site for ${d}`);
    case 'creator.delete-site':
      return withDomain((d) => t`Delete WordPress site of ${d}`);
    case 'cloudflare.bulk-setup-dns':
      return withCount((n) =>
        t({ message: plural(n, { one: 'Set up DNS for # domain', other: 'Set up DNS for # domains' }) }),
      );
    case 'cloudflare.bulk-reset-dns':
      return withCount((n) =>
        t({ message: plural(n, { one: 'Reset DNS for # domain', other: 'Reset DNS for # domains' }) }),
      );
    case 'domains.bulk-purchase':
      return withCount((n) => t({ message: plural(n, { one: 'Buy # domain', other: 'Buy # domains' }) }));
    case 'cloudflare.refresh-zones':
      return t`Cloudflare zone status`;
    case 'keywords.generate':
      return target === undefined ? job.title : t`Generate keywords for ${target}`;
    case 'keywords.refresh-metrics':
      return withCount((n) =>
        t({
          message: plural(n, {
            one: 'Refresh the metrics of # keyword',
            other: 'Refresh the metrics of # keywords',
          }),
        }),
      );
    case 'maintenance.prune':
      return t`Housekeeping`;
    case 'maintenance.compact-counters':
      return t`Counter compaction`;
    case 'sites.screenshot':
      return withDomain((d) => t`Screenshot of ${d}`);
    case 'sites.performance-test':
      return withDomain((d) => t`Performance test of ${d}`);
    case 'sites.refresh-screenshots':
      return t`Refresh the sites’ screenshots`;
    case 'sites.bulk-test-connection':
      return withCount((n) =>
        t({
          message: plural(n, {
            one: 'Test the connection of # site',
            other: 'Test the connection of # sites',
          }),
        }),
      );
    case 'sites.pull':
      return withDomain((d) => t`WordPress pull of ${d}`);
    case 'sites.push':
      return withDomain((d) => t`WordPress push of ${d}`);
    case 'sites.sync':
      return withDomain((d) => t`Sync of ${d}`);
    case 'sites.sync-all':
      return count === undefined
        ? t`Sync of all sites`
        : t({ message: plural(count, { one: 'Sync of # site', other: 'Sync of # sites' }) });
    case 'sites.publish-due-posts':
      return t`Publish scheduled posts`;
    case 'sites.uptime-check':
      return t`Uptime checks of the sites`;
    default:
      return job.title;
  }
}
