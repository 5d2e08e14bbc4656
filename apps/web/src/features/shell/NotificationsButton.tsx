import type { RouterOutputs } from '@blogfleet/api';
import {
  Button,
  cn,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  Spinner,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import {
  ArrowDownCircle,
  ArrowUpCircle,
  Bell,
  CheckCheck,
  CircleCheck,
  CircleX,
  Globe2,
  ShoppingCart,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { formatUserDate } from '../../lib/format';
import { isLocalPath } from '../../lib/local-path';
import { trpc } from '../../lib/trpc';
import { onAnyJobFinished } from '../jobs/job-finish';
import { notificationText } from './notification-text';

type Notification = RouterOutputs['notifications']['list']['notifications'][number];

/** How often the unread count is asked for (jobs that end in this browser ask at once). */
const POLL_INTERVAL_MS = 30_000;
/** The latest ones the dropdown shows. */
const SHOWN = { limit: 10 } as const;

/** Icon and colour of each kind: down and failed red, up and done green, purchases and DNS blue. */
const KINDS: Record<string, { icon: LucideIcon; tone: string }> = {
  'site.down': { icon: ArrowDownCircle, tone: 'bg-danger-soft text-danger-strong' },
  'site.up': { icon: ArrowUpCircle, tone: 'bg-success-soft text-success-strong' },
  'job.failed': { icon: CircleX, tone: 'bg-danger-soft text-danger-strong' },
  'job.completed': { icon: CircleCheck, tone: 'bg-success-soft text-success-strong' },
  'domain.purchased': { icon: ShoppingCart, tone: 'bg-info-soft text-info-strong' },
  'dns.zone_active': { icon: Globe2, tone: 'bg-info-soft text-info-strong' },
};
const OTHER_KIND = { icon: Bell, tone: 'bg-muted text-muted-foreground' };

/**
 * The bell of the top bar: the caller's unread count (polled, and asked again when one of their jobs
 * ends), and the latest notifications; opening one marks it read and goes to what it is about.
 */
export function NotificationsButton() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const count = trpc.notifications.unreadCount.useQuery(undefined, { refetchInterval: POLL_INTERVAL_MS });
  // Read when the dropdown opens (and kept while it is open), never in the background.
  const list = trpc.notifications.list.useQuery(SHOWN, {
    enabled: open,
    refetchInterval: open ? POLL_INTERVAL_MS : false,
  });
  const setUnread = (unread: number) => utils.notifications.unreadCount.setData(undefined, { unread });
  // The list answers the count too: the badge follows it.
  const listedUnread = list.data?.unread;
  useEffect(() => {
    if (listedUnread !== undefined)
      utils.notifications.unreadCount.setData(undefined, { unread: listedUnread });
  }, [listedUnread, utils]);
  useEffect(
    () =>
      onAnyJobFinished(() => {
        void utils.notifications.invalidate();
      }),
    [utils],
  );

  const markRead = trpc.notifications.markRead.useMutation({
    onSuccess: ({ notification, unread }) => {
      setUnread(unread);
      utils.notifications.list.setData(SHOWN, (data) =>
        data
          ? {
              unread,
              notifications: data.notifications.map((n) => (n.id === notification.id ? notification : n)),
            }
          : data,
      );
    },
    onError: (err) => toastApiError(err, t`Failed to mark the notification read`),
  });
  const markAllRead = trpc.notifications.markAllRead.useMutation({
    onSuccess: () => {
      setUnread(0);
      void utils.notifications.list.invalidate();
    },
    onError: (err) => toastApiError(err, t`Failed to mark the notifications read`),
  });

  const unread = count.data?.unread ?? 0;
  const notifications = list.data?.notifications ?? [];
  const openOne = (n: Notification) => {
    if (n.read_at === null) markRead.mutate({ id: n.id });
    if (isLocalPath(n.link)) void navigate({ to: n.link });
  };

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative size-10"
          aria-label={unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`}
        >
          <Bell className="size-5" aria-hidden />
          {unread > 0 && (
            <span
              aria-hidden
              data-testid="unread-badge"
              className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[0.625rem] leading-none font-semibold text-danger-foreground tabular-nums"
            >
              {unread > 9 ? '9+' : unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        collisionPadding={8}
        className="w-[min(24rem,calc(100vw-1rem))] p-0"
        aria-label={t`Notifications`}
      >
        <div className="flex items-center justify-between gap-2 py-1 pr-1 pl-1">
          <DropdownMenuLabel className="text-sm text-foreground">
            <Trans>Notifications</Trans>
          </DropdownMenuLabel>
          <DropdownMenuItem
            className="min-h-10 shrink-0 px-2.5 text-primary md:min-h-8"
            disabled={unread === 0 || markAllRead.isPending}
            onSelect={(e) => {
              // Stays open: the list shows them read.
              e.preventDefault();
              markAllRead.mutate();
            }}
          >
            <CheckCheck aria-hidden />
            <Trans>Mark all read</Trans>
          </DropdownMenuItem>
        </div>
        <DropdownMenuSeparator className="mx-0 my-0" />
        {list.isLoading ? (
          <div className="flex justify-center p-4">
            <Spinner size="sm" label={t`Loading…`} />
          </div>
        ) : list.isError ? (
          <p className="p-3 text-sm text-danger-strong">
            <Trans>The notifications could not be loaded.</Trans>
          </p>
        ) : notifications.length === 0 ? (
          <p className="p-3 text-sm text-muted-foreground">
            <Trans>You have no notifications.</Trans>
          </p>
        ) : (
          <div className="flex flex-col gap-0.5 p-1">
            {notifications.map((n) => (
              <NotificationItem key={n.id} notification={n} onOpen={() => openOne(n)} />
            ))}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function NotificationItem({ notification: n, onOpen }: { notification: Notification; onOpen(): void }) {
  const kind = KINDS[n.kind] ?? OTHER_KIND;
  const Icon = kind.icon;
  const unread = n.read_at === null;
  const text = notificationText(n);
  return (
    <DropdownMenuItem
      className={cn('items-start gap-3 py-2', unread && 'bg-primary-soft/60')}
      data-kind={n.kind}
      data-unread={unread ? 'true' : undefined}
      onSelect={onOpen}
    >
      <span className={cn('mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full', kind.tone)}>
        <Icon className="size-4" aria-hidden />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-start gap-2">
          <span className={cn('min-w-0 flex-1 break-words', unread ? 'font-semibold' : 'font-medium')}>
            {text.title}
          </span>
          {unread && (
            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
              <span className="sr-only">
                <Trans>Unread</Trans>
              </span>
            </span>
          )}
        </span>
        {text.body && (
          <span className="line-clamp-2 text-xs break-words text-muted-foreground">{text.body}</span>
        )}
        <span className="text-xs text-muted-foreground tabular-nums">{formatUserDate(n.created_at)}</span>
      </span>
    </DropdownMenuItem>
  );
}
