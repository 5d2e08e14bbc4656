import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { WordPressHostError } from '../errors';
import type { WordPressHost } from '../types';
import { readSiteInfo } from './info-file';
import { normalizeDomain } from './names';
import { sitePaths } from './paths';
import { secureSite } from './site-files';
import { phpSpawnOptions, resolveSiteUser } from './site-user';

export interface RunningSite {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Servers started by this process, by domain. */
const running = new Map<string, RunningSite>();

function connects(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: address, port });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Serves a provisioned site with PHP's built-in server on its own port
 * (`php -S {bindAddress}:{port} -t {siteDir}/public {siteDir}/router.php`) and waits until it answers.
 * PHP runs as the sites' user (WordPressHost.runAs) with the minimal environment of site-user.ts.
 */
export async function startSite(host: WordPressHost, domainInput: string): Promise<RunningSite> {
  const domain = normalizeDomain(domainInput);
  const already = running.get(domain);
  if (already) return already;
  const paths = sitePaths(host, domain);
  const info = await readSiteInfo(paths.infoFile);
  if (!info || info.status !== 'complete') {
    throw new WordPressHostError('NOT_FOUND', `${domain} is not a provisioned site on this host`);
  }
  const { port } = info;
  if (await connects(host.bindAddress, port)) {
    throw new WordPressHostError(
      'PROVISION_FAILED',
      `Port ${port} of ${domain} is already in use on ${host.bindAddress}`,
    );
  }
  const user = await resolveSiteUser(host);
  // Sites provisioned by an older version get the current router (it decides what is never served) and
  // the current ownership and modes.
  await secureSite(host, paths, user);
  const child = spawn(
    host.php,
    ['-S', `${host.bindAddress}:${port}`, '-t', paths.publicDir, paths.routerFile],
    {
      ...phpSpawnOptions(user),
      cwd: paths.publicDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) {
      throw new WordPressHostError(
        'UNREACHABLE',
        `PHP server for ${domain} exited: ${spawnError?.message ?? output.trim().slice(-500)}`,
      );
    }
    if (await connects(host.bindAddress, port)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new WordPressHostError('TIMEOUT', `PHP server for ${domain} did not answer on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // Another process (a worker that outlives this one, or a later one) can stop it by this.
  await writeFile(pidFile(paths.siteDir), String(child.pid ?? '')).catch(() => {});
  const site: RunningSite = {
    url: info.siteUrl,
    port,
    stop: async () => {
      if (running.get(domain) === site) running.delete(domain);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 5_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    },
  };
  running.set(domain, site);
  return site;
}

const pidFile = (siteDir: string) => path.join(siteDir, 'server.pid');

/** Whether something answers on the site's port (whichever process started it). */
export async function siteAnswers(host: WordPressHost, domainInput: string): Promise<boolean> {
  const domain = normalizeDomain(domainInput);
  const info = await readSiteInfo(sitePaths(host, domain).infoFile).catch(() => null);
  return info !== null && (await connects(host.bindAddress, info.port));
}

/**
 * Stops the site's PHP server wherever it was started: this process's own, or the one another process
 * started (by its pid file, only if that process is still PHP serving this site's address and router).
 */
export async function stopHostedServer(host: WordPressHost, domainInput: string): Promise<void> {
  const domain = normalizeDomain(domainInput);
  await stopSiteServer(domain);
  const paths = sitePaths(host, domain);
  const info = await readSiteInfo(paths.infoFile).catch(() => null);
  const pid = Number((await readFile(pidFile(paths.siteDir), 'utf8').catch(() => '')).trim());
  if (info && Number.isInteger(pid) && pid > 1) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    const args = cmdline.split('\0');
    if (args.includes(`${host.bindAddress}:${info.port}`) && args.includes(paths.routerFile)) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // Gone already.
      }
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline && (await connects(host.bindAddress, info.port))) {
        await new Promise((r) => setTimeout(r, 100));
      }
      if (await connects(host.bindAddress, info.port)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
    }
  }
  await rm(pidFile(paths.siteDir), { force: true }).catch(() => {});
}

/** Domains whose server this process started and still runs. */
export function runningSites(): string[] {
  return [...running.keys()];
}

/** Stops every site server this process started (on shutdown: they would outlive it). */
export async function stopAllSites(): Promise<void> {
  await Promise.all([...running.values()].map((site) => site.stop()));
}

/** Stops the server of `domain` if this process started it. */
export async function stopSiteServer(domain: string): Promise<void> {
  await running.get(domain)?.stop();
}
