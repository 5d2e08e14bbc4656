import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM, login, startBuiltServer } from '@blogfleet/server/testing';

const ADMIN = { email: 'admin@lighthouse.local', password: 'lighthouse-admin-pass' };
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
/** The issue's targets: performance ≥ 90, accessibility ≥ 95, best practices 100. */
export const LIGHTHOUSE_TARGETS: Record<Category, number> = {
  performance: 90,
  accessibility: 95,
  'best-practices': 100,
};
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LighthouseRun {
  page: string;
  formFactor: 'mobile' | 'desktop';
  scores: Record<Category, number>;
  /** Audits that cost points outside performance (title and score), for the reader to act on. */
  failing: string[];
  /** First and largest contentful paint and total blocking time, as Lighthouse shows them. */
  metrics: string;
}

/**
 * Lighthouse (the npm package) on /login and /dashboard of the built server, mobile and desktop, in the
 * system Chromium. /dashboard is measured signed in: the session is put into the browser's storage
 * first and Lighthouse is told not to reset it.
 */
export async function runLighthouse(): Promise<LighthouseRun[]> {
  const server = await startBuiltServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const runs: LighthouseRun[] = [];
    for (const path of ['/login', '/dashboard']) {
      // /login is measured signed out (signed in, it forwards to the dashboard); then the session is stored.
      if (path === '/dashboard') {
        const tokens = await login(server.url, ADMIN);
        const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const page = await cdp.contexts()[0]!.newPage();
        await page.goto(`${server.url}/login`);
        await page.evaluate(({ accessToken, refreshToken }) => {
          // Runs in the page; the bench's own types have no DOM.
          const { localStorage } = globalThis as unknown as {
            localStorage: { setItem(key: string, value: string): void };
          };
          localStorage.setItem('accessToken', accessToken);
          localStorage.setItem('refreshToken', refreshToken);
        }, tokens);
        await page.close();
        // A second CDP client left attached spoils Lighthouse's trace (NO_NAVSTART).
        await cdp.close();
      }
      for (const formFactor of ['mobile', 'desktop'] as const) {
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          disableStorageReset: true,
        };
        const result = await lighthouse(
          `${server.url}${path}`,
          flags,
          formFactor === 'desktop' ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
        // A lost session would measure the login page twice under another name.
        const landed = new URL(lhr.finalDisplayedUrl).pathname;
        if (landed !== path) throw new Error(`${path} ended on ${landed}`);
        const scores = Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
        ) as Record<Category, number>;
        const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
          (lhr.categories[c]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => {
              const audit = lhr.audits[ref.id]!;
              // Which issues, where the audit lists them (e.g. the Issues panel's kinds).
              const items = (audit.details as { items?: { issueType?: string }[] } | undefined)?.items ?? [];
              const kinds = [...new Set(items.map((i) => i.issueType).filter(Boolean))];
              return `${c}: ${audit.title}${kinds.length ? ` (${kinds.join(', ')})` : ''}`;
            }),
        );
        const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
        const metrics = `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`;
        if (process.env.LIGHTHOUSE_JSON) {
          const { writeFileSync } = await import('node:fs');
          writeFileSync(
            `${process.env.LIGHTHOUSE_JSON}-${path.slice(1)}-${formFactor}.json`,
            JSON.stringify(lhr),
          );
        }
        runs.push({ page: path, formFactor, scores, failing, metrics });
      }
    }
    return runs;
  } finally {
    chrome.kill();
    await server.dispose();
  }
}

export function lighthouseTable(runs: LighthouseRun[]): string {
  const mark = (c: Category, v: number) => (v >= LIGHTHOUSE_TARGETS[c] ? `${v}` : `**${v}**`);
  const lines = [
    `| page | device | performance (≥ ${LIGHTHOUSE_TARGETS.performance}) | accessibility (≥ ${LIGHTHOUSE_TARGETS.accessibility}) | best practices (${LIGHTHOUSE_TARGETS['best-practices']}) | paint metrics |`,
    '| --- | --- | ---: | ---: | ---: | --- |',
    ...runs.map(
      (r) =>
        `| \`${r.page}\` | ${r.formFactor} | ${mark('performance', r.scores.performance)} | ${mark('accessibility', r.scores.accessibility)} | ${mark('best-practices', r.scores['best-practices'])} | ${r.metrics} |`,
    ),
  ];
  const failing = [...new Set(runs.flatMap((r) => r.failing.map((f) => `${r.page} ${r.formFactor}: ${f}`)))];
  if (failing.length > 0) lines.push('', 'Audits that cost points:', ...failing.map((f) => `- ${f}`));
  const met = runs.every((r) => CATEGORIES.every((c) => r.scores[c] >= LIGHTHOUSE_TARGETS[c]));
  lines.push('', `All targets met: **${met ? 'yes' : 'no'}**`);
  return lines.join('\n');
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  runLighthouse().then(
    (runs) => console.log(lighthouseTable(runs)),
    (err: unknown) => {
      console.error('lighthouse failed:', err);
      process.exitCode = 1;
    },
  );
}
