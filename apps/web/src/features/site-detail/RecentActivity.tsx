import { Card, CardContent, CardHeader, CardTitle, StatusBadge } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatUserDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';

/** The dashboard's recent-activity card: the site's real changes and jobs (core §2, not placeholders). */
export function RecentActivity({ siteId }: { siteId: number }) {
  const { t } = useLingui();
  const activity = trpc.sites.activity.useQuery({ id: siteId });
  const labels: Record<string, string> = {
    'site.add': t`Site added`,
    'site.create': t`WordPress site created`,
    'site.settings': t`Settings saved`,
    'site.status': t`Status changed`,
    'site.wp_pull': t`WordPress pull`,
    'site.wp_push': t`WordPress push`,
    'site.post_conflict': t`Edit kept as a revision (changed on WordPress too)`,
    'site.post_revision_restore': t`Revision restored`,
    'site.screenshot': t`Screenshot taken`,
    'site.performance_test': t`Performance test`,
    'site.media_upload': t`Media uploaded`,
    'site.traffic_request': t`Traffic requested`,
    'site.traffic_cancel': t`Traffic request cancelled`,
    'site.post_create': t`Post created`,
    'site.post_update': t`Post edited`,
    'site.post_delete': t`Post deleted`,
    'site.posts_schedule': t`Posts scheduled`,
    'site.category_create': t`Category created`,
    'site.tag_create': t`Tag created`,
    'site.credentials_reveal': t`Credentials revealed`,
    'domain.setup_dns': t`DNS set up`,
    'domain.reset_dns': t`DNS reset`,
    'domain.purchase': t`Domain bought`,
  };
  const rows = activity.data?.activity ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">
          <Trans>Recent activity</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>Nothing has happened on this site yet.</Trans>
          </p>
        ) : (
          <ol className="flex flex-col gap-2" aria-label={t`Recent activity`}>
            {rows.map((a, i) => (
              <li key={`${a.at}-${i}`} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">{a.kind === 'job' ? a.what : (labels[a.what] ?? a.what)}</span>
                {a.status && <StatusBadge status={a.status} />}
                {a.by && <span className="text-muted-foreground">{a.by}</span>}
                <span className="ml-auto text-xs text-muted-foreground">{formatUserDate(a.at)}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
