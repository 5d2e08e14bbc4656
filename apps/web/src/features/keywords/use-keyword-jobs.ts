import type { RouterInputs } from '@blogfleet/api';
import { toast } from '@blogfleet/ui';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { onJobFinished } from '../jobs/job-finish';
import { useTrackJob } from '../jobs/use-job-sync';

interface GeneratedResult {
  targetWebsite: string;
  created: string[];
  existing: number;
  metrics: 'dataforseo' | 'not_configured' | 'failed';
  measured: number;
  metricsError: string | null;
}

/**
 * Keyword generation and metric refreshes run as jobs: this starts them, puts them on the job panel and,
 * when one ends, refreshes the lists and says what happened (metrics never silently missing).
 */
export function useKeywordJobs() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const trackJob = useTrackJob();
  const refresh = useRef(() => Promise.all([utils.keywords.invalidate(), utils.keywordGroups.invalidate()]));
  refresh.current = () => Promise.all([utils.keywords.invalidate(), utils.keywordGroups.invalidate()]);

  useEffect(() => {
    const offGenerate = onJobFinished('keywords.generate', (job) => {
      void refresh.current();
      if (job.status === 'failed') {
        toast.error(t`Error generating keywords: ${job.error ?? ''}`);
        return;
      }
      if (job.status !== 'completed') return;
      const r = job.result as unknown as GeneratedResult;
      const added = r.created.length;
      const website = r.targetWebsite;
      toast.success(
        t({
          message: plural(added, {
            one: `# keyword added to ${website}`,
            other: `# keywords added to ${website}`,
          }),
        }),
      );
      if (r.metrics === 'not_configured') {
        toast.info(
          t`Search volume and competition stay empty until keyword data (DataForSEO) is set up in Settings → Integrations.`,
        );
      } else if (r.metrics === 'failed') {
        toast.warning(t`Keyword data could not measure them: ${r.metricsError ?? ''}`);
      }
    });
    const offRefresh = onJobFinished('keywords.refresh-metrics', (job) => {
      void refresh.current();
      if (job.status === 'failed') toast.error(t`Failed to refresh metrics: ${job.error ?? ''}`);
      else if (job.status === 'completed') {
        const { measured } = job.result as unknown as { measured: number };
        toast.success(
          t({ message: plural(measured, { one: '# keyword measured', other: '# keywords measured' }) }),
        );
      }
    });
    return () => {
      offGenerate();
      offRefresh();
    };
  }, [t]);

  const generate = trpc.keywords.generate.useMutation({ onSuccess: ({ job }) => trackJob(job) });
  const refreshMetrics = trpc.keywords.refreshMetrics.useMutation({
    onSuccess: ({ job }) => trackJob(job),
    onError: (err) => toast.error(userMessage(err, { fallback: t`Failed to refresh metrics` })),
  });
  return {
    /** Rejects (after the caller shows why) when the server refuses to start. */
    generate: (input: RouterInputs['keywords']['generate']) => generate.mutateAsync(input),
    generating: generate.isPending,
    refreshMetrics: (keywordIds: number[]) => refreshMetrics.mutateAsync({ keywordIds }),
    refreshing: refreshMetrics.isPending,
  };
}
