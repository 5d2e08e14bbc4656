import type { RouterOutputs } from '@blogfleet/api';
import { toast } from '@blogfleet/ui';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { useCallback } from 'react';
import { trpc } from '../../lib/trpc';
import { announceBulkOutcome } from '../pool-ideas/bulk-outcome';
import { shortText } from '../../lib/format';
import type { PostsQuery } from './posts-search';

export type PoolPost = RouterOutputs['aiPool']['posts']['list']['posts'][number];
export type PoolPostStatus = PoolPost['status'];
/** The statuses a user moves a post to (doc2 §4: publish, archive; the others between themselves). */
export type PostTarget = 'draft' | 'ready' | 'assigned' | 'published' | 'archived';

/** doc2 §4: publish from any status but published, archive from any but archived. */
export const canPublish = (p: Pick<PoolPost, 'status'>) => p.status !== 'published';
export const canArchive = (p: Pick<PoolPost, 'status'>) => p.status !== 'archived';
/** A draft an editor has read is marked ready: only ready posts are assigned to a site's queue. */
export const canMarkReady = (p: Pick<PoolPost, 'status'>) => p.status === 'draft';

/**
 * A post's status change (publish pushes it to its site's WordPress): the toast says what happened,
 * including a publish WordPress did not take yet (`pending_push`, sent with the site's next push).
 * Failures reject: the caller shows the banner of doc2 §8.
 */
export function usePostStatus() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const mutation = trpc.aiPool.posts.setStatus.useMutation({
    onSuccess: async ({ post, pending_push }) => {
      const site = post.website?.domain_name ?? '';
      if (post.status === 'published') {
        if (pending_push)
          toast.warning(t`${site} did not answer; the post is published with the site's next push`);
        else toast.success(t`“${post.title}” is published on ${site}`);
      } else if (post.status === 'archived') toast.success(t`“${post.title}” archived`);
      else if (post.status === 'ready') toast.success(t`“${post.title}” is ready to be assigned to a site`);
      else toast.success(t`“${post.title}” saved`);
      await Promise.all([utils.aiPool.invalidate(), utils.sites.invalidate()]);
    },
  });
  const { mutateAsync } = mutation;
  const setStatus = useCallback(
    (id: number, status: PostTarget) => mutateAsync({ id, status }),
    [mutateAsync],
  );
  return {
    setStatus,
    /** The post whose status is changing, if any. */
    pendingId: mutation.isPending ? mutation.variables?.id : undefined,
  };
}

/** Everything the posts page reads and changes (doc2 §2, §4). */
export function usePoolPosts(query: PostsQuery) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const list = trpc.aiPool.posts.list.useQuery(query, { placeholderData: keepPreviousData });
  const status = usePostStatus();
  const rows = list.data?.posts ?? [];
  const nameOf = (id: number) => {
    const post = rows.find((p) => p.id === id);
    return post ? `“${shortText(post.title)}”` : t`Post ${id}`;
  };

  const bulkStatus = trpc.aiPool.posts.bulkStatus.useMutation({
    onSuccess: async (outcome, { status: target }) => {
      announceBulkOutcome(
        outcome,
        target === 'ready'
          ? {
              done: (n) =>
                t({ message: plural(n, { one: '# post marked ready', other: '# posts marked ready' }) }),
              failed: (n) =>
                t({
                  message: plural(n, {
                    one: '# post could not be marked ready',
                    other: '# posts could not be marked ready',
                  }),
                }),
            }
          : target === 'published'
            ? {
                done: (n) =>
                  t({ message: plural(n, { one: '# post published', other: '# posts published' }) }),
                failed: (n) =>
                  t({
                    message: plural(n, {
                      one: '# post could not be published',
                      other: '# posts could not be published',
                    }),
                  }),
              }
            : {
                done: (n) => t({ message: plural(n, { one: '# post archived', other: '# posts archived' }) }),
                failed: (n) =>
                  t({
                    message: plural(n, {
                      one: '# post could not be archived',
                      other: '# posts could not be archived',
                    }),
                  }),
              },
        nameOf,
      );
      await Promise.all([utils.aiPool.invalidate(), utils.sites.invalidate()]);
    },
  });

  return {
    list,
    ...status,
    /** Rejects when the call fails as a whole; single refusals are in the toast. */
    bulkStatus: (ids: number[], target: 'ready' | 'published' | 'archived') =>
      bulkStatus.mutateAsync({ ids, status: target }),
    bulkPending: bulkStatus.isPending,
  };
}
