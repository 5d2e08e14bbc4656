import { Button, Card, CardContent, CardHeader, CardTitle } from '@blogfleet/ui';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Gauge } from 'lucide-react';
import { formatNumber, formatUserDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';

const ms = (n: number | null) => (n === null ? '—' : `${formatNumber(n)} ms`);
const kb = (bytes: number) => `${formatNumber(bytes / 1000, { maximumFractionDigits: 1 })} kB`;

/** The home page's last performance test and the ones before it (dashboard tab). */
export function PerformanceCard({
  siteId,
  onRun,
  running,
}: {
  siteId: number;
  onRun(): void;
  running: boolean;
}) {
  const { t } = useLingui();
  const tests = trpc.sites.performanceTests.useQuery({ id: siteId });
  const [last, ...earlier] = tests.data?.tests ?? [];
  const numbers = last
    ? ([
        [t`Time to first byte`, ms(last.ttfb_ms)],
        [t`First contentful paint`, ms(last.fcp_ms)],
        [t`Load time`, ms(last.load_ms)],
        [
          t`Page weight`,
          `${kb(last.page_weight_bytes)} · ${t({ message: plural(last.request_count, { one: '# request', other: '# requests' }) })}`,
        ],
      ] as const)
    : [];
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle as="h3">
          <Trans>Performance</Trans>
        </CardTitle>
        <Button variant="outline" className="h-10 md:h-9" loading={running} onClick={onRun}>
          <Gauge className="size-4" aria-hidden />
          <Trans>Run performance test</Trans>
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!last ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No test yet. A test loads the home page in Chromium as a first-time visitor.</Trans>
          </p>
        ) : (
          <>
            <dl
              className="grid grid-cols-2 gap-3 lg:grid-cols-4"
              role="group"
              aria-label={t`Last performance test`}
            >
              {numbers.map(([label, value]) => (
                <div key={label} className="rounded-md bg-muted p-3">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="text-xs text-muted-foreground">
              <Trans>Tested {formatUserDate(last.created_at)}</Trans>
            </p>
            {earlier.length > 0 && (
              <div className="overflow-x-auto">
                <table className="w-full text-sm" aria-label={t`Earlier performance tests`}>
                  <thead className="text-left text-xs text-muted-foreground">
                    <tr>
                      <th className="py-1 pr-3 font-medium">{t`Date`}</th>
                      <th className="py-1 pr-3 font-medium">{t`TTFB`}</th>
                      <th className="py-1 pr-3 font-medium">{t`FCP`}</th>
                      <th className="py-1 pr-3 font-medium">{t`Load`}</th>
                      <th className="py-1 font-medium">{t`Weight`}</th>
                    </tr>
                  </thead>
                  <tbody className="tabular-nums">
                    {earlier.slice(0, 9).map((r) => (
                      <tr key={r.id} className="border-t border-border">
                        <td className="py-1 pr-3 whitespace-nowrap">{formatUserDate(r.created_at)}</td>
                        <td className="py-1 pr-3 whitespace-nowrap">{ms(r.ttfb_ms)}</td>
                        <td className="py-1 pr-3 whitespace-nowrap">{ms(r.fcp_ms)}</td>
                        <td className="py-1 pr-3 whitespace-nowrap">{ms(r.load_ms)}</td>
                        <td className="py-1 whitespace-nowrap">{kb(r.page_weight_bytes)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
