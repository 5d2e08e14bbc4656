import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO, SERVER_BUNDLE, WEB_INDEX } from './server';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENS_DIR = join(REPO, 'artifacts/screens');

/** Why the browser suite cannot run here, or null when it can. */
export function browserSuiteBlocker(): string | null {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (run infra/ci/setup.sh)`;
  if (!existsSync(SERVER_BUNDLE) || !existsSync(WEB_INDEX)) return 'the app is not built (run npm run build)';
  return null;
}

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
