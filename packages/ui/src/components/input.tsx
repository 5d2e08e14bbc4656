import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/** Shared look of text inputs, textareas and select triggers. */
export const fieldClasses = cn(
  'w-full min-w-0 rounded-md border border-input bg-surface px-3 text-sm text-foreground shadow-xs',
  'placeholder:text-muted-foreground transition-[color,box-shadow]',
  'outline-hidden focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40',
  'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60',
  'aria-invalid:border-danger aria-invalid:focus-visible:ring-danger/30',
);

export type InputProps = ComponentProps<'input'>;

/** Text input. Accepts a ref (React 19), so react-hook-form's `register()` spread works as is. */
export function Input({ className, type = 'text', ...props }: InputProps) {
  return (
    <input
      type={type}
      className={cn(
        fieldClasses,
        'h-9 py-1',
        'file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium',
        className,
      )}
      {...props}
    />
  );
}
