import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn, focusRing } from '../lib/cn';

export interface SwitchProps extends ComponentProps<typeof SwitchPrimitive.Root> {
  size?: 'sm' | 'md';
}

/** On/off switch on radix (role="switch"); give it a label or an aria-label. */
export function Switch({ className, size = 'md', ...props }: SwitchProps) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'peer inline-flex shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
        'bg-input data-[state=checked]:bg-primary disabled:cursor-not-allowed disabled:opacity-50',
        size === 'sm' ? 'h-4 w-7' : 'h-5 w-9',
        focusRing,
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb
        className={cn(
          'pointer-events-none block rounded-full bg-surface shadow-sm transition-transform data-[state=unchecked]:translate-x-0',
          size === 'sm'
            ? 'size-3 data-[state=checked]:translate-x-3'
            : 'size-4 data-[state=checked]:translate-x-4',
        )}
      />
    </SwitchPrimitive.Root>
  );
}
