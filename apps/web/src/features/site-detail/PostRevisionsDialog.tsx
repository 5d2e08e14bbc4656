import {
  Alert,
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogHeader,
  DialogTitle,
  Spinner,
  toast,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { userMessage } from '../../lib/api-errors';
import { formatUserDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The versions of a post that conflicts set aside (WordPress's version was kept) and those a restore
 * replaced; restoring one writes it to WordPress.
 */
export function PostRevisionsDialog({
  siteId,
  post,
  onOpenChange,
}: {
  siteId: number;
  post: { id: number; title: string } | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [restoring, setRestoring] = useState<number | null>(null);
  const revisions = trpc.sites.postRevisions.useQuery(
    { id: siteId, postId: post?.id ?? 0 },
    { enabled: post !== null },
  );
  const restore = trpc.sites.restorePostRevision.useMutation();
  const title = post?.title ?? '';
  return (
    <Dialog open={post !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Revisions of "{title}"</Trans>
          </DialogTitle>
        </DialogHeader>
        {revisions.isLoading ? (
          <Spinner label={t`Loading…`} />
        ) : revisions.isError ? (
          <Alert>{userMessage(revisions.error, { fallback: t`Failed to fetch revisions` })}</Alert>
        ) : revisions.data?.revisions.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>
              No revisions. When a post changes on WordPress and here at the same time, WordPress's version is
              kept and yours appears here to restore.
            </Trans>
          </p>
        ) : (
          <ul className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto">
            {revisions.data?.revisions.map((r) => {
              const text = plain(r.content);
              return (
                <li key={r.id} className="flex flex-col gap-2 rounded-lg border border-border p-3">
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <Badge variant={r.reason === 'conflict' ? 'warning' : 'neutral'}>
                      {r.reason === 'conflict' ? t`Set aside by a conflict` : t`Replaced by a restore`}
                    </Badge>
                    <span className="text-muted-foreground">
                      {formatUserDate(r.created_at)}
                      {r.created_by_name ? ` · ${r.created_by_name}` : ''}
                    </span>
                    {r.restored_at && (
                      <Badge variant="success">
                        <Trans>Restored {formatUserDate(r.restored_at)}</Trans>
                      </Badge>
                    )}
                  </div>
                  <p className="font-medium break-words">{r.title}</p>
                  <p className="text-sm break-words text-muted-foreground">
                    {text.length > 200 ? `${text.slice(0, 200)}…` : text}
                  </p>
                  <Button
                    variant="outline"
                    className="h-10 self-start md:h-9"
                    loading={restoring === r.id}
                    disabled={restoring !== null}
                    onClick={async () => {
                      setRestoring(r.id);
                      try {
                        await restore.mutateAsync({ id: siteId, postId: r.post_id, revisionId: r.id });
                        toast.success(t`Revision restored on WordPress`);
                        await Promise.all([
                          utils.sites.posts.invalidate(),
                          utils.sites.postRevisions.invalidate(),
                          utils.sites.activity.invalidate(),
                        ]);
                      } catch (err) {
                        toastApiError(err, t`Failed to restore the revision`);
                      } finally {
                        setRestoring(null);
                      }
                    }}
                  >
                    <Trans>Restore this version</Trans>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
