import { Inbox } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface EmptyStateProps extends Omit<ComponentProps<'div'>, 'title'> {
  /** An icon element (defaults to an inbox); pass null for none. */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** A button or link that gets the user going. */
  action?: ReactNode;
}

export function EmptyState({ icon, title, description, action, className, ...props }: EmptyStateProps) {
  const shownIcon = icon === undefined ? <Inbox aria-hidden="true" /> : icon;
  return (
    <div
      className={cn('flex flex-col items-center justify-center gap-2 px-6 py-10 text-center', className)}
      {...props}
    >
      {shownIcon ? (
        <div
          className="mb-1 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-6"
          aria-hidden="true"
        >
          {shownIcon}
        </div>
      ) : null}
      <div className="text-sm font-semibold text-foreground">{title}</div>
      {description ? <p className="max-w-sm text-sm text-muted-foreground">{description}</p> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}
