import type { RouterOutputs } from '@blogfleet/api';
import { Alert, EmptyState, Spinner } from '@blogfleet/ui';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { BarChart3 } from 'lucide-react';
import { Suspense } from 'react';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { Sparkline } from '../charts';
import { Panel, SourceList, SummaryFigures, TopPagesList, VisitorsChart } from './Figures';
import { RangeSelect } from './RangeSelect';
import { lastDays } from './range';

const route = getRouteApi('/_app/analytics');

/** /analytics: the fleet's totals and trend, sites ranked by visitors with sparklines, top pages and sources. */
export function FleetAnalyticsPage() {
  const { t } = useLingui();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const range = search.range ?? 30;
  const data = trpc.analytics.fleet.useQuery({ ...lastDays(range), limit: 20 });
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">
          <Trans>Analytics</Trans>
        </h1>
        <RangeSelect
          value={range}
          onChange={(next) => void navigate({ search: next === 30 ? {} : { range: next }, replace: true })}
        />
      </div>
      {data.isLoading ? (
        <Spinner label={t`Loading…`} />
      ) : data.isError || !data.data ? (
        <Alert>{userMessage(data.error, { fallback: t`Failed to fetch analytics` })}</Alert>
      ) : (
        <FleetFigures data={data.data} />
      )}
    </div>
  );
}

type Fleet = RouterOutputs['analytics']['fleet'];

function FleetFigures({ data }: { data: Fleet }) {
  const { t } = useLingui();
  const totals = data.totals;
  const monthly = data.sparkline_grain === 'month';
  return (
    <>
      <SummaryFigures
        totals={totals}
        visitorsHint={t({
          message: plural(totals.sites_with_visitors, { one: 'on # site', other: 'on # sites' }),
        })}
      />
      <Panel title={<Trans>Trend</Trans>}>
        <VisitorsChart
          daily={data.daily}
          label={t`Visitors and page views of the fleet a day`}
          height={260}
        />
      </Panel>
      <Panel title={<Trans>Sites by visitors</Trans>}>
        {data.sites.length === 0 ? (
          <EmptyState
            icon={<BarChart3 className="size-10" aria-hidden />}
            title={t`No visitors in this range.`}
            description={t`Sites report their visitors once their analytics plugin is installed; each site's Analytics tab says how.`}
          />
        ) : (
          <ol className="flex flex-col divide-y divide-border" aria-label={t`Sites by visitors`}>
            {data.sites.map((s, i) => (
              <li key={s.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
                <span className="w-6 shrink-0 tabular-nums text-muted-foreground">{i + 1}</span>
                <span className="min-w-0 flex-1">
                  <Link
                    to="/sites/$id"
                    params={{ id: String(s.id) }}
                    search={{ tab: 'analytics' }}
                    className="block truncate font-medium text-primary hover:underline"
                  >
                    {s.site_title}
                  </Link>
                  <span className="block truncate text-muted-foreground">{s.domain_name}</span>
                </span>
                <Suspense fallback={<span className="h-8 w-[120px]" />}>
                  <Sparkline
                    values={s.sparkline}
                    label={
                      monthly
                        ? t`Visitors of ${s.domain_name} a month`
                        : t`Visitors of ${s.domain_name} a day`
                    }
                  />
                </Suspense>
                <span className="w-28 shrink-0 text-right tabular-nums">
                  {t({ message: plural(s.visitors, { one: '# visitor', other: '# visitors' }) })}
                  <span className="block text-muted-foreground">
                    {t({ message: plural(s.pageviews, { one: '# view', other: '# views' }) })}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </Panel>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={<Trans>Top pages</Trans>}>
          <TopPagesList
            label={t`Top pages`}
            pages={data.top_pages.map((p) => ({
              key: `${p.site_id}${p.path}`,
              title: p.title,
              address: `${p.domain_name}${p.path}`,
              views: p.views,
            }))}
          />
        </Panel>
        <Panel title={<Trans>Traffic sources</Trans>}>
          <SourceList sources={data.traffic_sources} label={t`Traffic sources`} />
        </Panel>
      </div>
    </>
  );
}
