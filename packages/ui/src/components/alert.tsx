import { CircleAlert, Info } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface AlertProps extends Omit<ComponentProps<'div'>, 'role'> {
  /** 'error' is announced at once (role="alert"); 'info' politely (role="status"). */
  tone?: 'error' | 'info';
  children: ReactNode;
}

const TONES = {
  error: { role: 'alert', icon: CircleAlert, classes: 'border-danger/30 bg-danger-soft text-danger-strong' },
  info: { role: 'status', icon: Info, classes: 'border-info/30 bg-info-soft text-info-strong' },
} as const;

/** A message box above a form or a list: a failed load, a refused sign-in, a notice. */
export function Alert({ tone = 'error', className, children, ...props }: AlertProps) {
  const { role, icon: Icon, classes } = TONES[tone];
  return (
    <div
      role={role}
      className={cn('flex items-start gap-2 rounded-md border px-3 py-2.5 text-sm', classes, className)}
      {...props}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
