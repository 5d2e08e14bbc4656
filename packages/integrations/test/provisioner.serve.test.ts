/**
 * A site's PHP server started by one process is found and stopped by another (a worker that provisioned
 * it, an API process that deletes it). Real WordPress host; skipped when this machine cannot host one.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  deprovisionSite,
  hostFromEnv,
  provisionSite,
  readSiteInfo,
  siteAnswers,
  sitePaths,
  stopHostedServer,
  wordpressHostAvailable,
} from '@blogfleet/integrations/wordpress';

const root = await mkdtemp(path.join(tmpdir(), 'blogfleet-serve-'));
const host = {
  ...hostFromEnv({ ...process.env, WP_HOST_ROOT: root }),
  root,
  firstPort: 43_000 + Math.floor(Math.random() * 8_000),
  // The PHP server below runs as this process's user, like a host without a sites' user.
  runAs: undefined,
};
const unavailable = await wordpressHostAvailable(host);
if (unavailable && process.env.BLOGFLEET_TEST_ALL) throw new Error(`WordPress host required: ${unavailable}`);
if (unavailable) console.warn(`Skipping provisioner.serve.test.ts: ${unavailable}`);

afterAll(async () => {
  await deprovisionSite(host, 'served-elsewhere.com').catch(() => {});
  await rm(root, { recursive: true, force: true });
});

describe.skipIf(!!unavailable)('a site server started by another process', () => {
  it('is seen answering and stopped through its pid file, and only if it is that site’s PHP', async () => {
    await provisionSite(host, {
      domain: 'served-elsewhere.com',
      title: 'Elsewhere',
      slogan: 'Served by another process',
      adminEmail: 'admin@served-elsewhere.com',
      postTitle: 'Hello',
      postContent: 'Hello',
      pageTitle: 'Home',
      pageContent: 'Home',
      language: 'en',
      timezone: 'UTC',
    });
    const paths = sitePaths(host, 'served-elsewhere.com');
    const info = (await readSiteInfo(paths.infoFile))!;
    // What startSite runs, started here as a process this module did not start itself.
    const php = spawn(
      host.php,
      ['-S', `${host.bindAddress}:${info.port}`, '-t', paths.publicDir, paths.routerFile],
      { cwd: paths.publicDir, stdio: 'ignore', detached: true },
    );
    const exited = new Promise((resolve) => php.once('exit', resolve));
    await writeFile(path.join(paths.siteDir, 'server.pid'), String(php.pid));
    await expect.poll(() => siteAnswers(host, 'served-elsewhere.com'), { timeout: 10_000 }).toBe(true);

    await stopHostedServer(host, 'served-elsewhere.com');
    expect(await siteAnswers(host, 'served-elsewhere.com')).toBe(false);
    await exited;

    // A pid file naming some other process is not obeyed.
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    await writeFile(path.join(paths.siteDir, 'server.pid'), String(other.pid));
    await stopHostedServer(host, 'served-elsewhere.com');
    expect(other.exitCode).toBeNull();
    expect(other.signalCode).toBeNull();
    other.kill();
  }, 120_000);
});
