import { ChevronRight } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface Crumb {
  label: string;
  /** Where the crumb leads; the last crumb (the current page) has none. */
  to?: string;
}

export interface BreadcrumbsProps {
  items: Crumb[];
  /** Accessible name of the trail (translated by the app). */
  label: string;
  /** Renders a crumb's link with the router's Link; default <a href>. */
  renderLink?: (crumb: Crumb, children: ReactNode) => ReactElement;
  className?: string;
}

const defaultRenderLink = (crumb: Crumb, children: ReactNode) => <a href={crumb.to}>{children}</a>;

/**
 * Where the page sits in the menu. On narrow screens only the current page shows; the parents are in
 * the menu anyway.
 */
export function Breadcrumbs({ items, label, renderLink = defaultRenderLink, className }: BreadcrumbsProps) {
  return (
    <nav aria-label={label} className={cn('min-w-0', className)}>
      <ol className="flex min-w-0 items-center gap-1.5 text-sm">
        {items.map((crumb, index) => {
          const last = index === items.length - 1;
          return (
            <li
              key={`${crumb.label}-${index}`}
              className={cn('flex min-w-0 items-center gap-1.5', !last && 'hidden sm:flex')}
            >
              {last ? (
                <span aria-current="page" className="truncate font-semibold text-foreground">
                  {crumb.label}
                </span>
              ) : (
                <>
                  {crumb.to ? (
                    <span className="truncate text-muted-foreground hover:text-foreground [&_a]:underline-offset-4 [&_a]:hover:underline">
                      {renderLink(crumb, crumb.label)}
                    </span>
                  ) : (
                    <span className="truncate text-muted-foreground">{crumb.label}</span>
                  )}
                  <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
