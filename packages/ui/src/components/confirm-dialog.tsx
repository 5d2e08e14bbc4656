import { useLingui } from '@lingui/react/macro';
import { AlertDialog } from 'radix-ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Button } from './button';
import { DIALOG_SIZES, dialogBoxClasses, overlayClasses, type DialogSize } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Defaults to the translated 'Confirm'. */
  confirmLabel?: ReactNode;
  /** Defaults to the translated 'Cancel'. */
  cancelLabel?: ReactNode;
  /** Red confirm button, for deletions and other irreversible actions. */
  destructive?: boolean;
  /**
   * Runs on confirm. If it returns a promise the confirm button shows a spinner (and the dialog cannot
   * be dismissed) until it settles; on success the dialog closes, on failure it stays open so the user
   * can retry or cancel (show the error yourself, e.g. with a toast).
   */
  onConfirm: () => unknown;
  /** Close after a successful confirm (default true). */
  closeOnConfirm?: boolean;
  size?: DialogSize;
  /** Extra content between the description and the buttons. */
  children?: ReactNode;
  className?: string;
}

/** A yes/no question in an alert dialog; the Cancel button takes the initial focus. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  destructive = false,
  onConfirm,
  closeOnConfirm = true,
  size = 'sm',
  children,
  className,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  const [pending, setPending] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!open) setPending(false);
  }, [open]);

  const handleOpenChange = (next: boolean) => {
    if (!next && pending) return;
    onOpenChange(next);
  };

  const handleConfirm = async () => {
    let ok = true;
    try {
      const result = onConfirm();
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        setPending(true);
        await result;
      }
    } catch {
      ok = false;
    } finally {
      if (mounted.current) setPending(false);
    }
    if (ok && closeOnConfirm && mounted.current) onOpenChange(false);
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={handleOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content
          className={cn(dialogBoxClasses, DIALOG_SIZES[size], className)}
          aria-busy={pending || undefined}
          onEscapeKeyDown={(event) => {
            if (pending) event.preventDefault();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex flex-col gap-1.5">
            <AlertDialog.Title className="text-lg leading-tight font-semibold">{title}</AlertDialog.Title>
            {description ? (
              <AlertDialog.Description className="text-sm text-muted-foreground">
                {description}
              </AlertDialog.Description>
            ) : null}
          </div>
          {children}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={pending}>
                {cancelLabel ?? t`Cancel`}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={destructive ? 'danger' : 'primary'}
              loading={pending}
              onClick={() => void handleConfirm()}
            >
              {confirmLabel ?? t`Confirm`}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
