import { join } from 'node:path';
import { defineJobKind, enqueueJob, notifyUsers, registerJobKinds } from '@blogfleet/api';
import {
  ADMIN,
  browserSuiteBlocker,
  capture,
  launchChromium,
  REPO,
  startTestApp,
  type TestApp,
} from '@blogfleet/server/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

/** A job that waits at 40 % until the test opens its gate (or fails it), so each state can be seen. */
const gates = new Map<string, { open: () => void; fail: (message: string) => void }>();
const gateJob = defineJobKind({
  kind: 'test.gate',
  payload: z.object({ name: z.string() }),
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 120,
  title: (p) => `Publish ${p.name}`,
  run: async ({ payload, progress, signal }) => {
    await progress(40, 'Waiting for the gate');
    await new Promise<void>((resolve, reject) => {
      gates.set(payload.name, { open: resolve, fail: (m) => reject(new Error(m)) });
      signal.addEventListener('abort', () => reject(signal.reason));
    });
    await progress(100, 'Done');
    return { name: payload.name };
  },
});
registerJobKinds(gateJob);

const blocker = browserSuiteBlocker();

describe.skipIf(blocker !== null)('job panel in Chromium', { timeout: 90_000 }, () => {
  let t: TestApp;
  let url: string;
  let browser: Browser;
  let owner: { db: TestApp['db']; queue: TestApp['deps']['queue']; user: { id: number; role: 'admin' } };

  beforeAll(async () => {
    t = await startTestApp({
      WEB_DIST_DIR: join(REPO, 'apps/web/dist'),
      JOB_WORKERS: 'true',
      JOB_POLL_INTERVAL_SECONDS: '0.5',
      JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
    });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const me = await t.rest('GET', 'auth/me', { token: (await t.login()).accessToken });
    owner = { db: t.db, queue: t.deps.queue, user: { id: me.body.data.user.id, role: 'admin' } };
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function signedIn(viewport = { width: 1440, height: 900 }, language: 'en' | 'tr' = 'en') {
    const context: BrowserContext = await browser.newContext({ baseURL: url, viewport, locale: 'en-US' });
    context.setDefaultTimeout(15_000);
    const page: Page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    if (language === 'tr') {
      // The language the EN/TR switch stores (the switch itself is the console issue's on a phone).
      await page.evaluate(() => localStorage.setItem('language', 'tr'));
      await page.reload();
      await page.getByRole('heading', { name: 'Gösterge paneli' }).waitFor();
    }
    return { context, page };
  }

  const card = (page: Page, title: string) => page.getByRole('article', { name: title });
  const waitForGate = async (name: string) => {
    for (let i = 0; i < 100 && !gates.has(name); i++) await new Promise((r) => setTimeout(r, 100));
    expect(gates.has(name)).toBe(true);
  };

  it('shows a running job with its progress, keeps it across a reload, then turns it green, tells once and removes it', async () => {
    const { context, page } = await signedIn();
    await enqueueJob(owner, 'test.gate', { name: 'alpha' });
    await waitForGate('alpha');
    // The panel learns of jobs started elsewhere when the page loads.
    await page.reload();
    const alpha = card(page, 'Publish alpha');
    await alpha.waitFor();
    await expect.poll(() => alpha.getAttribute('data-status')).toBe('running');
    await expect.poll(() => alpha.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    await alpha.getByText('Waiting for the gate').waitFor();
    expect(await alpha.getByRole('progressbar').getAttribute('data-tone')).toBe('blue');
    await capture(page, 'jobs-panel-running-en-1440');

    await page.reload();
    await card(page, 'Publish alpha').waitFor();

    gates.get('alpha')!.open();
    // Polled every 5 s while running: the end shows within one poll.
    await expect.poll(() => alpha.getAttribute('data-status'), { timeout: 8_000 }).toBe('completed');
    expect(await alpha.getByRole('progressbar').getAttribute('data-tone')).toBe('green');
    await page.getByText('Publish alpha: completed').waitFor();
    await capture(page, 'jobs-panel-completed-en-1440');
    // Gone more than 10 s after its end, and not brought back by the next poll or a reload.
    await alpha.waitFor({ state: 'detached', timeout: 14_000 });
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.waitForTimeout(1_000);
    expect(await card(page, 'Publish alpha').count()).toBe(0);
    expect(await page.getByText('Publish alpha: completed').count()).toBe(0);
    await context.close();
  });

  it('shows a failed job in red with its error, and closes it on request', async () => {
    const { context, page } = await signedIn();
    await enqueueJob(owner, 'test.gate', { name: 'beta' });
    await waitForGate('beta');
    await page.reload();
    const beta = card(page, 'Publish beta');
    await beta.waitFor();
    gates.get('beta')!.fail('The registrar refused the order');
    await expect.poll(() => beta.getAttribute('data-status'), { timeout: 8_000 }).toBe('failed');
    expect(await beta.getByRole('progressbar').getAttribute('data-tone')).toBe('red');
    await beta.getByRole('alert').filter({ hasText: 'The registrar refused the order' }).waitFor();
    await page.getByText('Publish beta failed: The registrar refused the order').waitFor();
    await beta.getByRole('button', { name: 'Close Publish beta' }).click();
    await beta.waitFor({ state: 'detached' });
    await context.close();
  });

  it('cancels a running job from its card, and shows the panel on a phone in Turkish', async () => {
    const { context, page } = await signedIn({ width: 390, height: 844 }, 'tr');
    await enqueueJob(owner, 'test.gate', { name: 'gamma' });
    await waitForGate('gamma');
    await page.reload();
    const gamma = card(page, 'Publish gamma');
    await gamma.waitFor();
    await capture(page, 'jobs-panel-running-tr-390');
    const box = await gamma.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await gamma.getByRole('button', { name: 'İşi iptal et' }).click();
    await expect.poll(() => gamma.getAttribute('data-status'), { timeout: 8_000 }).toBe('cancelled');
    const stored = await t.db
      .selectFrom('jobs')
      .select('status')
      .where('title', '=', 'Publish gamma')
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('cancelled');
    await context.close();
  });

  it('names a product job and its notification in the screen’s language', async () => {
    // A purchase that ended while the user was away: the panel and the bell say it in Turkish.
    const { context, page } = await signedIn({ width: 1440, height: 900 }, 'tr');
    const job = await t.db
      .insertInto('jobs')
      .values({
        kind: 'domains.bulk-purchase',
        title: 'Buy 3 domains',
        subject: null,
        subject_id: null,
        status: 'failed',
        progress: 100,
        message: null,
        error: 'The registrar refused the payment',
        payload: JSON.stringify({ domainIds: [1, 2, 3] }) as never,
        created_by: owner.user.id,
        created_at: new Date(),
        updated_at: new Date(),
        finished_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await notifyUsers(t.db, [owner.user.id], {
      kind: 'job.failed',
      title: 'Failed: Buy 3 domains',
      body: 'The registrar refused the payment',
      params: {
        job_kind: 'domains.bulk-purchase',
        job_title: 'Buy 3 domains',
        job_values: { count: 3 },
        error: 'The registrar refused the payment',
      },
      subjectType: 'job',
      subjectId: job.id,
    });
    // A pull still running, whose message the server wrote in English (and with "1 posts").
    const pull = await t.db
      .insertInto('jobs')
      .values({
        kind: 'sites.pull',
        title: 'WordPress pull of pull.example',
        status: 'running',
        progress: 80,
        message: 'Saving 1 posts',
        payload: JSON.stringify({ siteId: 1, domain: 'pull.example' }) as never,
        created_by: owner.user.id,
        started_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await page.reload();
    await card(page, '3 alan adı satın al').waitFor();
    await card(page, 'pull.example').getByText('Çalışıyor · 1 yazı kaydediliyor').waitFor();
    await capture(page, 'jobs-panel-message-tr-1440');
    await page
      .getByText('3 alan adı satın al başarısız oldu: The registrar refused the payment')
      .first()
      .waitFor();
    await page
      .locator('header')
      .getByRole('button', { name: /^Bildirimler/ })
      .click();
    const item = page
      .getByRole('menu')
      .getByRole('menuitem')
      .filter({ hasText: 'Alan adı satın alma başarısız oldu' });
    await item.waitFor();
    expect(await item.textContent()).toContain('The registrar refused the payment');
    await page.keyboard.press('Escape');
    // Switched to English, the finished job's card follows.
    await page.getByRole('button', { name: 'en', exact: true }).click();
    await card(page, 'Buy 3 domains').waitFor();
    await card(page, 'pull.example').getByText('Running · Saving 1 post', { exact: true }).waitFor();
    await t.db.updateTable('jobs').set({ status: 'cancelled' }).where('id', '=', pull.id).execute();
    await context.close();
  });
});
