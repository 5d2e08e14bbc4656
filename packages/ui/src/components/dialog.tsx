import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn, focusRing } from '../lib/cn';

/** Modal widths: small, medium, large, extra large (core §2 Shared behaviour). */
export const DIALOG_SIZES = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
} as const;
export type DialogSize = keyof typeof DIALOG_SIZES;

/** Root: `open` / `onOpenChange` / `defaultOpen`. Escape and the close button close it; focus is trapped. */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

/** Classes shared with ConfirmDialog (an alert dialog). */
export const overlayClasses = 'fixed inset-0 z-50 bg-overlay motion-safe:data-[state=open]:animate-fade-in';
export const dialogBoxClasses = cn(
  'fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4',
  'max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-lg border border-border bg-surface p-6 text-foreground shadow-lg',
  'outline-hidden motion-safe:data-[state=open]:animate-pop-in',
);

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cn(overlayClasses, className)} {...props} />;
}

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  size?: DialogSize;
  /** Hide the × button in the corner (Escape still closes). */
  hideCloseButton?: boolean;
  /** Accessible name of the × button; defaults to the translated 'Close'. */
  closeLabel?: string;
}

/**
 * The dialog box. Put a DialogTitle inside (required by radix for the accessible name); pass
 * `aria-describedby={undefined}` when there is no DialogDescription.
 */
export function DialogContent({
  className,
  size = 'md',
  hideCloseButton = false,
  closeLabel,
  children,
  ...props
}: DialogContentProps) {
  const { t } = useLingui();
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(dialogBoxClasses, DIALOG_SIZES[size], className)}
        data-size={size}
        {...props}
      >
        {children}
        {hideCloseButton ? null : (
          <DialogPrimitive.Close
            className={cn(
              'absolute top-4 right-4 inline-flex size-7 items-center justify-center rounded-md text-muted-foreground',
              'transition-colors hover:bg-muted hover:text-foreground',
              focusRing,
            )}
            aria-label={closeLabel ?? t`Close`}
          >
            <X className="size-4" aria-hidden="true" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-8', className)} {...props} />;
}

export function DialogBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-4', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:items-center sm:justify-end', className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn('text-lg leading-tight font-semibold', className)} {...props} />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}
