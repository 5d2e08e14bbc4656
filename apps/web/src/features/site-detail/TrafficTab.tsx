import { TRAFFIC_DEFAULT_DAYS, TRAFFIC_DEFAULT_USERS } from '@blogfleet/validators';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  FormField,
  Input,
  Progress,
  Spinner,
  StatusBadge,
  Textarea,
  toast,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { userMessage } from '../../lib/api-errors';
import { formatNumber, formatPercent, formatUserDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';

/**
 * Traffic tab (core §2): the site's traffic requests with unique users, duration, dates, status and
 * delivered visits; a running one can be cancelled. Delivery is measured from the site's analytics.
 */
export function TrafficTab({ siteId, onRequest }: { siteId: number; onRequest(): void }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const list = trpc.sites.trafficRequests.useQuery({ id: siteId });
  const cancel = trpc.sites.cancelTrafficRequest.useMutation({
    onSuccess: async () => {
      toast.success(t`Traffic request cancelled`);
      await utils.sites.trafficRequests.invalidate({ id: siteId });
    },
    onError: (err) => toastApiError(err, t`Failed to cancel the traffic request`),
  });
  if (list.isLoading) return <Spinner label={t`Loading…`} />;
  if (list.isError)
    return <Alert>{userMessage(list.error, { fallback: t`Failed to fetch traffic requests` })}</Alert>;
  const rows = list.data!.requests;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="max-w-prose text-sm text-muted-foreground">
          <Trans>
            Delivered visits are the page views of the target pages in the site’s analytics, by UTC day over
            the request’s window; a request completes at its target or when its window ends.
          </Trans>
        </p>
        <Button className="h-10 md:h-9" onClick={onRequest}>
          <Trans>Request traffic</Trans>
        </Button>
      </div>
      {rows.length === 0 ? (
        <EmptyState title={t`No traffic requests yet.`} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t`Traffic requests`}>
          {rows.map((r) => (
            <li
              key={r.id}
              className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4 text-sm"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">
                  <Trans>
                    {formatNumber(r.unique_users)} unique users over {r.duration_days} days
                  </Trans>
                </span>
                <StatusBadge status={r.status} />
              </div>
              <div className="text-muted-foreground">
                {formatUserDate(r.starts_at)} – {formatUserDate(r.ends_at)} · {r.target_pages.join(', ')}
              </div>
              <Progress
                value={r.results.completion_rate}
                tone={r.status === 'completed' ? 'green' : r.status === 'cancelled' ? 'gray' : 'blue'}
                aria-label={t`Delivered`}
              />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <Trans>
                    {formatNumber(r.results.delivered_visits)} visits delivered (
                    {formatPercent(r.results.completion_rate, 2)})
                  </Trans>
                </span>
                {r.status === 'active' && (
                  <Button
                    variant="outline"
                    className="h-10 md:h-9"
                    loading={cancel.isPending && cancel.variables?.requestId === r.id}
                    onClick={() => cancel.mutate({ id: siteId, requestId: r.id })}
                  >
                    <Trans>Cancel request</Trans>
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Request traffic (side panel and traffic tab): unique users, days, target pages of this site. */
export function RequestTrafficDialog({
  siteId,
  open,
  onOpenChange,
  onCreated,
}: {
  siteId: number;
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated(): void;
}) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [users, setUsers] = useState(String(TRAFFIC_DEFAULT_USERS));
  const [days, setDays] = useState(String(TRAFFIC_DEFAULT_DAYS));
  const [pages, setPages] = useState('');
  useEffect(() => {
    if (!open) return;
    setUsers(String(TRAFFIC_DEFAULT_USERS));
    setDays(String(TRAFFIC_DEFAULT_DAYS));
    setPages('');
  }, [open]);
  const create = trpc.sites.createTrafficRequest.useMutation({
    onSuccess: async () => {
      toast.success(t`Traffic request saved`);
      onOpenChange(false);
      await utils.sites.trafficRequests.invalidate({ id: siteId });
      onCreated();
    },
    onError: (err) => toastApiError(err, t`Failed to request traffic`),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>
            <Trans>Request traffic</Trans>
          </DialogTitle>
        </DialogHeader>
        <form
          id="traffic-form"
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({
              id: siteId,
              unique_users: Number(users),
              duration_days: Number(days),
              target_pages: pages
                .split(/[\n,]+/)
                .map((p) => p.trim())
                .filter(Boolean),
            });
          }}
        >
          <FormField label={t`Unique users`} required>
            <Input type="number" min={1} value={users} onChange={(e) => setUsers(e.target.value)} />
          </FormField>
          <FormField label={t`Duration (days)`} required>
            <Input type="number" min={1} max={365} value={days} onChange={(e) => setDays(e.target.value)} />
          </FormField>
          <FormField
            label={t`Target pages`}
            hint={t`Paths or addresses of this site, one per line; empty for the home page`}
          >
            <Textarea
              rows={3}
              value={pages}
              onChange={(e) => setPages(e.target.value)}
              placeholder="/best-beans"
            />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="traffic-form" loading={create.isPending}>
            <Trans>Request traffic</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
