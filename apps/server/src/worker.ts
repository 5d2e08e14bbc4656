import { createDb, migrateToLatest } from '@blogfleet/db';
import Fastify from 'fastify';
import { apiDeps } from './app';
import { ConfigError, loadConfig } from './config';
import { startQueue, stopQueue } from './jobs/queue';
import { shutdownDeadlineMs, startJobWorkers } from './jobs/workers';
import { loggerOptions } from './logger';
import { healthPlugin } from './plugins/health';
import { serveHostedSitesHere } from './plugins/hosted-sites';
import { loadSecrets } from './secret-files';

/**
 * A worker-only process (`npm run worker`): runs jobs from the shared database, serves nothing but
 * /healthz and /readyz. Start as many as the work needs; each takes JOB_CONCURRENCY jobs per kind.
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL: a worker process needs the shared PostgreSQL database; ' +
        'with the embedded database (no DATABASE_URL) the server runs the jobs itself',
    );
  }
  const secrets = loadSecrets(config);
  const app = Fastify({ logger: loggerOptions(config) });
  const dbHandle = await createDb({
    databaseUrl: config.databaseUrl,
    poolSize: config.dbPoolSize,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    onError: (err, where) =>
      app.log.warn({ err, where }, 'database connection lost; it is replaced on next use'),
  });
  await migrateToLatest(dbHandle.db);
  const queue = await startQueue(dbHandle, config.jobs, app.log);
  // Close hooks run last added first: the queue and the database close after everything else.
  app.addHook('onClose', async () => {
    await stopQueue(queue);
    await dbHandle.close();
  });
  const deps = apiDeps(config, dbHandle, secrets, queue);
  const workers = await startJobWorkers(
    deps,
    { ...config.jobs, reconcileIntervalMs: config.jobs.maintenanceIntervalSeconds * 1000 },
    app.log,
  );
  await healthPlugin(app, dbHandle);
  serveHostedSitesHere(app, deps);
  app.addHook('onClose', async () => {
    await workers.stop();
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'worker shutting down');
    setTimeout(() => process.exit(1), shutdownDeadlineMs(config.jobs)).unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ host: config.host, port: config.port });
  app.log.info({ concurrency: config.jobs.concurrency }, 'Blogfleet worker is running jobs');
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
