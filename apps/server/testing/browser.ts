import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { api, login } from './http';
import { builtAppMissing, REPO } from './process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENS_DIR = join(REPO, 'artifacts/screens');

/** Why the browser suite cannot run here, or null when it can. */
export function browserSuiteBlocker(): string | null {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (run infra/ci/setup.sh)`;
  return builtAppMissing();
}

/** The system Chromium, headless, with no network of its own (this machine has none). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Screenshots land in an ignored folder for people to look at; tests never compare them. */
export async function capture(page: Page, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

/**
 * A fresh browser context already signed in (tokens stored as the app stores them) in a language and
 * viewport, with its first page: each browser test starts a screen from here instead of the login form.
 * `quietJobs`: the user's jobs finished so far count as announced in this browser (as in one that saw
 * them end), so their toasts and cards do not come again: a new browser announces the last hour's jobs,
 * with the same texts as the ones a test then starts. A job still running then is announced at its end.
 */
export async function openSignedIn(
  browser: Browser,
  baseURL: string,
  credentials: { email: string; password: string },
  {
    lang = 'en',
    viewport = { width: 1440, height: 900 },
    quietJobs = false,
  }: { lang?: 'en' | 'tr'; viewport?: { width: number; height: number }; quietJobs?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const tokens = await login(baseURL, credentials);
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US' });
  // Shorter than the test timeouts, so a failure names the element it waited for; long enough for a
  // machine busy with the rest of the suite.
  context.setDefaultTimeout(20_000);
  if (quietJobs) await markJobsAnnounced(context, baseURL, tokens.accessToken);
  await context.addInitScript(
    ({ l, a, r }) => {
      // Runs in the page; the server's own types have no DOM.
      const { localStorage } = globalThis as unknown as {
        localStorage: { setItem(key: string, value: string): void };
      };
      localStorage.setItem('language', l);
      localStorage.setItem('accessToken', a);
      localStorage.setItem('refreshToken', r);
    },
    { l: lang, a: tokens.accessToken, r: tokens.refreshToken },
  );
  return { context, page: await context.newPage() };
}

async function markJobsAnnounced(context: BrowserContext, baseURL: string, token: string) {
  const jobs = await api(baseURL, 'GET', 'jobs?sinceHours=24&limit=100', { token });
  const me = await api(baseURL, 'GET', 'auth/me', { token });
  if (jobs.status !== 200 || me.status !== 200)
    throw new Error(`jobs or auth/me: ${jobs.status} ${me.status}`);
  await context.addInitScript(
    ({ key, ids }) => {
      const { localStorage } = globalThis as unknown as {
        localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
      };
      // Runs on every load: keeps what the page announced since.
      const kept = JSON.parse(localStorage.getItem(key) ?? '[]') as string[];
      localStorage.setItem(key, JSON.stringify([...new Set([...ids, ...kept])]));
    },
    {
      key: `handledJobs:${me.body.data.user.id}`,
      ids: (jobs.body.data.jobs as { id: string; status: string }[])
        .filter((j) => !['pending', 'running'].includes(j.status))
        .map((j) => j.id),
    },
  );
}

/** A REST call made by a signed-in page with its stored token (setting up data as the user would). */
export async function pageRest(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      // The server's tsconfig has no DOM types; this runs in the page.
      const { localStorage } = globalThis as unknown as {
        localStorage: { getItem(key: string): string | null };
      };
      const res = await fetch(`/api/v1/${path}`, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('accessToken')}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    },
    { method, path, body },
  );
}
