import { ensureInitialAdmin } from '@blogfleet/api';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { shutdownDeadlineMs } from './jobs/workers';

async function main() {
  const config = loadConfig();
  const { app, deps, dbHandle } = await buildApp(config);
  const admin = await ensureInitialAdmin(deps, { email: config.adminEmail, password: config.adminPassword });
  if (admin) {
    // Printed once, on the start that creates the account; never logged through pino.
    const lines = [
      '',
      '  First start: an admin account was created.',
      `    email:    ${admin.email}`,
      admin.generated
        ? `    password: ${admin.password}`
        : '    password: (the ADMIN_PASSWORD you configured)',
      admin.generated ? '  Store this password now; it is not shown again.' : '',
      '',
    ];
    console.log(lines.join('\n'));
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), shutdownDeadlineMs(config.jobs));
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  app.log.info(
    { database: dbHandle.kind },
    `Blogfleet is listening on http://${shown}:${config.port} (API docs at /api/docs)`,
  );
}

main().catch((err) => {
  // A wrong variable or secret file is the operator's to fix: the message alone says what, without a stack.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
