import { toast } from '@blogfleet/ui';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { trpc } from '../../lib/trpc';
import { onJobFinished } from '../jobs/job-finish';
import { useTrackJob } from '../jobs/use-job-sync';

interface GeneratedIdeas {
  ideaIds: number[];
  evaluated: number;
  generator: 'openai' | 'offline';
}
interface SynthesizedPolicies {
  policyIds: number[];
  feedback: number;
}

/**
 * The pool's jobs (generate, rewrite and promote ideas, synthesize policies) on the job panel: while a
 * pool screen is open, each one's end refreshes the pool's lists and says what it made.
 */
export function usePoolJobs() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const trackJob = useTrackJob();
  const refresh = useRef(() => Promise.resolve());
  refresh.current = () => utils.aiPool.invalidate();

  useEffect(() => {
    const offs = [
      onJobFinished('ai.generate-ideas', (job) => {
        void refresh.current();
        if (job.status === 'failed') toast.error(t`Failed to generate ideas: ${job.error ?? ''}`);
        else if (job.status === 'completed') {
          const r = job.result as unknown as GeneratedIdeas;
          toast.success(
            t({
              message: plural(r.ideaIds.length, {
                one: '# idea generated for review',
                other: '# ideas generated for review',
              }),
            }),
            r.generator === 'offline'
              ? { description: t`Offline generator (no model configured)` }
              : undefined,
          );
        }
      }),
      onJobFinished('ai.promote-idea', (job) => {
        void refresh.current();
        if (job.status === 'failed') toast.error(t`Failed to write the post: ${job.error ?? ''}`);
        else if (job.status === 'completed')
          toast.success(t`The post is written as a draft: find it on the posts page`);
      }),
      onJobFinished('ai.rewrite-idea', (job) => {
        void refresh.current();
        if (job.status === 'failed') toast.error(t`Failed to rewrite the idea: ${job.error ?? ''}`);
        else if (job.status === 'completed')
          toast.success(t`The idea is rewritten and waits for review again`);
      }),
      onJobFinished('ai.synthesize-policies', (job) => {
        void refresh.current();
        if (job.status === 'failed') toast.error(t`Failed to synthesize policies: ${job.error ?? ''}`);
        else if (job.status === 'completed') {
          const r = job.result as unknown as SynthesizedPolicies;
          toast.success(
            t({
              message: plural(r.policyIds.length, {
                one: '# policy proposed; it waits for your review',
                other: '# policies proposed; they wait for your review',
              }),
            }),
          );
        }
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [t]);

  return trackJob;
}
