import { JobProgressPanel, Sidebar, Topbar, useJobPanel } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useCurrentUser } from '../../lib/auth';
import { useJobSync } from '../jobs/use-job-sync';
import { AccountMenu } from './AccountMenu';
import { LanguageSwitch } from './LanguageSwitch';
import { NAV_ITEMS, type NavItem } from './nav-items';
import { NotificationsButton } from './NotificationsButton';

const COLLAPSED_KEY = 'sidebarCollapsed';

export function Shell({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const { i18n, t } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const jobs = useJobPanel();
  const jobSync = useJobSync();
  // Until the user chooses, phones start with the narrow rail so the screen keeps its width.
  const [collapsed, setCollapsed] = useState(() => {
    const stored = localStorage.getItem(COLLAPSED_KEY);
    return stored === null ? window.matchMedia('(max-width: 767px)').matches : stored === '1';
  });

  const toItem = (item: NavItem): Parameters<typeof Sidebar>[0]['items'][number] => ({
    to: item.to,
    label: i18n._(item.label),
    icon: <item.icon className="size-5 shrink-0" aria-hidden />,
    active:
      pathname === item.to ||
      pathname.startsWith(`${item.to}/`) ||
      (item.to === '/dashboard' && pathname === '/'),
    children: item.children?.map(toItem),
  });
  const items = NAV_ITEMS.filter((i) => !i.adminOnly || user.role === 'admin').map(toItem);

  return (
    <div className="flex min-h-screen bg-slate-50 text-slate-900">
      <Sidebar
        items={items}
        collapsed={collapsed}
        onToggle={() => {
          localStorage.setItem(COLLAPSED_KEY, collapsed ? '0' : '1');
          setCollapsed(!collapsed);
        }}
        renderLink={(item, content) => (
          <Link to={item.to} aria-current={item.active ? 'page' : undefined}>
            {content}
          </Link>
        )}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <Topbar title={t`Blogfleet`}>
          <LanguageSwitch />
          <NotificationsButton />
          <AccountMenu />
        </Topbar>
        <main className="flex-1 p-4 sm:p-6">{children}</main>
      </div>
      <JobProgressPanel jobs={jobs.jobs} onClose={jobSync.close} onCancel={jobSync.cancel} />
    </div>
  );
}
