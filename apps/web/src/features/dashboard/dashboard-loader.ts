import type { RouterContext } from '../../routes/__root';

/**
 * The dashboard (at / and /dashboard) opens with its checklist and cards filled, so nothing jumps down
 * when the data arrives. Settled, not all: a failed prefetch lets the page show its own error message.
 */
export function loadDashboard({ context }: { context: RouterContext }) {
  return Promise.allSettled([
    context.trpc.dashboard.stats.ensureData(),
    context.trpc.dashboard.gettingStarted.ensureData(),
  ]);
}
