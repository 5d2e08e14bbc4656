/**
 * The AI content pool end to end in Chromium, as an editor (not an admin), with no AI model configured,
 * on a real WordPress of this machine: ideas generated in Turkish for the site, two approved and one
 * rejected, one promoted to a post, the post edited, assigned to the site from its content-pool tab and
 * published (a visitor reads it), feedback given, a policy synthesized and approved, and that policy
 * found in the input of the next agent run. Needs the WordPress host (infra/wordpress/setup-host.sh).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import {
  deprovisionSite,
  hostFromEnv,
  provisionSite,
  startSite,
  wordpressHostAvailable,
  type RunningSite,
  type SiteCredentials,
} from '@blogfleet/integrations/wordpress';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  browserSuiteBlocker,
  capture,
  launchChromium,
  openSignedIn,
  pageRest,
  startBuiltServer,
  type RunningServer,
} from '@blogfleet/server/testing';

const ADMIN = { email: 'admin@pool-journey.test', password: 'admin-pool-journey-pass' };
const EDITOR = { email: 'editor@pool-journey.test', password: 'editor-pool-journey-pass' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const tag = randomBytes(3).toString('hex');
const DOMAIN = `cay-rehberi-${tag}.com`;

const root = await mkdtemp(path.join(tmpdir(), 'blogfleet-pool-'));
const host = {
  ...hostFromEnv(process.env),
  root,
  firstPort: 50_000 + Math.floor(Math.random() * 8_000),
};
const blocker = browserSuiteBlocker() ?? (await wordpressHostAvailable(host));
if (blocker) {
  await rm(root, { recursive: true, force: true });
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`AI pool journey cannot run: ${blocker}`);
  console.warn(`AI pool journey NOT run: ${blocker}. It runs in npm run test:all.`);
}

interface Idea {
  id: number;
  idea_text: string;
  status: string;
  language: string;
}

describe.skipIf(blocker !== null)('the AI content pool on real WordPress', { timeout: 420_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let site: { creds: SiteCredentials; running: RunningSite };

  beforeAll(async () => {
    server = await startBuiltServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JOB_WORKERS: 'true',
      JOB_POLL_INTERVAL_SECONDS: '0.5',
    });
    browser = await launchChromium();
    const creds = await provisionSite(
      host,
      {
        domain: DOMAIN,
        title: 'Çay Rehberi',
        slogan: 'Demleme üzerine',
        adminEmail: `admin@${DOMAIN}`,
        postTitle: 'Merhaba',
        postContent: 'İlk yazı.',
        pageTitle: 'Ana sayfa',
        pageContent: 'Hoş geldiniz',
        language: 'en',
        timezone: 'UTC',
      },
      () => {},
    );
    site = { creds, running: await startSite(host, DOMAIN) };
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await site?.running.stop();
    await deprovisionSite(host, DOMAIN).catch(() => {});
    await rm(root, { recursive: true, force: true });
  }, 120_000);

  it('takes ideas to a published post and learns a policy from the feedback', async () => {
    // The admin connects the site and adds an editor; the rest is the editor's.
    const admin = await openSignedIn(browser, server.url, ADMIN, { viewport: DESKTOP });
    const adminCall = async (method: string, p: string, body?: unknown) => {
      const res = await pageRest(admin.page, method, p, body);
      expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data;
    };
    await admin.page.goto('/dashboard');
    const { site: added } = await adminCall('POST', 'sites', {
      site_title: 'Çay Rehberi',
      domain_name: DOMAIN,
      wp_api_url: site.running.url,
      wp_username: site.creds.adminUser,
      wp_app_password: site.creds.appPassword,
    });
    await adminCall('POST', 'users', { username: 'editor', ...EDITOR, role: 'user' });
    await admin.context.close();

    const { page, context } = await openSignedIn(browser, server.url, EDITOR, { viewport: DESKTOP });
    onTestFailed(() => capture(page, 'ai-pool-journey-failed'));
    const toasts = page.getByRole('region', { name: /Notifications/ });
    const call = async (method: string, p: string, body?: unknown) => {
      const res = await pageRest(page, method, p, body);
      expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data;
    };

    // Ideas in Turkish for the site.
    await page.goto('/content-pool/ideas');
    const form = page.getByRole('form', { name: 'Generate ideas' });
    await form.getByRole('combobox', { name: 'Website' }).click();
    await page.getByRole('option', { name: DOMAIN }).click();
    await form.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Türkçe' }).click();
    await form.getByLabel('Keywords').fill('yeşil çay, demleme');
    await form.getByRole('button', { name: 'Generate 5 ideas' }).click();
    await toasts.getByText('5 ideas generated for review').waitFor({ timeout: 90_000 });
    const table = page.getByRole('table', { name: 'Ideas' });
    await expect.poll(() => table.locator('[data-testid^="idea-row-"]').count()).toBe(5);
    const ideas = ((await call('GET', 'ai-content-pool/ideas')).ideas as Idea[]).sort((a, b) => a.id - b.id);
    expect(ideas.every((i) => i.language === 'tr')).toBe(true);
    expect(ideas.some((i) => /çay|demleme/i.test(i.idea_text))).toBe(true);
    const [first, second, third] = ideas as [Idea, Idea, Idea];
    const rowOf = (idea: Idea) => table.getByTestId(`idea-row-${idea.id}`);

    // Approve two, reject one.
    for (const idea of [first, second]) {
      await rowOf(idea).getByRole('button', { name: 'Approve' }).click();
      await expect.poll(() => rowOf(idea).textContent()).toContain('Approved');
    }
    await rowOf(third).getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => rowOf(third).textContent()).toContain('Rejected');

    // Promote one: the post generator writes a draft.
    await rowOf(first).getByRole('button', { name: 'Promote to post' }).click();
    await toasts
      .getByText('The post is written as a draft: find it on the posts page')
      .waitFor({ timeout: 90_000 });
    const [post] = (await call('GET', 'ai-content-pool/posts')).posts as { id: number; title: string }[];
    expect(post).toBeTruthy();

    // Edit it on the posts page.
    await page.getByRole('link', { name: 'Posts management' }).click();
    const postRow = page.getByRole('table', { name: 'Posts' }).getByTestId(`post-row-${post!.id}`);
    await postRow.getByRole('button', { name: `Edit “${post!.title}”` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit post' });
    const title = edit.getByRole('textbox', { name: /^Title/ });
    await expect.poll(() => title.inputValue()).toBe(post!.title);
    const newTitle = `Yeşil çay nasıl demlenir ${tag}`;
    await title.fill(newTitle);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await toasts.getByText(`“${newTitle}” saved`).waitFor();
    // Read and edited: ready for a site's queue.
    await postRow.getByRole('button', { name: `Mark ${newTitle} ready` }).click();
    await toasts.getByText(`“${newTitle}” is ready to be assigned to a site`).waitFor();

    // Assign it to the site from the site's content-pool tab, then publish it there.
    await page.goto(`/sites/${added.id}?tab=content-pool`);
    const poolTable = page.getByRole('table', { name: 'Content pool posts' });
    const poolRow = poolTable.getByTestId(`pool-post-${post!.id}`);
    await expect.poll(() => poolRow.textContent()).toContain(newTitle);
    expect(await poolRow.textContent()).toContain('Ready');
    await poolRow.getByRole('checkbox', { name: `Select ${newTitle}` }).check();
    await page.getByRole('button', { name: 'Assign selected (1)' }).click();
    await toasts.getByText(`1 post assigned to ${DOMAIN}`).waitFor();
    await expect.poll(() => poolRow.textContent()).toContain('Assigned');
    await page.getByText('1 assigned post is waiting to be published by hand.', { exact: false }).waitFor();
    await capture(page, 'site-content-pool-desktop-en');
    await poolRow.getByRole('button', { name: 'Publish now' }).click();
    await toasts.getByText(`“${newTitle}” is published on ${DOMAIN}`).waitFor({ timeout: 30_000 });
    await expect.poll(() => poolRow.textContent()).toContain('Published');
    // A visitor reads it on the site.
    const live = await fetch(
      `${site.running.url}/?rest_route=/wp/v2/posts&search=${encodeURIComponent(tag)}`,
    );
    const found = (await live.json()) as { title: { rendered: string } }[];
    expect(found.map((p) => p.title.rendered)).toContain(newTitle);

    // Feedback on the post.
    await page.goto('/ai-content-pool?tab=feedback');
    await page.getByRole('button', { name: 'Add feedback' }).click();
    const feedback = page.getByRole('dialog', { name: 'Add feedback' });
    await feedback.getByLabel('Post ID').fill(String(post!.id));
    await feedback
      .getByRole('textbox', { name: /^Feedback/ })
      .fill('Başlıklar kısa olsun ve demleme sıcaklığı hep belirtilsin.');
    await feedback.getByRole('button', { name: 'Add feedback' }).click();
    await toasts.getByText('Feedback added').waitFor();

    // Synthesize, and approve the policy the agent proposed.
    await page.getByRole('tab', { name: 'Policy library', exact: true }).click();
    await page.getByRole('button', { name: 'Synthesize' }).click();
    await toasts
      .getByText(/polic(y|ies) proposed; (it waits|they wait) for your review/)
      .waitFor({ timeout: 90_000 });
    const pending = (await call('GET', 'ai-content-pool/policies?status=pending_review')).policies as {
      id: number;
      trait: string;
      guiding_principle: string;
    }[];
    expect(pending.length).toBeGreaterThan(0);
    const policy = pending[0]!;
    const policyRow = page.getByTestId(`policy-row-${policy.id}`);
    await policyRow.getByRole('button', { name: `Approve ${policy.trait}` }).click();
    await expect.poll(() => policyRow.textContent()).toContain('Active');
    await capture(page, 'ai-pool-journey-policies-desktop-en');

    // The next run is asked with the policy: its decision's input shows it.
    await page.getByRole('tab', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('textbox', { name: 'Keywords', exact: true }).fill('beyaz çay');
    await page.getByRole('button', { name: 'Generate ideas' }).click();
    await toasts.getByText(/ideas? generated for review/).waitFor({ timeout: 90_000 });
    await page.getByRole('tab', { name: 'Agent decisions', exact: true }).click();
    await page.getByRole('combobox', { name: 'Action type' }).click();
    await page.getByRole('option', { name: 'Idea generation', exact: true }).click();
    const decisions = page.locator('[data-testid^="decision-"]');
    await expect.poll(() => decisions.count()).toBe(2);
    await decisions
      .first()
      .getByRole('button', { name: /^Details of decision / })
      .click();
    const details = page.getByRole('dialog');
    await details.getByRole('heading', { name: 'Input data' }).waitFor();
    expect(await details.textContent()).toContain(policy.trait);
    await capture(page, 'ai-pool-journey-decision-desktop-en');
    await page.keyboard.press('Escape');

    // The site's tab on a phone, and in Turkish.
    await page.goto(`/sites/${added.id}?tab=content-pool`);
    await poolRow.waitFor();
    await page.setViewportSize(PHONE);
    await capture(page, 'site-content-pool-phone-en');
    await page.getByRole('button', { name: 'tr', exact: true }).click();
    await page.getByRole('heading', { name: 'Yayın temposu' }).waitFor();
    await capture(page, 'site-content-pool-phone-tr');
    await page.setViewportSize(DESKTOP);
    await capture(page, 'site-content-pool-desktop-tr');
    await context.close();
  });
});
