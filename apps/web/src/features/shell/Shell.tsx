import {
  Breadcrumbs,
  Button,
  Drawer,
  JobProgressPanel,
  Sidebar,
  Topbar,
  useJobPanel,
  type SidebarItem,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { Clock3, Menu } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useCurrentUser } from '../../lib/auth';
import { useJobSync } from '../jobs/use-job-sync';
import { AccountMenu } from './AccountMenu';
import { BrandMark } from './BrandMark';
import { LanguageSwitch } from './LanguageSwitch';
import { NAV_ITEMS, type NavItem } from './nav-items';
import { NotificationsButton } from './NotificationsButton';
import { pageMeta } from './page-meta';
import { useDocumentTitle } from './use-document-title';

const COLLAPSED_KEY = 'sidebarCollapsed';

/**
 * The signed-in frame. From `md` up the side menu sits beside the page (wide or narrow, remembered);
 * below it the menu is a drawer opened from the top bar, so the page keeps the whole width.
 */
export function Shell({ children, notFound = false }: { children: ReactNode; notFound?: boolean }) {
  const user = useCurrentUser();
  const { i18n, t } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const jobs = useJobPanel();
  const jobSync = useJobSync();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setDrawerOpen(false), [pathname]);

  const meta = notFound ? null : pageMeta(pathname);
  const crumbs = meta
    ? meta.trail.map((c, i) => ({
        label: i18n._(c.label),
        to: i < meta.trail.length - 1 ? c.to : undefined,
      }))
    : [{ label: t`Page not found` }];
  useDocumentTitle(crumbs.at(-1)?.label);

  const toItem = (item: NavItem): SidebarItem => ({
    to: item.to,
    label: i18n._(item.label),
    icon: <item.icon className="size-5 shrink-0" aria-hidden />,
    active:
      pathname === item.to ||
      pathname.startsWith(`${item.to}/`) ||
      (item.to === '/dashboard' && pathname === '/'),
    // A small clock rather than a word: long Turkish labels need the width.
    badge: item.coming ? (
      <span className="shrink-0 text-muted-foreground" title={t`Soon`} data-coming="true">
        <Clock3 className="size-3.5" aria-hidden />
        <span className="sr-only">
          <Trans>Soon</Trans>
        </span>
      </span>
    ) : undefined,
    children: item.children?.map(toItem),
  });
  const items = NAV_ITEMS.filter((i) => !i.adminOnly || user.role === 'admin').map(toItem);
  const renderLink = (item: SidebarItem, content: ReactNode) => (
    <Link to={item.to} aria-current={item.active ? 'page' : undefined}>
      {content}
    </Link>
  );
  const brand = (
    <span className="flex items-center gap-2">
      <BrandMark className="size-6 shrink-0" />
      <span>Blogfleet</span>
    </span>
  );

  return (
    <div className="flex min-h-screen bg-background text-foreground">
      <Sidebar
        className="hidden md:flex"
        items={items}
        header={brand}
        collapsed={collapsed}
        onToggle={() => {
          localStorage.setItem(COLLAPSED_KEY, collapsed ? '0' : '1');
          setCollapsed(!collapsed);
        }}
        renderLink={renderLink}
      />
      <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} label={t`Main navigation`}>
        <Sidebar
          className="h-full w-full border-r-0"
          items={items}
          header={brand}
          collapsed={false}
          onToggle={() => setDrawerOpen(false)}
          labels={{ collapse: t`Close menu` }}
          renderLink={renderLink}
        />
      </Drawer>
      <div className="flex min-w-0 flex-1 flex-col">
        <Topbar
          className="gap-2 px-2 sm:gap-3 sm:px-4"
          leading={
            <Button
              variant="ghost"
              size="icon"
              className="size-10 md:hidden"
              aria-label={t`Open menu`}
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <Menu className="size-5" aria-hidden />
            </Button>
          }
          title={
            <Breadcrumbs
              items={crumbs}
              label={t`Breadcrumb`}
              renderLink={(crumb, content) => <Link to={crumb.to}>{content}</Link>}
            />
          }
        >
          <LanguageSwitch />
          <NotificationsButton />
          <AccountMenu />
        </Topbar>
        <main className="min-w-0 flex-1 p-4 sm:p-6">{children}</main>
      </div>
      <JobProgressPanel jobs={jobs.jobs} onClose={jobSync.close} onCancel={jobSync.cancel} />
    </div>
  );
}
