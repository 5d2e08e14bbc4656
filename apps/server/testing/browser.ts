import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
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
