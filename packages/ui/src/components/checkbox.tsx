import { Check, Minus } from 'lucide-react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn, focusRing } from '../lib/cn';

export type CheckedState = boolean | 'indeterminate';

export interface CheckboxProps extends ComponentProps<typeof CheckboxPrimitive.Root> {
  /** Shorthand for checked="indeterminate" (a select-all box with some rows selected). */
  indeterminate?: boolean;
}

/** Checkbox on radix: Space toggles; `checked` may be true, false or 'indeterminate'. Needs a label. */
export function Checkbox({ className, indeterminate, checked, ...props }: CheckboxProps) {
  const state = indeterminate ? 'indeterminate' : checked;
  return (
    <CheckboxPrimitive.Root
      checked={state}
      className={cn(
        'peer inline-flex size-4 shrink-0 items-center justify-center rounded-sm border border-input bg-surface shadow-xs',
        'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
        'data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger',
        focusRing,
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator className="flex items-center justify-center text-current">
        {state === 'indeterminate' ? (
          <Minus className="size-3.5" strokeWidth={3} aria-hidden="true" />
        ) : (
          <Check className="size-3.5" strokeWidth={3} aria-hidden="true" />
        )}
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
