import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { overlayClasses } from './dialog';

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible name of the panel (it has no visible title of its own). */
  label: string;
  children: ReactNode;
  className?: string;
}

/**
 * A panel sliding in from the left over the page (the side menu on phones). A modal dialog underneath:
 * focus stays inside, Escape and a tap on the backdrop close it, focus returns to the opener.
 */
export function Drawer({ open, onOpenChange, label, children, className }: DrawerProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClasses} />
        <DialogPrimitive.Content
          aria-label={label}
          aria-describedby={undefined}
          className={cn(
            'fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-surface text-foreground shadow-xl outline-hidden',
            'motion-safe:data-[state=open]:animate-slide-in-left',
            className,
          )}
        >
          <DialogPrimitive.Title className="sr-only">{label}</DialogPrimitive.Title>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export type DrawerCloseProps = ComponentProps<typeof DialogPrimitive.Close>;
export const DrawerClose = DialogPrimitive.Close;
