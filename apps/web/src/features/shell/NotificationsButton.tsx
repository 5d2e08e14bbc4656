import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { Bell } from 'lucide-react';

/** No feature produces notifications yet, so the list is honestly empty. */
export function NotificationsButton() {
  const { t } = useLingui();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-10" aria-label={t`Notifications`}>
          <Bell className="size-5" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>
          <Trans>Notifications</Trans>
        </DropdownMenuLabel>
        <p className="px-2 pb-2 text-sm text-muted-foreground">
          <Trans>You have no notifications.</Trans>
        </p>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
