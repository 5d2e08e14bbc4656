import { serveHostedSites, stopHostedSites, type ApiDeps } from '@blogfleet/api';
import type { FastifyInstance } from 'fastify';

/**
 * The process that creates sites (it runs the jobs) also serves them, one PHP server per site: after a
 * restart the sites hosted here start again, in the background so a slow or broken host does not delay
 * startup; on close they stop with the process.
 */
export function serveHostedSitesHere(app: FastifyInstance, deps: ApiDeps): void {
  app.addHook('onReady', async () => {
    void serveHostedSites(deps)
      .then(({ started, failed }) => {
        if (started.length) app.log.info({ sites: started }, 'hosted WordPress sites started');
        for (const f of failed)
          app.log.warn({ domain: f.domain, reason: f.reason }, 'hosted site not started');
      })
      .catch((err: Error) => app.log.warn({ err: err.message }, 'hosted sites not started'));
  });
  app.addHook('onClose', async () => {
    await stopHostedSites();
  });
}
