import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/** A grey placeholder block; hidden from assistive technology (mark the loading region aria-busy instead). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('rounded-md bg-subtle motion-safe:animate-pulse', className)}
      {...props}
    />
  );
}
