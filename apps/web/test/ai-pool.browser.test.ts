/**
 * The AI content pool in Chromium against the built app, with no AI model (the offline generator):
 * ideas generated from the dashboard, approved, rejected and promoted from the recent list; an agent
 * created after its template was refused; a policy added (bad JSON first) and approved; a content example
 * added, archived and restored; feedback added; policies synthesized; an agent decision opened; the
 * metrics of those reviews. Every tab at desktop size, the dashboard and two tabs on a phone, in English
 * and in Turkish.
 */
import type { Browser, Page } from 'playwright-core';
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

const ADMIN = { email: 'admin@pool.test', password: 'admin-pool-pass' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const blocker = browserSuiteBlocker();
if (blocker) {
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`browser suite cannot run: ${blocker}`);
  console.warn(`Browser suite NOT run: ${blocker}. It runs in npm run test:all.`);
}

const TABS_EN = {
  dashboard: 'Dashboard',
  agents: 'Agents',
  policies: 'Policy library',
  examples: 'Content examples',
  feedback: 'Feedback log',
  decisions: 'Agent decisions',
  metrics: 'Performance metrics',
} as const;
const TABS_TR: Record<keyof typeof TABS_EN, string> = {
  dashboard: 'Gösterge paneli',
  agents: 'Ajanlar',
  policies: 'Politika kütüphanesi',
  examples: 'İçerik örnekleri',
  feedback: 'Geri bildirim günlüğü',
  decisions: 'Ajan kararları',
  metrics: 'Performans metrikleri',
};

describe.skipIf(blocker !== null)('the AI content pool in Chromium', { timeout: 300_000 }, () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startBuiltServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JOB_WORKERS: 'true',
      JOB_POLL_INTERVAL_SECONDS: '0.5',
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
  /** Dialogs fade in: a picture taken at once shows them half drawn. */
  const settle = (page: Page) => page.waitForTimeout(400);
  const openTab = async (page: Page, name: string) => {
    await page.getByRole('tab', { name, exact: true }).click();
    await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
  };

  it('generates and reviews ideas, and works every tab', async () => {
    const { context, page } = await openSignedIn(browser, server.url, ADMIN, { viewport: DESKTOP });
    // What the page showed when a step failed.
    onTestFailed(() => capture(page, 'ai-pool-failed'));
    await page.goto('/ai-content-pool');
    await page.getByRole('heading', { name: 'Content pool', level: 1 }).waitFor();

    // Without a website the button waits (doc2 §5), and says why.
    const generate = page.getByRole('button', { name: 'Generate ideas' });
    await page.getByText('Choose a website and an agent first.').waitFor();
    expect(await generate.isDisabled()).toBe(true);
    await page.getByText('No ideas yet').waitFor();

    const site = await pageRest(page, 'POST', 'sites', {
      site_title: 'Brew Notes',
      domain_name: 'brew-notes.com',
    });
    expect(site.status, JSON.stringify(site.body)).toBe(200);
    await page.reload();

    // One website and one idea generation agent: both chosen already.
    await expect.poll(() => generate.isDisabled()).toBe(false);
    await page.getByRole('textbox', { name: 'Keywords', exact: true }).fill('pour over, french press');
    await generate.click();
    await toasts(page).getByText('5 ideas generated for review').waitFor({ timeout: 90_000 });
    await toasts(page).getByText('Offline generator (no model configured)').waitFor();
    const ideas = page.locator('[data-testid^="recent-idea-"]');
    await expect.poll(() => ideas.count()).toBe(5);
    await expect.poll(() => page.getByTestId('pool-total-ideas').textContent()).toBe('5');
    expect(await page.getByTestId('pool-pending-ideas').textContent()).toBe('5');
    expect(await ideas.first().textContent()).toMatch(/pour over|french press/);

    // Review from the recent list: approve one, reject another, promote the approved one.
    await page
      .getByRole('button', { name: /^Approve idea / })
      .first()
      .click();
    await toasts(page).getByText('Idea approved').waitFor();
    const promote = page.getByRole('button', { name: /^Promote idea .* to a post$/ });
    await expect.poll(() => promote.count()).toBe(1);
    await page
      .getByRole('button', { name: /^Reject idea / })
      .first()
      .click();
    await toasts(page).getByText('Idea rejected').waitFor();
    await expect.poll(() => page.getByTestId('pool-pending-ideas').textContent()).toBe('3');
    expect(await page.getByTestId('pool-approved-ideas').textContent()).toBe('1');
    await promote.click();
    await toasts(page)
      .getByText('The post is written as a draft: find it on the posts page')
      .waitFor({ timeout: 90_000 });
    const posts = page.locator('[data-testid^="recent-post-"]');
    await expect.poll(() => posts.count()).toBe(1);
    await expect.poll(() => page.getByTestId('pool-total-posts').textContent()).toBe('1');
    // The preview is plain text, at most 100 characters and an ellipsis.
    const preview = await posts.first().locator('p.text-sm').textContent();
    expect(preview!.length).toBeLessThanOrEqual(101);
    expect(preview).not.toContain('<');
    await page.getByRole('link', { name: 'See all ideas' }).waitFor();
    await capture(page, 'ai-pool-dashboard-desktop-en');

    // Agents: searched, and a new one refused for its template's variables, then created.
    await openTab(page, TABS_EN.agents);
    expect(page.url()).toContain('tab=agents');
    const agentRows = page.locator('[data-testid^="agent-row-"]');
    await expect.poll(() => agentRows.count()).toBeGreaterThanOrEqual(7);
    await page.getByRole('searchbox', { name: 'Search agents' }).fill('rewriter');
    await expect.poll(() => agentRows.count()).toBe(2);
    await page.getByRole('searchbox', { name: 'Search agents' }).fill('');
    await expect.poll(() => agentRows.count()).toBeGreaterThanOrEqual(7);
    await page.getByRole('button', { name: 'New agent' }).click();
    const agentDialog = page.getByRole('dialog', { name: 'New agent' });
    await agentDialog.getByRole('textbox', { name: /^Name/ }).fill('Listicle writer');
    await agentDialog.getByRole('combobox', { name: 'Action type' }).click();
    await page.getByRole('option', { name: 'Idea generation', exact: true }).click();
    await agentDialog.getByLabel('Prompt template').fill('Write {count} list ideas about {topic}.');
    // Admins choose the model.
    await agentDialog.getByLabel('Model').waitFor();
    await agentDialog.getByRole('button', { name: 'Create agent' }).click();
    await agentDialog
      .getByText(/^Unknown variables \{topic\}; this action type can use \{website\}/)
      .waitFor();
    await agentDialog.getByText(/The template must use \{keywords\}/).waitFor();
    await settle(page);
    await capture(page, 'ai-pool-agent-error-desktop-en');
    await agentDialog.getByLabel('Prompt template').fill('');
    await agentDialog.getByLabel('Prompt template').fill('Write {count} list ideas about ');
    await agentDialog.getByRole('button', { name: 'Insert the variable keywords' }).click();
    expect(await agentDialog.getByLabel('Prompt template').inputValue()).toBe(
      'Write {count} list ideas about {keywords}',
    );
    await agentDialog.getByRole('button', { name: 'Create agent' }).click();
    await toasts(page).getByText('Agent “Listicle writer” created').waitFor();
    await agentDialog.waitFor({ state: 'hidden' });
    const listicle = agentRows.filter({ hasText: 'Listicle writer' });
    await listicle.waitFor();
    expect(await listicle.textContent()).toContain('Idea generation');
    expect(await listicle.textContent()).toContain('Active');
    await capture(page, 'ai-pool-agents-desktop-en');

    // Policy library: JSON that does not parse is shown under its field; then added and approved.
    await openTab(page, TABS_EN.policies);
    await page.getByRole('button', { name: 'Add policy' }).click();
    const policyDialog = page.getByRole('dialog', { name: 'Add policy' });
    await policyDialog.getByLabel('Trait').fill('Friendly tone');
    await policyDialog.getByLabel('Guiding principle').fill('Write as if talking to a friend over coffee.');
    await policyDialog.getByLabel('Context (JSON)').fill('{not json');
    await policyDialog.getByRole('button', { name: 'Add policy' }).click();
    await policyDialog.getByText('Context must be valid JSON (an object)').waitFor();
    await policyDialog.getByLabel('Context (JSON)').fill('{"applies_to": "headlines"}');
    await policyDialog.getByLabel('Examples (JSON)').fill('["Say you, not one"]');
    await policyDialog.getByRole('button', { name: 'Add policy' }).click();
    await toasts(page).getByText('Policy “Friendly tone” added; it waits for review').waitFor();
    const policy = page.locator('[data-testid^="policy-row-"]').filter({ hasText: 'Friendly tone' });
    await expect.poll(() => policy.textContent()).toContain('Pending review');
    await policy.getByRole('button', { name: 'Approve Friendly tone' }).click();
    await toasts(page)
      .getByText(/Policy “Friendly tone” approved/)
      .waitFor();
    await expect.poll(() => policy.textContent()).toContain('Active');
    expect(await policy.getByRole('button', { name: 'Archive Friendly tone' }).count()).toBe(0);
    await policy.getByRole('button', { name: 'Details of Friendly tone' }).click();
    const details = page.getByRole('dialog', { name: 'Friendly tone' });
    await details.getByText('"applies_to": "headlines"').waitFor();
    await details.getByText('"Say you, not one"').waitFor();
    await settle(page);
    await capture(page, 'ai-pool-policy-details-desktop-en');
    await details.getByRole('button', { name: 'Close' }).first().click();
    await capture(page, 'ai-pool-policies-desktop-en');

    // Content examples: added, archived (out of the active list), restored.
    await openTab(page, TABS_EN.examples);
    await page.getByRole('button', { name: 'Add example' }).click();
    const exampleDialog = page.getByRole('dialog', { name: 'Add example' });
    await exampleDialog.getByRole('button', { name: 'Add example' }).click();
    await exampleDialog.getByText('Title is required').waitFor();
    await exampleDialog.getByText('Content is required').waitFor();
    await exampleDialog.getByRole('textbox', { name: /^Title/ }).fill('The best gooseneck kettles');
    await exampleDialog
      .getByRole('textbox', { name: /^Content/ })
      .fill('A gooseneck kettle pours slowly and evenly, which pour over coffee needs. We tested six.');
    await exampleDialog.getByLabel('SEO title').fill('Best gooseneck kettles for pour over');
    await exampleDialog
      .getByLabel('Target keywords')
      .fill('gooseneck kettle, pour over, kettle, coffee scale');
    await exampleDialog.getByLabel('Meta description').fill('Six gooseneck kettles tested for pour over.');
    await exampleDialog.getByLabel('Audience').fill('home baristas');
    await exampleDialog.getByLabel('Genre').fill('buying guide');
    await exampleDialog.getByLabel('Tone', { exact: true }).fill('friendly');
    await exampleDialog.getByRole('button', { name: 'Add example' }).click();
    await toasts(page).getByText('Example “The best gooseneck kettles” added').waitFor();
    const example = page.locator('[data-testid^="example-row-"]').filter({ hasText: 'gooseneck' });
    await example.waitFor();
    expect(await example.textContent()).toContain('+1');
    expect(await example.textContent()).toContain('Audience: home baristas');
    await capture(page, 'ai-pool-examples-desktop-en');
    await example.getByRole('button', { name: 'Archive The best gooseneck kettles' }).click();
    await toasts(page).getByText('Example archived').waitFor();
    await expect.poll(() => example.count()).toBe(0);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Archived' }).click();
    await expect.poll(() => page.url()).toContain('status=archived');
    await example.getByRole('button', { name: 'Restore The best gooseneck kettles' }).click();
    await toasts(page).getByText('Example restored').waitFor();
    await page.getByText('No archived examples.').waitFor();

    // Feedback: on the promoted idea, negative, about clarity, score 2.
    const { ideas: promoted } = (await pageRest(page, 'GET', 'ai-content-pool/ideas?status=promoted')).body
      .data as { ideas: { id: number }[] };
    expect(promoted).toHaveLength(1);
    await openTab(page, TABS_EN.feedback);
    await page.getByRole('button', { name: 'Add feedback' }).click();
    const feedbackDialog = page.getByRole('dialog', { name: 'Add feedback' });
    await feedbackDialog.getByLabel('Idea ID').fill('abc');
    await feedbackDialog.getByRole('button', { name: 'Add feedback' }).click();
    await feedbackDialog.getByText('Must be a whole number').waitFor();
    await feedbackDialog.getByText('Feedback text is required').waitFor();
    await feedbackDialog.getByLabel('Idea ID').fill(String(promoted[0]!.id));
    await feedbackDialog
      .getByRole('textbox', { name: /^Feedback/ })
      .fill('The headline is too long for phones.');
    await feedbackDialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Negative' }).click();
    await feedbackDialog.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Clarity' }).click();
    const score = feedbackDialog.getByRole('slider', { name: 'Score' });
    expect(await score.inputValue()).toBe('3');
    await score.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await score.inputValue()).toBe('2');
    await feedbackDialog.getByRole('button', { name: 'Add feedback' }).click();
    await toasts(page).getByText('Feedback added').waitFor();
    const card = page.locator('[data-testid^="feedback-"]').filter({ hasText: 'The headline is too long' });
    await card.waitFor();
    const cardText = await card.textContent();
    expect(cardText).toContain('Negative');
    expect(cardText).toContain('Clarity');
    expect(cardText).toContain(`Idea #${promoted[0]!.id}`);
    await card.getByRole('img', { name: 'Score 2 of 5' }).waitFor();
    await capture(page, 'ai-pool-feedback-desktop-en');

    // Synthesize: the policy library agent turns the new feedback into policies pending review.
    await openTab(page, TABS_EN.policies);
    await page.getByRole('button', { name: 'Synthesize' }).click();
    await toasts(page)
      .getByText(/polic(y|ies) proposed; (it waits|they wait) for your review/)
      .waitFor({ timeout: 90_000 });
    await expect
      .poll(() => page.locator('[data-testid^="policy-row-"]').filter({ hasText: 'Pending review' }).count())
      .toBeGreaterThan(0);

    // Agent decisions: every run; filtered by action type; one opened.
    await openTab(page, TABS_EN.decisions);
    const decisions = page.locator('[data-testid^="decision-"]');
    await expect.poll(() => decisions.count()).toBeGreaterThan(2);
    expect(await decisions.first().textContent()).toContain('Offline');
    await page.getByRole('combobox', { name: 'Action type' }).click();
    await page.getByRole('option', { name: 'Idea evaluation' }).click();
    await expect.poll(() => page.url()).toContain('action_type=evaluate_idea');
    await expect.poll(() => decisions.count()).toBe(5);
    await capture(page, 'ai-pool-decisions-desktop-en');
    await decisions
      .first()
      .getByRole('button', { name: /^Details of decision / })
      .click();
    const decision = page.getByRole('dialog');
    await decision.getByRole('heading', { name: 'Input data' }).waitFor();
    await decision.getByRole('heading', { name: 'Output data' }).waitFor();
    await decision.getByText('Related', { exact: true }).waitFor();
    await settle(page);
    await capture(page, 'ai-pool-decision-details-desktop-en');
    await page.keyboard.press('Escape');

    // Performance metrics: the reviews above were measured.
    await openTab(page, TABS_EN.metrics);
    const approve = page.getByTestId('metric-average-time_to_approve');
    await expect.poll(() => approve.textContent()).toMatch(/\d+ minutes?/);
    expect(await approve.textContent()).toContain('average of 1 measurement');
    await expect
      .poll(() => page.getByTestId('metric-average-approval_rate').textContent())
      .toContain('50.0%');
    await page.getByRole('figure').first().waitFor();
    await capture(page, 'ai-pool-metrics-desktop-en');
    await page.getByRole('combobox', { name: 'Metric type' }).click();
    await page.getByRole('option', { name: 'Time to approve' }).click();
    await expect.poll(() => page.url()).toContain('metric_type=time_to_approve');
    await expect.poll(() => page.locator('[data-testid^="metric-average-"]').count()).toBe(1);
    await page.getByLabel('Start date').fill('2020-01-02');
    await page.getByLabel('End date').fill('2020-01-01');
    await page.getByText('The start date is after the end date').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.locator('[data-testid^="metric-average-"]').count()).toBe(7);

    // The dashboard's tab needs no parameter; an unknown tab falls back to it.
    await page.goto('/ai-content-pool?tab=nope');
    await page.getByRole('tab', { name: 'Dashboard', selected: true }).waitFor();
    await context.close();
  });

  it('shows every tab on a phone and in Turkish', async () => {
    const { context, page } = await openSignedIn(browser, server.url, ADMIN, { viewport: PHONE });
    await page.goto('/ai-content-pool');
    await page.locator('[data-testid^="recent-idea-"]').first().waitFor();
    await capture(page, 'ai-pool-dashboard-phone-en');
    const section = page.getByRole('combobox', { name: 'Section' });
    await section.click();
    await page.getByRole('option', { name: TABS_EN.agents }).click();
    await page.locator('[data-testid^="agent-row-"]').first().waitFor();
    await capture(page, 'ai-pool-agents-phone-en');
    await section.click();
    await page.getByRole('option', { name: TABS_EN.metrics }).click();
    await page.getByTestId('metric-average-time_to_approve').waitFor();
    await capture(page, 'ai-pool-metrics-phone-en');

    // Turkish on the phone: the dashboard and the same two tabs.
    await page.getByRole('button', { name: 'tr', exact: true }).click();
    await page.getByRole('heading', { name: 'İçerik havuzu', level: 1 }).waitFor();
    await capture(page, 'ai-pool-metrics-phone-tr');
    const bolum = page.getByRole('combobox', { name: 'Bölüm' });
    await bolum.click();
    await page.getByRole('option', { name: TABS_TR.agents }).click();
    await page.locator('[data-testid^="agent-row-"]').first().waitFor();
    await capture(page, 'ai-pool-agents-phone-tr');
    await bolum.click();
    await page.getByRole('option', { name: TABS_TR.dashboard }).click();
    await page.locator('[data-testid^="recent-idea-"]').first().waitFor();
    await capture(page, 'ai-pool-dashboard-phone-tr');

    // Every tab at desktop size in Turkish.
    await page.setViewportSize(DESKTOP);
    for (const key of Object.keys(TABS_TR) as (keyof typeof TABS_TR)[]) {
      await openTab(page, TABS_TR[key]);
      await page.waitForLoadState('networkidle');
      await capture(page, `ai-pool-${key}-desktop-tr`);
    }
    await page.getByRole('tab', { name: TABS_TR.agents }).click();
    await page.getByRole('button', { name: 'Yeni ajan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni ajan' });
    await dialog.getByRole('button', { name: 'Ajan oluştur' }).click();
    await dialog.getByText('Ad gereklidir').waitFor();
    await settle(page);
    await capture(page, 'ai-pool-agent-dialog-desktop-tr');
    await context.close();
  });
});
