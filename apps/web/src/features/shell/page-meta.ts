import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { NAV_ITEMS, type NavItem } from './nav-items';

export interface PageCrumb {
  label: MessageDescriptor;
  to?: string;
}

export interface PageMeta {
  /** From the menu's top level down to this page. */
  trail: PageCrumb[];
  /** What the screen will do, while it is not built. */
  coming?: MessageDescriptor;
}

/** Screens outside the side menu, with the menu entry they belong under. */
const OTHER_PAGES: {
  match: (path: string) => boolean;
  parent?: string;
  page: Omit<NavItem, 'icon' | 'to'>;
}[] = [
  {
    match: (p) => p === '/keywords',
    page: { label: msg`Keywords` },
  },
  {
    match: (p) => /^\/sites\/[^/]+$/.test(p),
    parent: '/sites',
    page: {
      label: msg`Site detail`,
    },
  },
];

function trailTo(
  items: NavItem[],
  path: string,
  above: PageCrumb[] = [],
): { trail: PageCrumb[]; item: NavItem } | null {
  for (const item of items) {
    const trail = [...above, { label: item.label, to: item.to }];
    if (item.to === path) return { trail, item };
    const below = trailTo(item.children ?? [], path, trail);
    if (below) return below;
  }
  return null;
}

/** The page's place in the menu (breadcrumbs, document title) and its "coming" text; null: unknown path. */
export function pageMeta(pathname: string): PageMeta | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const found = trailTo(NAV_ITEMS, path === '/' ? '/dashboard' : path);
  if (found) return { trail: found.trail, coming: found.item.coming };
  const other = OTHER_PAGES.find((o) => o.match(path));
  if (!other) return null;
  const parent = other.parent ? (trailTo(NAV_ITEMS, other.parent)?.trail ?? []) : [];
  return { trail: [...parent, { label: other.page.label }], coming: other.page.coming };
}
