import { Badge } from '@blogfleet/ui';
import { Trans } from '@lingui/react/macro';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { formatNumber, formatPercent } from '../../lib/format';

/** Up (green), down (red; two failed checks in a row) or not checked yet (grey). */
export function UptimeBadge({ status }: { status: 'up' | 'down' | null }) {
  if (status === 'up') {
    return (
      <Badge variant="success" data-uptime="up">
        <ArrowUp aria-hidden />
        <Trans>Up</Trans>
      </Badge>
    );
  }
  if (status === 'down') {
    return (
      <Badge variant="danger" data-uptime="down">
        <ArrowDown aria-hidden />
        <Trans>Down</Trans>
      </Badge>
    );
  }
  return (
    <Badge variant="neutral" data-uptime="unknown">
      <Trans>Not checked yet</Trans>
    </Badge>
  );
}

/** An uptime percentage as the API gives it (two decimals at most): "99.5%". */
export const formatUptime = (percent: number) => formatPercent(percent, 2);

/** A response time: "123 ms". */
export const formatMs = (ms: number) => `${formatNumber(ms)} ms`;
