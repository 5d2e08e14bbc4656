import { useLingui } from '@lingui/react/macro';
import { ChevronDown, Menu } from 'lucide-react';
import { Slot } from 'radix-ui';
import {
  createElement,
  isValidElement,
  useId,
  useState,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from 'react';
import { cn, focusRing } from '../lib/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip';

/** An icon element (<LayoutDashboard />) or an icon component (LayoutDashboard). */
export type SidebarIcon = ReactNode | ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

export interface SidebarItem {
  /** React key and disclosure id; defaults to `to`, then `label`. */
  key?: string;
  /** Route; items without one render as buttons (onClick) or, with children, as group headers. */
  to?: string;
  label: string;
  icon?: SidebarIcon;
  children?: SidebarItem[];
  /** The current page (aria-current="page" and highlighted). */
  active?: boolean;
  onClick?: () => void;
  /** Small trailing content in the wide sidebar (a count, a badge). */
  badge?: ReactNode;
}

export interface SidebarLabels {
  navigation: string;
  collapse: string;
  expand: string;
  /** aria-label of a group's disclosure button. */
  toggleGroup: (label: string) => string;
}

export interface SidebarProps {
  items: SidebarItem[];
  /** Narrow (icons with tooltips) when true, wide (icons and labels) when false. */
  collapsed: boolean;
  /** The menu button was pressed. */
  onToggle: () => void;
  /**
   * Renders a link for an item with `to`: return your router's Link (it receives the sidebar's classes
   * and aria-current through a Slot, so it must accept className and forward its ref). Default: <a href>.
   */
  renderLink?: (item: SidebarItem, children: ReactNode) => ReactElement;
  /** Brand shown beside the menu button when wide. */
  header?: ReactNode;
  footer?: ReactNode;
  labels?: Partial<SidebarLabels>;
  className?: string;
}

function itemKey(item: SidebarItem): string {
  return item.key ?? item.to ?? item.label;
}

function hasActive(item: SidebarItem): boolean {
  return !!item.active || (item.children ?? []).some(hasActive);
}

function renderIcon(icon: SidebarIcon | undefined): ReactNode {
  if (icon == null || icon === false) return null;
  if (isValidElement(icon)) return icon;
  if (
    typeof icon === 'function' ||
    (typeof icon === 'object' && !Array.isArray(icon) && '$$typeof' in icon)
  ) {
    return createElement(icon as ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>, {
      className: 'size-5',
      'aria-hidden': 'true',
    });
  }
  return icon as ReactNode;
}

const defaultRenderLink = (item: SidebarItem, children: ReactNode) => <a href={item.to}>{children}</a>;

const itemClasses = cn(
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors',
  'hover:bg-muted hover:text-foreground data-[active=true]:bg-primary-soft data-[active=true]:text-primary-strong',
  '[&_svg]:shrink-0 [&_svg:not([class*=size-])]:size-5',
  focusRing,
);

/** The link or button of one item, with the shared classes and aria-current. */
function ItemAction({
  item,
  renderLink,
  className,
  children,
  ...rest
}: {
  item: SidebarItem;
  renderLink: NonNullable<SidebarProps['renderLink']>;
  className?: string;
  children: ReactNode;
} & Record<string, unknown>) {
  const shared = {
    className: cn(itemClasses, className),
    'data-active': item.active ? 'true' : undefined,
    'aria-current': item.active ? ('page' as const) : undefined,
    ...rest,
  };
  if (item.to != null) return <Slot.Root {...shared}>{renderLink(item, children)}</Slot.Root>;
  return (
    <button type="button" onClick={item.onClick} {...shared}>
      {children}
    </button>
  );
}

/**
 * Collapsible side menu (core §2 Shell): wide shows icons and labels, with groups that open and close;
 * narrow shows icons only, with tooltips, and groups open as a menu to the right.
 */
export function Sidebar({
  items,
  collapsed,
  onToggle,
  renderLink = defaultRenderLink,
  header,
  footer,
  labels: overrides,
  className,
}: SidebarProps) {
  const { t } = useLingui();
  const labels: SidebarLabels = {
    navigation: t`Main navigation`,
    collapse: t`Collapse menu`,
    expand: t`Expand menu`,
    toggleGroup: (label) => t`Show or hide ${label}`,
    ...overrides,
  };
  const navId = useId();
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const isOpen = (item: SidebarItem) => open[itemKey(item)] ?? hasActive(item);

  const renderWide = (item: SidebarItem, depth: number): ReactNode => {
    const key = itemKey(item);
    const content = (
      <>
        {renderIcon(item.icon)}
        {/* Wraps instead of cutting off: sub-items are long in Turkish. */}
        <span className="min-w-0 flex-1 text-left leading-snug break-words">{item.label}</span>
        {item.badge}
      </>
    );
    if (!item.children?.length) {
      return (
        <li key={key}>
          <ItemAction item={item} renderLink={renderLink} className={depth > 0 ? 'py-1.5 pl-11' : undefined}>
            {content}
          </ItemAction>
        </li>
      );
    }
    const expanded = isOpen(item);
    const groupId = `${navId}-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
    const toggle = () => setOpen((state) => ({ ...state, [key]: !expanded }));
    const chevron = (
      <ChevronDown
        className={cn('size-4 transition-transform', expanded ? 'rotate-0' : '-rotate-90')}
        aria-hidden="true"
      />
    );
    return (
      <li key={key}>
        {item.to != null ? (
          <div className="flex items-center gap-1">
            <ItemAction item={item} renderLink={renderLink}>
              {content}
            </ItemAction>
            <button
              type="button"
              onClick={toggle}
              aria-expanded={expanded}
              aria-controls={groupId}
              aria-label={labels.toggleGroup(item.label)}
              className={cn(
                'rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground',
                focusRing,
              )}
            >
              {chevron}
            </button>
          </div>
        ) : (
          <button
            type="button"
            onClick={toggle}
            aria-expanded={expanded}
            aria-controls={groupId}
            className={itemClasses}
            data-active={hasActive(item) && !expanded ? 'true' : undefined}
          >
            {content}
            {chevron}
          </button>
        )}
        {expanded ? (
          <ul id={groupId} className="mt-0.5 flex flex-col gap-0.5">
            {item.children.map((child) => renderWide(child, depth + 1))}
          </ul>
        ) : null}
      </li>
    );
  };

  const renderNarrow = (item: SidebarItem): ReactNode => {
    const key = itemKey(item);
    const icon = renderIcon(item.icon) ?? <span aria-hidden="true">{item.label.charAt(0)}</span>;
    if (!item.children?.length) {
      return (
        <li key={key}>
          <Tooltip>
            <TooltipTrigger asChild>
              <ItemAction item={item} renderLink={renderLink} className="size-10 justify-center px-0">
                {icon}
                <span className="sr-only">{item.label}</span>
              </ItemAction>
            </TooltipTrigger>
            <TooltipContent side="right">{item.label}</TooltipContent>
          </Tooltip>
        </li>
      );
    }
    const entries = item.to != null ? [{ ...item, children: undefined }, ...item.children] : item.children;
    return (
      <li key={key}>
        <DropdownMenu>
          <Tooltip>
            <TooltipTrigger asChild>
              <DropdownMenuTrigger
                className={cn(itemClasses, 'size-10 justify-center px-0')}
                data-active={hasActive(item) ? 'true' : undefined}
              >
                {icon}
                <span className="sr-only">{item.label}</span>
              </DropdownMenuTrigger>
            </TooltipTrigger>
            <TooltipContent side="right">{item.label}</TooltipContent>
          </Tooltip>
          <DropdownMenuContent side="right" align="start">
            <DropdownMenuLabel>{item.label}</DropdownMenuLabel>
            <DropdownMenuSeparator />
            {entries.map((child) => (
              <DropdownMenuItem
                key={itemKey(child)}
                asChild={child.to != null}
                onSelect={child.to == null ? child.onClick : undefined}
                data-active={child.active ? 'true' : undefined}
                className="data-[active=true]:font-semibold data-[active=true]:text-primary-strong"
              >
                {child.to != null ? (
                  <Slot.Root aria-current={child.active ? 'page' : undefined}>
                    {renderLink(
                      child,
                      <>
                        {renderIcon(child.icon)}
                        <span>{child.label}</span>
                      </>,
                    )}
                  </Slot.Root>
                ) : (
                  <>
                    {renderIcon(child.icon)}
                    <span>{child.label}</span>
                  </>
                )}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </li>
    );
  };

  return (
    <TooltipProvider delayDuration={200}>
      <aside
        data-collapsed={collapsed ? 'true' : 'false'}
        className={cn(
          'sticky top-0 flex h-screen shrink-0 flex-col border-r border-border bg-surface transition-[width] duration-200',
          collapsed ? 'w-16' : 'w-64',
          className,
        )}
      >
        <div
          className={cn(
            'flex h-14 shrink-0 items-center gap-2 border-b border-border px-3',
            collapsed && 'justify-center',
          )}
        >
          <button
            type="button"
            onClick={onToggle}
            aria-expanded={!collapsed}
            aria-controls={navId}
            aria-label={collapsed ? labels.expand : labels.collapse}
            title={collapsed ? labels.expand : labels.collapse}
            className={cn(
              'inline-flex size-10 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground',
              focusRing,
            )}
          >
            <Menu className="size-5" aria-hidden="true" />
          </button>
          {collapsed ? null : <div className="min-w-0 flex-1 truncate font-semibold">{header}</div>}
        </div>
        <nav id={navId} aria-label={labels.navigation} className="flex-1 overflow-y-auto px-3 py-3">
          <ul className={cn('flex flex-col gap-0.5', collapsed && 'items-center')}>
            {items.map((item) => (collapsed ? renderNarrow(item) : renderWide(item, 0)))}
          </ul>
        </nav>
        {footer ? <div className="shrink-0 border-t border-border p-3">{footer}</div> : null}
      </aside>
    </TooltipProvider>
  );
}
