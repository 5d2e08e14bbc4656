import { Alert, Button, Spinner } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, PlugZap, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { formatNumber, formatUserDate } from '../../lib/format';
import { Panel, SourceList, SummaryFigures, TopPagesList, VisitorsChart } from './Figures';
import { RangeSelect } from './RangeSelect';
import { type RangeDays } from './range';
import { useSiteAnalytics } from './use-site-analytics';

/**
 * The site's analytics tab (core §2, issue 13): what its must-use plugin collected, pulled every 10
 * minutes: visitors, page views, bounce rate, session length, a daily chart, sources and the top pages.
 */
export function SiteAnalyticsTab({ siteId, hostedHere }: { siteId: number; hostedHere: boolean }) {
  const { t } = useLingui();
  const [range, setRange] = useState<RangeDays>(30);
  const { data, readNow, reading, install, installing, download } = useSiteAnalytics(siteId, range);

  if (data.isLoading) return <Spinner label={t`Loading…`} />;
  if (data.isError || !data.data) {
    return <Alert>{userMessage(data.error, { fallback: t`Failed to fetch analytics` })}</Alert>;
  }
  const a = data.data;
  const collection = a.collection;
  const pulledAt = collection.pulled_at ? formatUserDate(collection.pulled_at) : null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RangeSelect value={range} onChange={setRange} />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" className="h-10 md:h-9" loading={reading} onClick={readNow}>
            <RefreshCw className="size-4" aria-hidden />
            <Trans>Read now</Trans>
          </Button>
          {hostedHere ? (
            <Button variant="outline" className="h-10 md:h-9" loading={installing} onClick={install}>
              <PlugZap className="size-4" aria-hidden />
              <Trans>Install plugin</Trans>
            </Button>
          ) : null}
          <Button variant="ghost" className="h-10 md:h-9" onClick={download}>
            <Download className="size-4" aria-hidden />
            <Trans>Download plugin</Trans>
          </Button>
        </div>
      </div>
      <p className="text-sm text-muted-foreground" data-testid="analytics-collection">
        {pulledAt ? (
          <Trans>Last read {pulledAt}. Read again every 10 minutes.</Trans>
        ) : (
          <Trans>Not read yet. Blogfleet reads the site every 10 minutes once its plugin is installed.</Trans>
        )}
      </p>
      {collection.error ? (
        <Alert tone="info">
          <Trans>The last read failed: {collection.error}</Trans>
        </Alert>
      ) : null}
      <SummaryFigures
        totals={{ ...a, visitors: a.visitors.total, pageviews: a.pageviews.total }}
        visitorsHint={<Trans>{formatNumber(a.visitors.today)} today</Trans>}
      />
      <Panel title={<Trans>Visitors and page views</Trans>}>
        <VisitorsChart daily={a.daily} label={t`Visitors and page views a day`} height={240} />
      </Panel>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={<Trans>Traffic sources</Trans>}>
          <SourceList sources={a.traffic_sources} label={t`Traffic sources`} />
        </Panel>
        <Panel title={<Trans>Top pages</Trans>}>
          <TopPagesList
            label={t`Top pages`}
            pages={a.top_pages
              .slice(0, 5)
              .map((p) => ({ key: p.path, title: p.title, address: p.path, views: p.views }))}
          />
        </Panel>
      </div>
    </div>
  );
}
