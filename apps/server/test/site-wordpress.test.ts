/**
 * The site's WordPress as the console sees it, beyond site-content.test.ts: a site that stops answering
 * and answers again (the card's retry), a theme switch the host cannot do leaving the settings untouched,
 * and offline AI drafts following the site's language.
 */
import {
  startWordPressTestServer,
  type WordPressTestServer,
} from '@blogfleet/integrations/wordpress/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type RestOptions, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let admin: string;
let wp: WordPressTestServer;

beforeAll(async () => {
  wp = await startWordPressTestServer();
  t = await startTestApp();
  admin = (await t.login()).accessToken;
});
afterAll(async () => {
  await t?.close();
  await wp?.close();
});

const api = (method: string, path: string, opts: RestOptions = {}) =>
  t.rest(method, path, { token: admin, ...opts });

async function addSite(domain: string, language: string, server = wp): Promise<number> {
  const res = await api('POST', 'sites', {
    body: {
      site_title: domain,
      domain_name: domain,
      targeted_language: language,
      wp_api_url: `${server.url}/wp-json`,
      wp_username: server.options.username,
      wp_app_password: server.options.password,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.site.id;
}

describe('WordPress info of a site that does not answer', () => {
  it('says the site is unreachable, then answers again once it is back', async () => {
    const id = await addSite('flaky-tea.com', 'en');
    wp.inject({ drop: true, times: Infinity });
    const down = await api('GET', `sites/${id}/wordpress-info`);
    expect(down.status).toBe(502);
    expect(down.body.error.code).toBe('INTEGRATION_ERROR');
    expect(down.body.error.message).toMatch(/^Could not reach WordPress at /);
    expect(down.body.error.details).toMatchObject({ integration: 'wordpress', kind: 'unreachable' });
    expect(JSON.stringify(down.body)).not.toContain(wp.options.password);
    wp.faults.length = 0;
    const back = await api('GET', `sites/${id}/wordpress-info`);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.info.theme.stylesheet).toBe('twentytwentyfour');
    expect(back.body.data.info.url).toBe(wp.state.settings.url);
  });

  it('answers 404 for a site that does not exist', async () => {
    const res = await api('GET', 'sites/999999/wordpress-info');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});

describe('theme of a site Blogfleet hosts', () => {
  it('a switch the host cannot make refuses the whole save; nothing reaches WordPress or the record', async () => {
    const id = await addSite('hosted-tea.com', 'en');
    await t.db.updateTable('sites').set({ hosted_here: true }).where('id', '=', id).execute();
    const settingsPosts = wp.count('POST', '/wp/v2/settings');
    const res = await api('PUT', `sites/${id}/settings`, {
      body: {
        site_title: 'Never saved',
        targeted_language: 'en',
        default_timezone: 'UTC',
        theme: 'twentytwentythree',
      },
    });
    // hosted-tea.com is not a site of this machine's host (or there is no host at all): refused either way.
    expect([res.status, res.body.error.code]).toSatisfy(
      ([status, code]) =>
        (status === 502 && code === 'INTEGRATION_ERROR') ||
        (status === 409 && code === 'INTEGRATION_NOT_CONFIGURED'),
    );
    expect(res.body.error.message).toMatch(
      /^hosted-tea\.com is not a site of this host$|^The WordPress hosting target is not ready/,
    );
    expect(wp.count('POST', '/wp/v2/settings')).toBe(settingsPosts);
    const row = await t.db
      .selectFrom('sites')
      .select(['site_title', 'theme'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.site_title).toBe('hosted-tea.com');
    expect(row.theme).not.toBe('twentytwentythree');
    expect(wp.state.themes.find((x) => x.status === 'active')!.stylesheet).toBe('twentytwentyfour');
  });
});

describe('Create with AI without a model', () => {
  it('writes the draft in the site’s language', async () => {
    const tr = await addSite('demlik.com', 'tr');
    const en = await addSite('teapot.com', 'en');
    const draft = async (id: number) => {
      const res = await api('POST', `sites/${id}/posts/ai`, { body: { topic: 'Matcha latte' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.generator).toBe('offline');
      return `${res.body.data.title} ${res.body.data.excerpt} ${res.body.data.content}`;
    };
    const turkish = await draft(tr);
    const english = await draft(en);
    // Letters only Turkish uses, in text the topic (ASCII) did not bring.
    expect(turkish).toMatch(/[çğıöşü]/);
    expect(english).not.toMatch(/[çğıöşü]/);
    expect(turkish).toContain('Matcha latte');
  });
});
