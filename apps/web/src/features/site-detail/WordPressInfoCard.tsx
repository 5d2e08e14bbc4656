import { Alert, Button, Card, CardContent, CardHeader, CardTitle, Spinner } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { RefreshCw } from 'lucide-react';
import { userMessage } from '../../lib/api-errors';
import { formatUserDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import type { SiteDetail } from './use-site';

/**
 * The dashboard's WordPress card: theme, language and time zone as the site itself reports them (GET
 * sites/{id}/wordpress-info), with Blogfleet's own record beside them; a site that does not answer says
 * why and can be asked again.
 */
export function WordPressInfoCard({ site }: { site: SiteDetail }) {
  const { t } = useLingui();
  const info = trpc.sites.wordpressInfo.useQuery(
    { id: site.id },
    { enabled: site.wp_configured, retry: false },
  );
  const live = info.data?.info;
  const rows: [string, string][] = [
    [t`API URL`, site.wp_api_url ?? t`Not configured`],
    [t`Theme`, live ? (live.theme ? `${live.theme.name} ${live.theme.version}`.trim() : t`None`) : '—'],
    [t`Language`, live ? live.language : '—'],
    [t`Time zone`, live ? live.timezone : '—'],
    [t`Installed themes`, live ? String(live.themes.length) : '—'],
    [t`Last pull`, site.last_synced_at ? formatUserDate(site.last_synced_at) : t`Never`],
  ];
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle as="h3">
          <Trans>WordPress</Trans>
        </CardTitle>
        {site.wp_configured && (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t`Read again from the site`}
            onClick={() => void info.refetch()}
            disabled={info.isFetching}
          >
            <RefreshCw className="size-4" aria-hidden />
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {info.isError && <Alert>{userMessage(info.error, { fallback: t`The site did not answer` })}</Alert>}
        {info.isLoading && site.wp_configured ? <Spinner label={t`Asking the site…`} /> : null}
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]" aria-label={t`WordPress`}>
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
