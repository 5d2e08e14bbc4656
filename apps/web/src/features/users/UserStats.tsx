import type { RouterOutputs } from '@blogfleet/api';
import { Card, CardContent } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { ShieldCheck, UserCheck, Users, Activity } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatNumber } from '../../lib/format';

type Stats = RouterOutputs['users']['stats'];

function Stat({
  label,
  value,
  icon,
  testId,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Card>
      <CardContent className="flex items-center gap-3 p-4">
        <span className="rounded-md bg-primary-soft p-2 text-primary-strong">{icon}</span>
        <div>
          <div className="text-sm text-muted-foreground">{label}</div>
          <div className="text-xl font-semibold" data-testid={testId}>
            {value}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

export function UserStats({ stats }: { stats: Stats | undefined }) {
  const { t } = useLingui();
  const v = (n: number | undefined) => (n === undefined ? '…' : formatNumber(n));
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Stat
        label={t`Total users`}
        value={v(stats?.total_users)}
        icon={<Users className="size-5" />}
        testId="total_users"
      />
      <Stat
        label={t`Admins`}
        value={v(stats?.admin_count)}
        icon={<ShieldCheck className="size-5" />}
        testId="admin_count"
      />
      <Stat
        label={t`Active users`}
        value={v(stats?.active_users)}
        icon={<UserCheck className="size-5" />}
        testId="active_users"
      />
      <Stat
        label={t`Active in the last 30 days`}
        value={v(stats?.active_last_30_days)}
        icon={<Activity className="size-5" />}
        testId="active_last_30_days"
      />
    </div>
  );
}
