import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import {
  Toaster as SonnerToaster,
  toast as sonnerToast,
  type ExternalToast,
  type ToasterProps,
} from 'sonner';

/** Toasts last this long unless told otherwise (core §9). */
export const TOAST_DURATION_MS = 6000;

export type { ToasterProps };
/** Options of one toast: description, duration, action, id … */
export type ToastOptions = ExternalToast;

/**
 * Mount once near the root. Top right, because the bottom right belongs to the job panel; rich
 * colours, a close button on every toast, 6000 ms by default. Any sonner prop may be overridden.
 */
export function Toaster(props: ToasterProps) {
  const { t } = useLingui();
  return (
    <SonnerToaster
      position="top-right"
      richColors
      closeButton
      duration={TOAST_DURATION_MS}
      containerAriaLabel={t`Notifications`}
      style={{ fontFamily: 'var(--font-sans)' }}
      {...props}
      toastOptions={{ closeButtonAriaLabel: t`Close`, ...props.toastOptions }}
    />
  );
}

type Show = (message: ReactNode, options?: ToastOptions) => string | number;

/** The four kinds of notice the product uses (core §2 Shell), plus dismiss. Callers never import sonner. */
export const toast: {
  success: Show;
  error: Show;
  warning: Show;
  info: Show;
  /** A neutral toast. */
  message: Show;
  /** Closes one toast by id, or all of them. */
  dismiss: (id?: string | number) => string | number;
} = {
  success: (message, options) => sonnerToast.success(message, options),
  error: (message, options) => sonnerToast.error(message, options),
  warning: (message, options) => sonnerToast.warning(message, options),
  info: (message, options) => sonnerToast.info(message, options),
  message: (message, options) => sonnerToast.message(message, options),
  dismiss: (id) => sonnerToast.dismiss(id),
};
