import { useLingui } from '@lingui/react/macro';
import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

const sizes = { sm: 'size-4', md: 'size-5', lg: 'size-8' } as const;

export interface SpinnerProps extends Omit<ComponentProps<'span'>, 'children'> {
  size?: keyof typeof sizes;
  /** Accessible name; defaults to the translated 'Loading…'. */
  label?: string;
  /** Purely visual (inside a busy button, for instance): no role, hidden from assistive technology. */
  decorative?: boolean;
}

/** A spinning indicator announced as a status ("Loading…"). */
export function Spinner({ size = 'md', label, decorative = false, className, ...props }: SpinnerProps) {
  const { t } = useLingui();
  const a11y = decorative
    ? { 'aria-hidden': true as const }
    : { role: 'status' as const, 'aria-label': label ?? t`Loading…` };
  return (
    <span className={cn('inline-flex shrink-0 items-center justify-center', className)} {...a11y} {...props}>
      <LoaderCircle className={cn('animate-spin', sizes[size])} aria-hidden="true" />
    </span>
  );
}
