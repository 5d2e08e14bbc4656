import { Trans, useLingui } from '@lingui/react/macro';
import { FileText, Gauge, Server, Tags } from 'lucide-react';
import { formatNumber, formatScore } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { StatCard } from './StatCard';

const ZERO = {
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
};

export function DashboardPage() {
  const { t } = useLingui();
  const stats = trpc.dashboard.stats.useQuery();
  // A load error shows a message and zeros (core §2 Dashboard).
  const s = stats.data ?? ZERO;
  const n = (v: number) => (stats.isLoading ? '…' : formatNumber(v));
  const score = (v: number) => (stats.isLoading ? '…' : formatScore(v));

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">
        <Trans>Dashboard</Trans>
      </h1>
      {stats.isError && (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <Trans>Failed to load dashboard statistics. The numbers below are not current.</Trans>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title={t`Sites`}
          icon={<Server className="size-5" aria-hidden />}
          lines={[
            { label: t`Total`, value: n(s.total_sites), testId: 'total_sites' },
            { label: t`Active`, value: n(s.active_sites), testId: 'active_sites' },
          ]}
        />
        <StatCard
          title={t`Content`}
          icon={<FileText className="size-5" aria-hidden />}
          lines={[
            { label: t`Total`, value: n(s.total_content), testId: 'total_content' },
            { label: t`Published`, value: n(s.published_content), testId: 'published_content' },
            { label: t`Pending`, value: n(s.pending_content), testId: 'pending_content' },
          ]}
        />
        <StatCard
          title={t`Keywords`}
          icon={<Tags className="size-5" aria-hidden />}
          lines={[
            { label: t`Keyword groups`, value: n(s.total_keyword_groups), testId: 'total_keyword_groups' },
            { label: t`Active keywords`, value: n(s.active_keywords), testId: 'active_keywords' },
            { label: t`Used keywords`, value: n(s.used_keywords), testId: 'used_keywords' },
          ]}
        />
        <StatCard
          title={t`Performance`}
          icon={<Gauge className="size-5" aria-hidden />}
          emphasizeFirst={false}
          lines={[
            {
              label: t`Average keyword score`,
              value: score(s.avg_keyword_score),
              testId: 'avg_keyword_score',
            },
            {
              label: t`Average content score`,
              value: score(s.avg_content_score),
              testId: 'avg_content_score',
            },
          ]}
        />
      </div>
    </div>
  );
}
