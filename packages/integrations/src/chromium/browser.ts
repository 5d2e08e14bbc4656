import { chromium, type Browser } from 'playwright-core';

/** The system Chromium (Debian's package); CHROMIUM_PATH overrides it. Never a downloaded browser. */
export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Pages open at once in this process: each costs a renderer (~100 MB), and the machine has two cores. */
const MAX_PAGES = 2;
/** A browser nobody used for this long is closed (a screenshot an hour needs no resident Chromium). */
const IDLE_MS = 60_000;

let browser: Promise<Browser> | null = null;
let busy = 0;
let idleTimer: NodeJS.Timeout | null = null;
const waiting: (() => void)[] = [];

function launch(): Promise<Browser> {
  browser ??= chromium.launch({ executablePath: chromiumPath(), args: FLAGS }).then(
    (b) => {
      b.on('disconnected', () => (browser = null));
      return b;
    },
    (error: unknown) => {
      browser = null;
      throw error;
    },
  );
  return browser;
}

/**
 * Runs `fn` with the shared browser, at most MAX_PAGES at a time; the browser starts on first use and
 * closes after a minute without work.
 */
export async function withBrowser<T>(fn: (browser: Browser) => Promise<T>): Promise<T> {
  if (busy >= MAX_PAGES) await new Promise<void>((resolve) => waiting.push(resolve));
  busy++;
  if (idleTimer) clearTimeout(idleTimer);
  try {
    return await fn(await launch());
  } finally {
    busy--;
    waiting.shift()?.();
    if (busy === 0) {
      idleTimer = setTimeout(() => void closeBrowser(), IDLE_MS);
      idleTimer.unref();
    }
  }
}

/** Closes the shared browser (process shutdown, tests). */
export async function closeBrowser(): Promise<void> {
  const current = browser;
  browser = null;
  if (current) await (await current.catch(() => null))?.close();
}
