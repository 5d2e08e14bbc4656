import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Browser, Response } from 'playwright-core';
import {
  CHROMIUM,
  launchChromium,
  REPO,
  SERVER_BUNDLE,
  startBuiltServer,
  WEB_INDEX,
  type RunningServer,
} from '@blogfleet/server/testing';

/** Budget for the JavaScript the login route loads first, as transferred, in bytes (1 kB = 1,000 bytes). */
export const LOGIN_JS_BUDGET = 150_000;

/** The whole step (build if needed, server, browser, clean-up) ends within this. */
const STEP_LIMIT_MS = 60_000;
/** Kept back from the step limit so stopping the browser and the server always fits. */
const CLEANUP_RESERVE_MS = 12_000;

export interface ScriptWeight {
  /** URL path of the script, e.g. /assets/index-abc123.js. */
  file: string;
  /** Bytes of the script itself, uncompressed. */
  raw: number;
  /** Bytes the browser received for it: response headers plus the body as sent (compressed). */
  transferred: number;
  /** Content-Encoding it came with ('' for none). */
  encoding: string;
}

export interface LoginWeight {
  files: ScriptWeight[];
  totalTransferred: number;
  budget: number;
  /** The Accept-Encoding the browser sent for scripts. */
  acceptEncoding: string;
}

/** Why the measurement cannot run here (and the bench skips it), or null when it can. */
export function loginWeightSkipReason(): string | null {
  return existsSync(CHROMIUM) ? null : `no Chromium at ${CHROMIUM} (run infra/ci/setup.sh)`;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(2);

/** The table as Markdown: one row per script, largest first, then the total against the budget. */
export function loginWeightTable(w: LoginWeight): string {
  const totalRaw = w.files.reduce((sum, f) => sum + f.raw, 0);
  const ratio = w.totalTransferred / w.budget;
  return [
    `The browser asked for scripts with \`Accept-Encoding: ${w.acceptEncoding}\`.`,
    '',
    '| file | raw kB | encoding | transferred kB |',
    '| --- | ---: | --- | ---: |',
    ...w.files.map(
      (f) => `| \`${f.file}\` | ${kB(f.raw)} | ${f.encoding || 'none'} | ${kB(f.transferred)} |`,
    ),
    `| **total (${w.files.length} files)** | **${kB(totalRaw)}** | | **${kB(w.totalTransferred)}** |`,
    '',
    `Transferred ${kB(w.totalTransferred)} kB of the ${kB(w.budget)} kB budget: ${(ratio * 100).toFixed(1)} % ` +
      `(ratio ${ratio.toFixed(2)}) — **${w.totalTransferred <= w.budget ? 'PASS' : 'OVER'}**`,
  ].join('\n');
}

/** Resolves with the promise, or rejects once `ms` have passed (the promise is left to settle on its own). */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish in ${(ms / 1000).toFixed(1)} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits for the child to exit, at most `ms`; true when it has. */
function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return within(new Promise<boolean>((resolve) => child.once('exit', () => resolve(true))), ms, 'exit').catch(
    () => false,
  );
}

/** Kills a detached child's whole process group (npm → turbo → vite …). */
function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Runs `npm run build` at the repo root when either build output is missing. */
async function ensureBuilt(deadline: number): Promise<void> {
  if (existsSync(SERVER_BUNDLE) && existsSync(WEB_INDEX)) return;
  console.error('login-weight: the app is not built; running npm run build …');
  const child = spawn('npm', ['run', 'build'], {
    cwd: REPO,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const done = await exited(child, deadline - Date.now());
  if (!done) {
    killGroup(child, 'SIGKILL');
    await exited(child, 2_000);
    throw new Error(`npm run build did not finish in time:\n${output.slice(-4000)}`);
  }
  if (child.exitCode !== 0)
    throw new Error(`npm run build failed (${child.exitCode}):\n${output.slice(-4000)}`);
  if (!existsSync(SERVER_BUNDLE) || !existsSync(WEB_INDEX))
    throw new Error(`npm run build did not produce ${SERVER_BUNDLE} and ${WEB_INDEX}`);
}

/**
 * Starts the built server (embedded PGlite in a fresh temp dir), opens /login in headless Chromium
 * and weighs every script it loads until the login form is shown and the network is idle.
 * Finishes (cleaned up) within 60 s or rejects.
 */
export async function measureLoginWeight(): Promise<LoginWeight> {
  const skip = loginWeightSkipReason();
  if (skip) throw new Error(`cannot measure the login route: ${skip}`);
  const started = Date.now();
  const deadline = started + STEP_LIMIT_MS - CLEANUP_RESERVE_MS;
  const left = () => Math.max(1, deadline - Date.now());

  await ensureBuilt(deadline);

  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    // The same built server and browser the browser suite uses (embedded PGlite in a temp dir).
    server = await within(
      startBuiltServer({ ADMIN_PASSWORD: 'bench-admin-pass' }),
      left(),
      'starting the server',
    );
    const base = server.url;
    browser = await within(launchChromium(), left(), 'launching Chromium');
    const context = await browser.newContext();
    const page = await context.newPage();

    const scripts: Response[] = [];
    let recording = true;
    page.on('response', (res) => {
      if (!recording) return;
      const isScript =
        res.request().resourceType() === 'script' || new URL(res.url()).pathname.endsWith('.js');
      if (isScript) scripts.push(res);
    });

    const loginUrl = `${base}/login`;
    const nav = await page.goto(loginUrl, { waitUntil: 'networkidle', timeout: left() });
    if (!nav || nav.status() !== 200)
      throw new Error(`GET ${loginUrl} answered ${nav?.status() ?? 'nothing'}`);
    await page.locator('#email').waitFor({ state: 'visible', timeout: left() });
    await page.waitForLoadState('networkidle', { timeout: left() });
    recording = false;

    const files: ScriptWeight[] = [];
    const seen = new Set<string>();
    let acceptEncoding = '';
    for (const res of scripts) {
      const url = new URL(res.url());
      const key = url.href;
      if (seen.has(key)) continue;
      seen.add(key);
      if (res.status() !== 200) throw new Error(`script ${url.href} answered ${res.status()}`);
      const body = await within(res.body(), left(), `reading ${url.pathname}`);
      // What went over the wire, as the browser's network stack counted it (Chromium's encodedDataLength).
      const sizes = await within(res.request().sizes(), left(), `sizing ${url.pathname}`);
      acceptEncoding ||= (await res.request().allHeaders())['accept-encoding'] ?? '';
      files.push({
        file: url.origin === base ? url.pathname : url.href,
        raw: body.length,
        transferred: sizes.responseHeadersSize + sizes.responseBodySize,
        encoding: (await res.allHeaders())['content-encoding'] ?? '',
      });
    }
    if (files.length === 0) throw new Error(`${loginUrl} loaded no JavaScript`);
    // Responses arrive in a different order on every run; largest first keeps the table stable.
    files.sort((a, b) => b.transferred - a.transferred || a.file.localeCompare(b.file));
    await context.close();
    return {
      files,
      totalTransferred: files.reduce((sum, f) => sum + f.transferred, 0),
      budget: LOGIN_JS_BUDGET,
      acceptEncoding,
    };
  } finally {
    if (browser) {
      const b = browser;
      // Should closing ever hang, Playwright still kills the browser it launched when this process exits.
      await within(b.close(), 4_000, 'closing Chromium').catch((err: unknown) =>
        console.error(`login-weight: ${(err as Error).message}`),
      );
    }
    await server?.dispose();
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  // Backstop for the standalone run: the step bounds itself, this catches anything that still hangs.
  setTimeout(() => {
    console.error('login-weight: gave up after 65 s');
    process.exit(2);
  }, 65_000).unref();
  const skip = loginWeightSkipReason();
  if (skip) {
    console.log(`login-weight: skipped: ${skip}`);
  } else {
    const started = Date.now();
    measureLoginWeight().then(
      (w) => {
        console.log('## Login route JavaScript\n');
        console.log(loginWeightTable(w));
        console.log(`\nlogin-weight: measured in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      },
      (err: unknown) => {
        console.error('login-weight failed:', err);
        process.exitCode = 1;
      },
    );
  }
}
