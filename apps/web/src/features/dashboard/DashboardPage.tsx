import { Alert } from '@blogfleet/ui';
import type { RouterOutputs } from '@blogfleet/api';
import { Trans, useLingui } from '@lingui/react/macro';
import { FileText, Gauge, Server, Tags } from 'lucide-react';
import { formatNumber, formatScore } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { GettingStarted } from './GettingStarted';
import { StatCard } from './StatCard';

type Stats = RouterOutputs['dashboard']['stats'];

const ZERO: Stats = {
  total_sites: 0,
  active_sites: 0,
  total_content: 0,
  published_content: 0,
  pending_content: 0,
  total_keyword_groups: 0,
  active_keywords: 0,
  used_keywords: 0,
  avg_keyword_score: 0,
  avg_content_score: 0,
  total_keywords: 0,
  scored_content: 0,
};

export function DashboardPage() {
  const { t } = useLingui();
  const stats = trpc.dashboard.stats.useQuery();
  // A load error shows a message and zeros (core §2 Dashboard).
  const s = stats.data ?? ZERO;
  const n = (v: number) => (stats.isLoading ? '…' : formatNumber(v));
  // An average over nothing is not a score of 0.0/10.
  const score = (v: number, over: number) =>
    stats.isLoading ? '…' : over === 0 ? <NoData label={t`No data yet`} /> : formatScore(v);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">
        <Trans>Dashboard</Trans>
      </h1>
      {stats.isError && (
        <Alert>
          <Trans>Failed to load dashboard statistics. The numbers below are not current.</Trans>
        </Alert>
      )}
      <GettingStarted />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title={t`Sites`}
          to="/sites"
          linkLabel={t`Open the sites list`}
          icon={<Server className="size-5" aria-hidden />}
          lines={[
            { label: t`Total`, value: n(s.total_sites), testId: 'total_sites' },
            { label: t`Active`, value: n(s.active_sites), testId: 'active_sites' },
          ]}
        />
        <StatCard
          title={t`Content`}
          to="/content-pool/posts"
          linkLabel={t`Open posts management`}
          icon={<FileText className="size-5" aria-hidden />}
          lines={[
            { label: t`Total`, value: n(s.total_content), testId: 'total_content' },
            { label: t`Published`, value: n(s.published_content), testId: 'published_content' },
            { label: t`Pending`, value: n(s.pending_content), testId: 'pending_content' },
          ]}
        />
        <StatCard
          title={t`Keywords`}
          to="/content-pool/keywords"
          linkLabel={t`Open keyword management`}
          icon={<Tags className="size-5" aria-hidden />}
          lines={[
            { label: t`Keyword groups`, value: n(s.total_keyword_groups), testId: 'total_keyword_groups' },
            { label: t`Active keywords`, value: n(s.active_keywords), testId: 'active_keywords' },
            { label: t`Used keywords`, value: n(s.used_keywords), testId: 'used_keywords' },
          ]}
        />
        <StatCard
          title={t`Performance`}
          to="/analytics"
          linkLabel={t`Open analytics`}
          icon={<Gauge className="size-5" aria-hidden />}
          emphasizeFirst={false}
          lines={[
            {
              label: t`Average keyword score`,
              value: score(s.avg_keyword_score, s.total_keywords),
              testId: 'avg_keyword_score',
            },
            {
              label: t`Average content score`,
              value: score(s.avg_content_score, s.scored_content),
              testId: 'avg_content_score',
            },
          ]}
        />
      </div>
    </div>
  );
}

function NoData({ label }: { label: string }) {
  return (
    <span className="text-muted-foreground" title={label}>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
