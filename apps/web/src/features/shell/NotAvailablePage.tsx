import { EmptyState } from '@blogfleet/ui';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { Construction } from 'lucide-react';
import { NAV_ITEMS, type NavItem } from './nav-items';

/** Screens that exist as routes but are not in the side menu. */
const OTHER_TITLES: [string, MessageDescriptor][] = [
  ['/keywords', msg`Keywords`],
  ['/content', msg`Content management`],
  ['/sites/', msg`Site detail`],
];

function titleFor(pathname: string): MessageDescriptor | null {
  const flat = (items: NavItem[]): NavItem[] => items.flatMap((i) => [i, ...flat(i.children ?? [])]);
  const exact = flat(NAV_ITEMS).find((i) => i.to === pathname);
  if (exact) return exact.label;
  return OTHER_TITLES.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? null;
}

/** Shown by routes whose screens later work builds; it claims nothing about their content. */
export function NotAvailablePage() {
  const { i18n } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const title = titleFor(pathname);
  return (
    <div className="flex flex-col gap-6">
      {title && <h1 className="text-2xl font-semibold">{i18n._(title)}</h1>}
      <EmptyState
        icon={<Construction className="size-10" aria-hidden />}
        title={<Trans>Not available yet</Trans>}
        description={<Trans>This screen is not available yet.</Trans>}
      />
    </div>
  );
}
