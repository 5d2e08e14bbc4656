import { EmptyState } from '@blogfleet/ui';
import { Trans } from '@lingui/react/macro';
import { Construction } from 'lucide-react';

/** Shown by routes whose screens later work builds; it claims nothing about their content. */
export function NotAvailablePage() {
  return (
    <EmptyState
      icon={<Construction className="size-10" aria-hidden />}
      title={<Trans>Not available yet</Trans>}
      description={<Trans>This screen is not available yet.</Trans>}
    />
  );
}
