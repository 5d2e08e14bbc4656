import { afterEach, describe, expect, it } from 'vitest';
import { IntegrationError } from '@blogfleet/integrations/errors';
import {
  WordPressClient,
  WordPressError,
  WordPressHostError,
  wordPressErrorKind,
  type WordPressClientOptions,
} from '@blogfleet/integrations/wordpress';
import {
  startWordPressTestServer,
  type WordPressTestServer,
  type WordPressTestServerOptions,
} from '@blogfleet/integrations/wordpress/testing';

const PASSWORD = 'abcd efgh ijkl mnop qrst uvwx';
const servers: WordPressTestServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setup(
  serverOpts: WordPressTestServerOptions = {},
  clientOpts: Partial<WordPressClientOptions> = {},
) {
  const server = await startWordPressTestServer({ password: PASSWORD, ...serverOpts });
  servers.push(server);
  const client = new WordPressClient({
    siteUrl: server.url,
    username: 'admin',
    appPassword: PASSWORD,
    retryBaseMs: 10,
    timeoutMs: 2_000,
    ...clientOpts,
  });
  return { server, client };
}

/** The WordPressError a promise rejects with; also checks no credential leaks into it. */
async function failure(promise: Promise<unknown>, password = PASSWORD): Promise<WordPressError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WordPressError);
  const e = err as WordPressError;
  const token = Buffer.from(`admin:${password}`).toString('base64');
  const visible = `${e.message} ${String(e)} ${e.stack ?? ''} ${JSON.stringify(e.details)}`;
  for (const secret of [password, password.replace(/\s+/g, ''), token]) expect(visible).not.toContain(secret);
  return e;
}

describe('connection', () => {
  it('reports user and site when everything is fine', async () => {
    const { client, server } = await setup();
    await expect(client.testConnection()).resolves.toEqual({
      connected: true,
      user: { id: 1, name: 'admin', roles: ['administrator'] },
      site: { name: 'Test Site', description: 'Just another test site', url: server.url },
    });
    expect((await client.apiRoot()).style).toBe('pretty');
  });

  it('falls back to ?rest_route= when /wp-json/ is not there', async () => {
    const { client, server } = await setup({ style: 'plain', seedPosts: 2 });
    await client.testConnection();
    expect((await client.apiRoot()).style).toBe('plain');
    await client.listPosts();
    const list = server.requests.find((r) => r.route === '/wp/v2/posts');
    expect(list?.url).toMatch(/^\/\?rest_route=\/wp\/v2\/posts&context=edit&status=any&per_page=100&page=1$/);
  });

  it('REST_DISABLED when neither root answers JSON', async () => {
    const { client } = await setup({ style: 'disabled' });
    expect((await failure(client.testConnection())).code).toBe('REST_DISABLED');
  });

  it('REST_DISABLED when the index answers rest_no_route on both roots', async () => {
    const { client, server } = await setup();
    server.inject({
      route: /^\/$/,
      status: 404,
      code: 'rest_no_route',
      message: 'No route',
      times: Infinity,
    });
    const e = await failure(client.testConnection());
    expect(e.code).toBe('REST_DISABLED');
    expect(e.details.wpCode).toBe('rest_no_route');
    expect(server.requests.map((r) => r.url)).toEqual(['/wp-json/', '/?rest_route=/']);
  });

  it('UNREACHABLE when nothing listens', async () => {
    const { server } = await setup();
    await server.close();
    const client = new WordPressClient({
      siteUrl: server.url,
      username: 'admin',
      appPassword: PASSWORD,
      retries: 1,
      retryBaseMs: 10,
    });
    const e = await failure(client.testConnection());
    expect(e).toMatchObject({ code: 'UNREACHABLE', kind: 'unreachable', integration: 'wordpress' });
    expect(e.message).toContain('ECONNREFUSED');
  });

  it('UNAUTHORIZED on a wrong application password, keeping WordPress message and code', async () => {
    // WordPress that names the refusal itself (see client.credentials.test.ts for one that does not).
    const { server } = await setup({ refusedCredentials: 'reject' });
    const wrong = 'zzzz yyyy xxxx wwww vvvv uuuu';
    const client = new WordPressClient({ siteUrl: server.url, username: 'admin', appPassword: wrong });
    const e = await failure(client.testConnection(), wrong);
    expect(e.code).toBe('UNAUTHORIZED');
    expect(e.details).toMatchObject({ status: 401, wpCode: 'incorrect_password' });
    expect(e.message).toBe('The provided password is an invalid application password.');
  });

  it('FORBIDDEN when the user may not edit posts', async () => {
    const { client } = await setup({ canEditPosts: false });
    const e = await failure(client.testConnection());
    expect(e).toMatchObject({ code: 'FORBIDDEN', kind: 'forbidden' });
    expect(e.message).toContain('not allowed to edit posts');
  });
});

describe('error mapping', () => {
  it('gives every code its integrations kind (429 is rate_limited whatever its code)', () => {
    const kinds = {
      UNAUTHORIZED: 'unauthorized',
      FORBIDDEN: 'forbidden',
      NOT_FOUND: 'not_found',
      INVALID: 'invalid',
      TIMEOUT: 'timeout',
      UNREACHABLE: 'unreachable',
      UPSTREAM_ERROR: 'upstream',
      REST_DISABLED: 'upstream',
      PROVISION_FAILED: 'upstream',
      ALREADY_HOSTED: 'invalid',
    } as const;
    for (const [code, kind] of Object.entries(kinds)) {
      const e = new WordPressError(code as keyof typeof kinds, 'x', { wpCode: 'c' });
      expect(e).toBeInstanceOf(IntegrationError);
      expect(e).toMatchObject({ code, kind, integration: 'wordpress', name: 'WordPressError' });
      expect(e.details).toEqual({ wpCode: 'c', providerCode: 'c' });
      expect(wordPressErrorKind(code as keyof typeof kinds, 429)).toBe('rate_limited');
    }
    const host = new WordPressHostError('ALREADY_HOSTED', 'taken');
    expect(host).toBeInstanceOf(WordPressError);
    expect(host).toMatchObject({ code: 'ALREADY_HOSTED', kind: 'invalid', integration: 'wordpress_host' });
  });

  it('keeps the test server out of the production entry point', async () => {
    const production = await import('@blogfleet/integrations/wordpress');
    expect(Object.keys(production)).not.toContain('startWordPressTestServer');
    expect(typeof startWordPressTestServer).toBe('function');
  });

  it('maps 403, 400, 404, 401 and 5xx with WordPress message and code', async () => {
    const { client, server } = await setup({}, { retries: 0 });
    server.inject(
      {
        route: '/wp/v2/posts',
        status: 403,
        code: 'rest_forbidden',
        message: 'Sorry, you are not allowed to do that.',
      },
      {
        route: '/wp/v2/posts',
        status: 400,
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): status',
      },
      {
        route: '/wp/v2/posts',
        status: 401,
        code: 'rest_not_logged_in',
        message: 'You are not currently logged in.',
      },
      {
        route: '/wp/v2/posts',
        status: 500,
        code: 'db_error',
        message: 'Error establishing a database connection',
      },
    );
    const cases = [
      ['FORBIDDEN', 'forbidden', 403, 'rest_forbidden', 'Sorry, you are not allowed to do that.'],
      ['INVALID', 'invalid', 400, 'rest_invalid_param', 'Invalid parameter(s): status'],
      ['UNAUTHORIZED', 'unauthorized', 401, 'rest_not_logged_in', 'You are not currently logged in.'],
      ['UPSTREAM_ERROR', 'upstream', 500, 'db_error', 'Error establishing a database connection'],
    ] as const;
    for (const [code, kind, status, wpCode, message] of cases) {
      const e = await failure(client.listPosts());
      expect(e).toBeInstanceOf(IntegrationError);
      expect(e).toMatchObject({ code, kind, integration: 'wordpress' });
      expect(e.message).toBe(message);
      expect(e.details).toMatchObject({ status, wpCode, providerCode: wpCode });
      expect(e.details.url).toContain('/wp-json/wp/v2/posts');
    }
    const missing = await failure(client.updatePost(999_999, { title: 'x' }));
    expect(missing).toMatchObject({ code: 'NOT_FOUND', kind: 'not_found' });
    expect(missing.details.wpCode).toBe('rest_post_invalid_id');
    const invalid = await failure(
      client.createPost({ title: 't', content: 'c', status: 'bogus' as 'draft' }),
    );
    expect(invalid.code).toBe('INVALID');
  });

  it('strips credentials from a site URL that carries them', async () => {
    const { server } = await setup({}, {});
    const url = new URL(server.url);
    url.username = 'admin';
    url.password = 'secretpw';
    const client = new WordPressClient({
      siteUrl: url.toString(),
      username: 'admin',
      appPassword: PASSWORD,
      retries: 0,
    });
    const e = await failure(client.getPost(424_242));
    expect(`${e.message} ${JSON.stringify(e.details)}`).not.toContain('secretpw');
  });
});

describe('paging, retries and timeouts', () => {
  it('collects every page', async () => {
    const { client, server } = await setup({ seedPosts: 250 });
    const posts = await client.listPosts({ status: ['publish'] });
    expect(posts).toHaveLength(250);
    expect(new Set(posts.map((p) => p.id)).size).toBe(250);
    expect(server.count('GET', '/wp/v2/posts')).toBe(3);
    expect(await client.listPosts({ status: ['draft'] })).toEqual([]);
  });

  it('ends a listing at a page that a deletion took away, with what it had read', async () => {
    const { client, server } = await setup({ seedPosts: 101 });
    server.inject(
      { method: 'GET', route: '/wp/v2/posts', delayMs: 0 },
      { method: 'GET', route: '/wp/v2/posts', delayMs: 500 },
    );
    const listing = client.listPosts({ status: ['publish'] });
    await expect.poll(() => server.count('GET', '/wp/v2/posts')).toBe(2);
    server.state.posts = server.state.posts.slice(1);
    expect(await listing).toHaveLength(100);
    expect(server.count('GET', '/wp/v2/posts')).toBe(2);
  });

  it('retries a GET after 503s and succeeds', async () => {
    const { client, server } = await setup();
    server.inject({ route: '/wp/v2/categories', status: 503, times: 2 });
    const categories = await client.listCategories();
    expect(categories.map((c) => c.slug)).toEqual(['uncategorized']);
    expect(server.count('GET', '/wp/v2/categories')).toBe(3);
  });

  it('gives up after the configured retries with UPSTREAM_ERROR', async () => {
    const { client, server } = await setup({}, { retries: 2 });
    server.inject({ route: '/wp/v2/tags', status: 502, times: Infinity });
    expect((await failure(client.listTags())).code).toBe('UPSTREAM_ERROR');
    expect(server.count('GET', '/wp/v2/tags')).toBe(3);
  });

  it('never retries a create (POST to a collection) on 503', async () => {
    const { client, server } = await setup();
    await client.testConnection();
    for (const route of ['/wp/v2/posts', '/wp/v2/categories', '/wp/v2/tags', '/wp/v2/media']) {
      server.inject({ method: 'POST', route, status: 503, message: 'Service Unavailable' });
    }
    const creates = [
      client.createPost({ title: 'A', content: 'B', status: 'draft' }),
      client.createCategory({ name: 'News' }),
      client.createTag({ name: 'tips' }),
      client.uploadMedia({ filename: 'a.png', contentType: 'image/png', data: Buffer.from([1, 2, 3]) }),
    ];
    for (const create of creates) {
      const e = await failure(create);
      expect(e.code).toBe('UPSTREAM_ERROR');
      expect(e.message).toBe('Service Unavailable');
    }
    for (const route of ['/wp/v2/posts', '/wp/v2/categories', '/wp/v2/tags', '/wp/v2/media']) {
      expect(server.count('POST', route)).toBe(1);
    }
    expect(server.state.posts).toHaveLength(0);
  });

  it('retries an update (POST to /posts/{id}) on 503, and a GET after a dropped connection', async () => {
    const { client, server } = await setup();
    const post = await client.createPost({ title: 'A', content: 'B', status: 'draft' });
    server.inject({ method: 'POST', route: `/wp/v2/posts/${post.id}`, status: 503 });
    expect((await client.updatePost(post.id, { title: 'A2' })).title).toBe('A2');
    expect(server.count('POST', `/wp/v2/posts/${post.id}`)).toBe(2);

    server.inject({ method: 'GET', route: `/wp/v2/posts/${post.id}`, drop: true });
    expect((await client.getPost(post.id)).title).toBe('A2');
    expect(server.count('GET', `/wp/v2/posts/${post.id}`)).toBe(2);
  });

  it('does not retry a create after a dropped connection: UNREACHABLE, one request', async () => {
    const { client, server } = await setup();
    await client.testConnection();
    server.inject({ method: 'POST', route: '/wp/v2/posts', drop: true });
    expect((await failure(client.createPost({ title: 'A', content: 'B', status: 'draft' }))).code).toBe(
      'UNREACHABLE',
    );
    expect(server.count('POST', '/wp/v2/posts')).toBe(1);
  });

  it('TIMEOUT within the budget on a hanging answer', async () => {
    const { client, server } = await setup({}, { timeoutMs: 300 });
    await client.testConnection();
    server.inject({ route: '/wp/v2/settings', hang: true });
    const started = Date.now();
    const e = await failure(client.getSettings());
    const elapsed = Date.now() - started;
    expect(e).toMatchObject({ code: 'TIMEOUT', kind: 'timeout' });
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(1_500);
  });

  it('honours Retry-After on 429', async () => {
    const { client, server } = await setup();
    await client.testConnection();
    server.inject({ route: '/wp/v2/tags', status: 429, retryAfter: 1, code: 'too_many_requests' });
    await client.listTags();
    const hits = server.requests.filter((r) => r.route === '/wp/v2/tags');
    expect(hits).toHaveLength(2);
    expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(1_000);
  });

  it('does not wait for a Retry-After longer than maxRetryDelayMs', async () => {
    const { client, server } = await setup({}, { maxRetryDelayMs: 200 });
    server.inject({ route: '/wp/v2/tags', status: 429, retryAfter: 60, message: 'Slow down' });
    const e = await failure(client.listTags());
    expect(e.code).toBe('UPSTREAM_ERROR');
    expect(e.kind).toBe('rate_limited');
    expect(e.details.status).toBe(429);
    expect(server.count('GET', '/wp/v2/tags')).toBe(1);
  });
});

describe('resources', () => {
  it('creates, reads back, schedules and deletes posts with terms and media', async () => {
    const { client, server } = await setup();
    const cat = await client.createCategory({ name: 'Travel Tips', description: 'Trips' });
    expect(cat).toMatchObject({
      name: 'Travel Tips',
      slug: 'travel-tips',
      count: 0,
      description: 'Trips',
      parent: 0,
    });
    const tag = await client.createTag({ name: 'budget', slug: 'budget-travel' });
    expect(tag).toMatchObject({ name: 'budget', slug: 'budget-travel', count: 0 });
    const media = await client.uploadMedia({
      filename: 'my "photo".png',
      contentType: 'image/png',
      data: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      title: 'Cover',
    });
    expect(media).toMatchObject({ title: 'Cover', mime_type: 'image/png' });
    expect(server.state.media[0]?.bytes).toBe(4);

    const post = await client.createPost({
      title: 'Hello',
      content: 'World',
      excerpt: 'Short',
      status: 'publish',
      categories: [cat.id],
      tags: [tag.id],
      featured_media: media.id,
    });
    expect(post).toMatchObject({
      title: 'Hello',
      content: 'World',
      excerpt: 'Short',
      status: 'publish',
      categories: [cat.id],
      tags: [tag.id],
      featured_media: media.id,
    });
    expect((await client.listCategories()).find((c) => c.id === cat.id)?.count).toBe(1);
    expect(await client.listMedia()).toEqual([media]);

    const scheduled = await client.schedulePost(post.id, new Date(Date.UTC(2030, 0, 1, 10, 0, 0, 500)));
    expect(scheduled).toMatchObject({ status: 'future', date_gmt: '2030-01-01T10:00:00' });
    expect((await client.listPosts({ status: ['future'] })).map((p) => p.id)).toEqual([post.id]);

    expect((await client.deletePost(post.id)).status).toBe('trash');
    expect(await client.listPosts()).toEqual([]);
    expect((await client.deletePost(post.id, { force: true })).id).toBe(post.id);
    expect(server.state.posts).toHaveLength(0);
  });

  it('reads and updates settings', async () => {
    const { client } = await setup();
    expect(await client.getSettings()).toMatchObject({
      title: 'Test Site',
      timezone: 'UTC',
      language: 'en_US',
    });
    const updated = await client.updateSettings({
      title: 'New',
      description: 'Slogan',
      timezone: 'Europe/Istanbul',
    });
    expect(updated).toMatchObject({ title: 'New', description: 'Slogan', timezone: 'Europe/Istanbul' });
  });
});
