import { pruneLoginAttempts, type ApiDeps } from '@blogfleet/api';
import type { FastifyInstance } from 'fastify';

/**
 * The login limits look only at the window, so older attempts are deleted once per window. Every
 * process does it; the delete is idempotent and cheap on the created_at index.
 */
export function pruneLoginAttemptsPeriodically(app: FastifyInstance, deps: ApiDeps) {
  const windowMs = deps.loginLimits.windowSeconds * 1000;
  const timer = setInterval(() => {
    pruneLoginAttempts(deps.db, new Date(Date.now() - windowMs)).catch((err: unknown) =>
      app.log.warn({ err }, 'pruning old login attempts failed'),
    );
  }, windowMs);
  timer.unref();
  app.addHook('preClose', async () => clearInterval(timer));
}
