import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Toaster as SonnerToaster, type ToasterProps } from 'sonner';
import { markToasterMounted } from './toast-api';

/** Toasts last this long unless told otherwise (core §9). */
export const TOAST_DURATION_MS = 6000;

export type { ToasterProps };

/**
 * Mount once near the root. Top right, because the bottom right belongs to the job panel; rich
 * colours, a close button on every toast, 6000 ms by default. Any sonner prop may be overridden.
 */
export function Toaster(props: ToasterProps) {
  const { t } = useLingui();
  // sonner's own effect subscribes first (children's effects run before ours), so toasts may flow now.
  useEffect(markToasterMounted, []);
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
