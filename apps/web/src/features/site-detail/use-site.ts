import type { RouterOutputs } from '@blogfleet/api';
import { toast } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { trpc } from '../../lib/trpc';
import { onJobFinished } from '../jobs/job-finish';
import { useTrackJob } from '../jobs/use-job-sync';

export type SiteDetail = RouterOutputs['sites']['get']['site'];

/** What a finished push holds (packages/api/src/services/site-sync.ts PushResult). */
interface PushResult {
  created: number;
  updated: number;
  conflicts: { postId: number; title: string; revisionId: number }[];
  failed: { postId: number; title: string; reason: string }[];
}

/** One site and its side-panel actions, with the spec's messages (core §8). */
export function useSite(id: number) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const site = trpc.sites.get.useQuery({ id });
  const trackJob = useTrackJob();
  const refreshAll = () =>
    Promise.all([
      utils.sites.get.invalidate({ id }),
      utils.sites.posts.invalidate(),
      utils.sites.categories.invalidate({ id }),
      utils.sites.tags.invalidate({ id }),
      utils.sites.media.invalidate({ id }),
      utils.sites.activity.invalidate({ id }),
    ]);
  const test = trpc.sites.runConnectionTest.useMutation({
    onSuccess: (r) => {
      if (r.connected) toast.success(t`WordPress connection test successful`);
      else {
        const error = r.reason ?? '';
        toast.error(t`WordPress connection test failed: ${error}`);
      }
    },
    onError: (err) => toastApiError(err, t`WordPress connection test failed`),
  });
  const pull = trpc.sites.pull.useMutation({
    onSuccess: ({ job }) => trackJob(job),
    onError: (err) => toastApiError(err, t`WordPress pull failed`),
  });
  const push = trpc.sites.push.useMutation({
    onSuccess: ({ job }) => trackJob(job),
    onError: (err) => toastApiError(err, t`WordPress push failed`),
  });
  const sync = trpc.sites.sync.useMutation({
    onSuccess: ({ job }) => trackJob(job),
    onError: (err) => toastApiError(err, t`Sync failed`),
  });
  useEffect(() => {
    const refreshCopies = () => {
      void utils.sites.get.invalidate();
      void utils.sites.posts.invalidate();
      void utils.sites.postRevisions.invalidate();
      void utils.sites.categories.invalidate();
      void utils.sites.tags.invalidate();
      void utils.sites.media.invalidate();
      void utils.sites.activity.invalidate();
    };
    const failed = (job: { status: string; error: string | null }, say: (error: string) => string) => {
      if (job.status === 'failed') toast.error(say(job.error ?? ''));
    };
    const pushMessage = (r: PushResult) => {
      const sent = r.created + r.updated;
      const parts = [t`${sent} posts sent`];
      if (r.conflicts.length > 0) {
        const n = r.conflicts.length;
        parts.push(t`${n} changed on WordPress too (kept there, yours saved as revisions)`);
      }
      if (r.failed.length > 0) {
        const named = r.failed.map((f) => `${f.title}: ${f.reason}`).join('; ');
        parts.push(t`not sent: ${named}`);
      }
      return parts.join(', ');
    };
    const offs = [
      onJobFinished('sites.pull', (job) => {
        refreshCopies();
        const r = (job.result ?? {}) as { posts?: number };
        if (job.status === 'completed') {
          const message = t`${r.posts ?? 0} posts`;
          toast.success(t`WordPress pull successful: ${message}`);
        } else failed(job, (error) => t`WordPress pull failed: ${error}`);
      }),
      onJobFinished('sites.push', (job) => {
        refreshCopies();
        if (job.status === 'completed') {
          const r = job.result as unknown as PushResult;
          const message = pushMessage(r);
          if (r.conflicts.length || r.failed.length) toast.warning(t`WordPress push: ${message}`);
          else toast.success(t`WordPress push successful: ${message}`);
        } else failed(job, (error) => t`WordPress push failed: ${error}`);
      }),
      onJobFinished('sites.sync', (job) => {
        refreshCopies();
        if (job.status === 'completed') {
          const r = job.result as unknown as { pushed: PushResult; pulled: { posts: number } };
          const posts = r.pulled.posts;
          const message = pushMessage(r.pushed);
          if (r.pushed.conflicts.length || r.pushed.failed.length)
            toast.warning(t`Sync finished: ${posts} posts; ${message}`);
          else toast.success(t`Sync successful: ${posts} posts; ${message}`);
        } else failed(job, (error) => t`Sync failed: ${error}`);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [t, utils]);
  return {
    site,
    refreshAll,
    test: () => test.mutate({ id }),
    testing: test.isPending,
    pull: () => pull.mutate({ id }),
    pulling: pull.isPending,
    push: () => push.mutate({ id }),
    pushing: push.isPending,
    sync: () => sync.mutate({ id }),
    syncing: sync.isPending,
  };
}
