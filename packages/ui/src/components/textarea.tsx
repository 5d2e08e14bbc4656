import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { fieldClasses } from './input';

export type TextareaProps = ComponentProps<'textarea'>;

/** Multi-line text input; works with react-hook-form's `register()` spread. */
export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  return <textarea rows={rows} className={cn(fieldClasses, 'min-h-16 py-2', className)} {...props} />;
}
