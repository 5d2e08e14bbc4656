import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface TopbarProps extends Omit<ComponentProps<'header'>, 'title'> {
  /** Application or page title; a string renders as the page's h1. */
  title?: ReactNode;
  /** Right-hand side: language switch, notifications, account menu … */
  actions?: ReactNode;
  /** Left of the title (a menu button on small screens, a logo). */
  leading?: ReactNode;
}

/** The top bar of the shell (core §2 Shell). Holds slots only; no app logic. */
export function Topbar({ title, actions, leading, className, children, ...props }: TopbarProps) {
  return (
    <header
      className={cn(
        'sticky top-0 z-30 flex h-14 shrink-0 items-center gap-3 border-b border-border bg-surface/95 px-4 backdrop-blur',
        className,
      )}
      {...props}
    >
      {leading}
      <div className="min-w-0 flex-1">
        {typeof title === 'string' ? <h1 className="truncate text-base font-semibold">{title}</h1> : title}
      </div>
      {children}
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </header>
  );
}
