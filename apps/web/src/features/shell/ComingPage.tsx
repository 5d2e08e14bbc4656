import { Badge, EmptyState } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { Construction } from 'lucide-react';
import { pageMeta } from './page-meta';

/** The page of a screen that later work builds: what it will do, said once, and nothing it cannot do. */
export function ComingPage() {
  const { i18n } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const meta = pageMeta(pathname);
  const title = meta?.trail.at(-1)?.label;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        {title && <h1 className="text-2xl font-semibold">{i18n._(title)}</h1>}
        <Badge variant="info">
          <Trans>Coming</Trans>
        </Badge>
      </div>
      <EmptyState
        icon={<Construction className="size-10" aria-hidden />}
        title={<Trans>This screen is being built</Trans>}
        description={meta?.coming ? i18n._(meta.coming) : undefined}
      />
    </div>
  );
}
