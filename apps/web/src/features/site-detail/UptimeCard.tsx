import { Button, Card, CardContent, CardHeader, CardTitle, Skeleton, toast } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { Activity } from 'lucide-react';
import { Suspense, useId, type ReactNode } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { formatUserDate, formatUserDayTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { TrendChart } from '../charts';
import { formatMs, formatUptime, UptimeBadge } from '../sites/UptimeBadge';
import type { SiteDetail } from './use-site';

const DAYS = 7;
const CHART_HEIGHT = 200;
/** Checks of the periodic run land while the tab is open; read them now and then. */
const REFRESH_MS = 60_000;
/** Checks are points in time: the axis and the tooltip show the time, not only the day. */
const TIME_LABELS = { tick: formatUserDayTime, tooltip: formatUserDate };

/** The dashboard tab's uptime: status, the week's uptime, the last check, response times, Check now. */
export function UptimeCard({ site }: { site: SiteDetail }) {
  const { id: siteId, domain_name_unicode: domain } = site;
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const titleId = useId();
  const uptime = trpc.sites.uptime.useQuery({ id: siteId, days: DAYS }, { refetchInterval: REFRESH_MS });
  const check = trpc.sites.checkUptime.useMutation({
    onSuccess: ({ check: c, status }) => {
      const error = c.error ?? '';
      if (c.up) {
        const code = c.status_code ?? '';
        const ms = c.response_ms === null ? '' : formatMs(c.response_ms);
        toast.success(t`${domain} is up: HTTP ${code} in ${ms}`);
      } else if (status === 'down') toast.error(t`${domain} is down: ${error}`);
      else toast.warning(t`The check failed: ${error}. A site is down after two failed checks in a row.`);
    },
    onError: (err) => toastApiError(err, t`The uptime check failed`),
    onSettled: () =>
      Promise.all([
        utils.sites.uptime.invalidate({ id: siteId }),
        utils.sites.get.invalidate({ id: siteId }),
        utils.sites.list.invalidate(),
        // A site going down or back up notifies everyone, this user too.
        utils.notifications.invalidate(),
      ]),
  });

  const data = uptime.data;
  // A failed check's time is an error page's or none: the line follows the answers of a working site.
  const points = (data?.checks ?? [])
    .filter((c) => c.up_count > 0 && c.response_ms !== null)
    .map((c) => ({ day: c.checked_at, value: c.response_ms ?? 0 }));
  const last = data?.checks.at(-1);
  const lastError = data?.status === 'down' && last && !last.up ? last.error : null;
  const figures: [label: string, value: ReactNode][] = data
    ? [
        [t`Status`, <UptimeBadge key="status" status={data.status} />],
        [t`Uptime (7 days)`, data.uptime_percent === null ? '—' : formatUptime(data.uptime_percent)],
        [t`Last checked`, data.last_checked_at ? formatUserDate(data.last_checked_at) : '—'],
        [t`Response time`, site.response_ms === null ? '—' : formatMs(site.response_ms)],
      ]
    : [];

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle as="h3" id={titleId}>
          <Trans>Uptime</Trans>
        </CardTitle>
        <Button
          variant="outline"
          className="h-10 md:h-9"
          loading={check.isPending}
          onClick={() => check.mutate({ id: siteId })}
        >
          <Activity className="size-4" aria-hidden />
          <Trans>Check now</Trans>
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {uptime.isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : !data ? (
          <p className="text-sm text-danger-strong">
            <Trans>The uptime could not be loaded.</Trans>
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              {figures.map(([label, value]) => (
                <div key={label} className="flex flex-col gap-1 rounded-md bg-muted p-3">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-base font-semibold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            {lastError ? (
              <p className="text-sm text-danger-strong">
                <Trans>Last error: {lastError}</Trans>
              </p>
            ) : null}
            {data.status !== null && data.status_changed_at ? (
              <p className="text-xs text-muted-foreground">
                {data.status === 'up' ? (
                  <Trans>Up since {formatUserDate(data.status_changed_at)}</Trans>
                ) : (
                  <Trans>Down since {formatUserDate(data.status_changed_at)}</Trans>
                )}
              </p>
            ) : null}
            {data.checks.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Trans>
                  No checks in the last 7 days. Active sites are checked on the interval set in Settings
                  (Monitoring and notifications); Check now checks this one at once.
                </Trans>
              </p>
            ) : points.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Trans>No successful check in the last 7 days.</Trans>
              </p>
            ) : (
              <Suspense fallback={<Skeleton className="w-full" style={{ height: CHART_HEIGHT }} />}>
                <TrendChart
                  label={t`Response time over the last 7 days`}
                  series={[
                    {
                      key: 'response',
                      label: t`Response time`,
                      color: 'var(--color-primary)',
                      points,
                    },
                  ]}
                  formatLabel={TIME_LABELS}
                  formatValue={formatMs}
                  formatTick={formatMs}
                  height={CHART_HEIGHT}
                />
              </Suspense>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
