import { Card, CardContent } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../lib/format';
import { PerformanceCard } from './PerformanceCard';
import { RecentActivity } from './RecentActivity';
import { UptimeCard } from './UptimeCard';
import { WordPressInfoCard } from './WordPressInfoCard';
import type { SiteDetail } from './use-site';

/**
 * Dashboard tab: the post cards and the WordPress card from the site's record and its synced posts, its
 * uptime and its performance tests.
 */
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
      <UptimeCard site={site} />
      <WordPressInfoCard site={site} />
      <PerformanceCard siteId={site.id} onRun={onPerformanceTest} running={performanceTesting} />
      <RecentActivity siteId={site.id} />
    </div>
  );
}
