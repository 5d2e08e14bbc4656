import { useSyncExternalStore, type ReactNode } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

/** Options of one toast: description, duration, action, id … */
export type ToastOptions = ExternalToast;

type Sonner = typeof SonnerModule;

// sonner (8 kB compressed) is not part of the first page: the first toast asks for the toast area
// (useToasterWanted), and waits until <Toaster/> listens, since a toast published before is lost.
let mounted: () => void;
const toasterMounted = new Promise<void>((resolve) => (mounted = resolve));
let sonner: Promise<Sonner> | null = null;
let wanted = false;
const wantedListeners = new Set<() => void>();

function ready(): Promise<Sonner> {
  if (!wanted) {
    wanted = true;
    for (const listener of wantedListeners) listener();
  }
  requested++;
  for (const listener of requestListeners) listener();
  sonner ??= toasterMounted
    .then(() => import('sonner'))
    .catch((err: unknown) => {
      // A failed download is tried again by the next toast.
      sonner = null;
      throw err;
    });
  return sonner;
}

let requested = 0;
const requestListeners = new Set<() => void>();

/** Counts toast requests: a toast area that failed to load tries again on the next one. */
export function useToastRequests(): number {
  return useSyncExternalStore(
    (listener) => {
      requestListeners.add(listener);
      return () => requestListeners.delete(listener);
    },
    () => requested,
  );
}

/** Called by <Toaster/> once it listens. */
export function markToasterMounted() {
  mounted();
}

/** True once something was toasted: mount the (lazily loaded) <Toaster/> from then on. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      wantedListeners.add(listener);
      return () => wantedListeners.delete(listener);
    },
    () => wanted,
  );
}

type Show = (message: ReactNode, options?: ToastOptions) => void;
type Kind = 'success' | 'error' | 'warning' | 'info' | 'message';
const show =
  (kind: Kind): Show =>
  (message, options) =>
    void ready().then(
      (s) => s.toast[kind](message, options),
      () => undefined,
    );

/** The four kinds of notice the product uses (core §2 Shell), plus dismiss. Callers never import sonner. */
export const toast: {
  success: Show;
  error: Show;
  warning: Show;
  info: Show;
  /** A neutral toast. */
  message: Show;
  /** Closes one toast by id, or all of them. */
  dismiss: (id?: string | number) => void;
} = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
  message: show('message'),
  dismiss: (id) =>
    void ready().then(
      (s) => s.toast.dismiss(id),
      () => undefined,
    ),
};
