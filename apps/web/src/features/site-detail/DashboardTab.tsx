import { Card, CardContent, CardHeader, CardTitle } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber, formatUserDate } from '../../lib/format';
import { PerformanceCard } from './PerformanceCard';
import { RecentActivity } from './RecentActivity';
import type { SiteDetail } from './use-site';

/** Dashboard tab: the post cards and the WordPress card from the site's record and its synced posts. */
export function DashboardTab({
  site,
  onPerformanceTest,
  performanceTesting,
}: {
  site: SiteDetail;
  onPerformanceTest(): void;
  performanceTesting: boolean;
}) {
  const { t } = useLingui();
  const cards = [
    [t`Total posts`, site.statistics.total_posts],
    [t`Published`, site.statistics.published_posts],
    [t`Drafts`, site.statistics.draft_posts],
  ] as const;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-3 gap-3">
        {cards.map(([label, value]) => (
          <Card key={label}>
            <CardContent className="pt-4">
              <div className="text-sm text-muted-foreground">{label}</div>
              <div className="text-2xl font-semibold tabular-nums">{formatNumber(value)}</div>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h3">
            <Trans>WordPress</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-muted-foreground">
              <Trans>API URL</Trans>
            </dt>
            <dd className="break-all">{site.wp_api_url ?? t`Not configured`}</dd>
            <dt className="text-muted-foreground">
              <Trans>Theme</Trans>
            </dt>
            <dd>{site.theme || t`Default`}</dd>
            <dt className="text-muted-foreground">
              <Trans>Language</Trans>
            </dt>
            <dd>{site.targeted_language.toUpperCase()}</dd>
            <dt className="text-muted-foreground">
              <Trans>Time zone</Trans>
            </dt>
            <dd>{site.default_timezone || 'UTC'}</dd>
            <dt className="text-muted-foreground">
              <Trans>Last pull</Trans>
            </dt>
            <dd>{site.last_synced_at ? formatUserDate(site.last_synced_at) : t`Never`}</dd>
          </dl>
        </CardContent>
      </Card>
      <PerformanceCard siteId={site.id} onRun={onPerformanceTest} running={performanceTesting} />
      <RecentActivity siteId={site.id} />
    </div>
  );
}
