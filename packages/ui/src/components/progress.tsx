import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { clampProgress } from '../lib/jobs';

export type ProgressTone = 'blue' | 'green' | 'red' | 'yellow' | 'gray';

const tones: Record<ProgressTone, string> = {
  blue: 'bg-info',
  green: 'bg-success',
  red: 'bg-danger',
  yellow: 'bg-warning',
  gray: 'bg-muted-foreground',
};

export interface ProgressProps extends Omit<ComponentProps<typeof ProgressPrimitive.Root>, 'value' | 'max'> {
  /** 0–100; values outside are clamped. `null` shows an indeterminate bar. */
  value: number | null;
  tone?: ProgressTone;
  size?: 'sm' | 'md';
}

/** A progress bar (role="progressbar" with aria-valuenow). Give it an aria-label or aria-labelledby. */
export function Progress({ value, tone = 'blue', size = 'md', className, ...props }: ProgressProps) {
  const pct = value == null ? null : clampProgress(value);
  return (
    <ProgressPrimitive.Root
      value={pct}
      max={100}
      className={cn(
        'relative w-full overflow-hidden rounded-full bg-subtle',
        size === 'sm' ? 'h-1.5' : 'h-2.5',
        className,
      )}
      data-tone={tone}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn(
          'h-full rounded-full transition-[width] duration-300',
          tones[tone],
          pct == null && 'w-1/3 motion-safe:animate-pulse',
        )}
        style={pct == null ? undefined : { width: `${pct}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
