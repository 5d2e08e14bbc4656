import type { Page } from 'playwright-core';
import { withBrowser } from './browser';
import { describeNavigationError, PageLoadError } from './errors';

export interface PageCapture {
  /** The page from the top, full width of a laptop screen, at most MAX_HEIGHT pixels tall. */
  full: Buffer;
  width: number;
  height: number;
  /** The first screen scaled to THUMB_WIDTH pixels wide (JPEG), for lists and the side panel. */
  thumbnail: Buffer;
}

export interface PageMetrics {
  /** Navigation start to the first byte of the page's answer. */
  ttfbMs: number;
  /** Navigation start to the first contentful paint (null: nothing was painted). */
  fcpMs: number | null;
  /** Navigation start to the end of the load event. */
  loadMs: number;
  /** Bytes that crossed the network for the page and everything it loaded (headers and bodies as sent). */
  pageWeightBytes: number;
  requestCount: number;
}

const VIEWPORT = { width: 1366, height: 768 };
const MAX_HEIGHT = 8_000;
const THUMB_WIDTH = 400;
const TIMEOUT_MS = 30_000;

/** Loads `url`; an HTTP error answer is a failure too (a screenshot of an error page helps nobody). */
async function open(page: Page, url: string) {
  let response;
  try {
    response = await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS });
  } catch (error) {
    throw describeNavigationError(url, error);
  }
  const status = response?.status() ?? 0;
  if (status >= 400) throw new PageLoadError(`${url} answered HTTP ${status}`, url, status);
}

/** Screenshot of a page: the full page (capped) and a thumbnail of its first screen. */
export function capturePage(url: string): Promise<PageCapture> {
  return withBrowser(async (browser) => {
    const context = await browser.newContext({ viewport: VIEWPORT });
    try {
      const page = await context.newPage();
      await open(page, url);
      // Web fonts and late images: give them a moment, but never wait for a page that keeps polling.
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      const fullHeight = await page.evaluate<number>('document.documentElement.scrollHeight');
      const height = Math.max(1, Math.min(fullHeight, MAX_HEIGHT));
      const full = await page.screenshot({
        type: 'png',
        fullPage: true,
        clip: { x: 0, y: 0, width: VIEWPORT.width, height },
      });
      const first = await page.screenshot({ type: 'png' });
      // Scaled in the browser itself: no image library on the server. (In-page code is passed as text:
      // this package is typed for Node, not the DOM.)
      const thumbUrl = await page.evaluate<string>(`(async () => {
        const img = new Image();
        img.src = 'data:image/png;base64,${first.toString('base64')}';
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = ${THUMB_WIDTH};
        canvas.height = Math.round((img.height / img.width) * ${THUMB_WIDTH});
        canvas.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height);
        return canvas.toDataURL('image/jpeg', 0.8);
      })()`);
      const thumbnail = Buffer.from(thumbUrl.slice(thumbUrl.indexOf(',') + 1), 'base64');
      return { full, width: VIEWPORT.width, height, thumbnail };
    } finally {
      await context.close();
    }
  });
}

/**
 * Performance of a page as a first-time visitor gets it (fresh context, no cache): time to first byte,
 * first contentful paint and load from the browser's own timing, weight from what crossed the network.
 */
export function measurePage(url: string): Promise<PageMetrics> {
  return withBrowser(async (browser) => {
    const context = await browser.newContext({ viewport: VIEWPORT });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      let bytes = 0;
      let requests = 0;
      // CDP events arrive on their own: the count is read once every request seen has finished or failed.
      const pending = new Set<string>();
      cdp.on('Network.requestWillBeSent', (e: { requestId: string }) => void pending.add(e.requestId));
      cdp.on('Network.loadingFailed', (e: { requestId: string }) => void pending.delete(e.requestId));
      cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
        pending.delete(e.requestId);
        bytes += e.encodedDataLength;
        requests++;
      });
      await open(page, url);
      await page.waitForFunction(
        `performance.getEntriesByType('navigation')[0].loadEventEnd > 0`,
        undefined,
        {
          timeout: TIMEOUT_MS,
        },
      );
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      const timing = await page.evaluate<{ ttfbMs: number; loadMs: number; fcpMs: number | null }>(`(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        return {
          ttfbMs: nav.responseStart - nav.startTime,
          loadMs: nav.loadEventEnd - nav.startTime,
          fcpMs: fcp ? fcp.startTime : null,
        };
      })()`);
      for (let waited = 0; pending.size > 0 && waited < 5_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return {
        ttfbMs: Math.round(timing.ttfbMs),
        fcpMs: timing.fcpMs === null ? null : Math.round(timing.fcpMs),
        loadMs: Math.round(timing.loadMs),
        pageWeightBytes: bytes,
        requestCount: requests,
      };
    } finally {
      await context.close();
    }
  });
}
