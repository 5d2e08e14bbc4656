/**
 * A wrong or revoked application password against the protocol test server, in both ways WordPress
 * treats one: answering as to an anonymous visitor (what Debian's WordPress does, see
 * client.wordpress.test.ts) or refusing it outright with 401 incorrect_password.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WordPressClient, WordPressError } from '@blogfleet/integrations/wordpress';
import {
  startWordPressTestServer,
  type WordPressTestServer,
  type WordPressTestServerOptions,
} from '@blogfleet/integrations/wordpress/testing';

const PASSWORD = 'abcd efgh ijkl mnop qrst uvwx';
const WRONG = 'zzzz yyyy xxxx wwww vvvv uuuu';
const servers: WordPressTestServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(opts: WordPressTestServerOptions = {}) {
  const server = await startWordPressTestServer({ password: PASSWORD, seedPosts: 1, ...opts });
  servers.push(server);
  return server;
}

const clientFor = (server: WordPressTestServer, appPassword = PASSWORD) =>
  new WordPressClient({ siteUrl: server.url, username: 'admin', appPassword, retries: 0 });

/** Every call of the client, each on its own. */
function everyCall(client: WordPressClient, postId: number): [string, () => Promise<unknown>][] {
  const png = { filename: 'a.png', contentType: 'image/png', data: Buffer.from([1, 2, 3]) };
  return [
    ['testConnection', () => client.testConnection()],
    ['listPosts', () => client.listPosts()],
    ['listPosts(publish)', () => client.listPosts({ status: ['publish'] })],
    ['getPost', () => client.getPost(postId)],
    ['createPost', () => client.createPost({ title: 'New', content: 'x', status: 'publish' })],
    ['updatePost', () => client.updatePost(postId, { title: 'Changed' })],
    ['updatePost(bad status)', () => client.updatePost(postId, { status: 'bogus' as 'draft' })],
    ['schedulePost', () => client.schedulePost(postId, new Date(Date.UTC(2030, 0, 1)))],
    ['deletePost', () => client.deletePost(postId)],
    ['listCategories', () => client.listCategories()],
    ['createCategory', () => client.createCategory({ name: 'News' })],
    ['listTags', () => client.listTags()],
    ['createTag', () => client.createTag({ name: 'tips' })],
    ['listMedia', () => client.listMedia()],
    ['uploadMedia', () => client.uploadMedia(png)],
    ['getSettings', () => client.getSettings()],
    ['updateSettings', () => client.updateSettings({ title: 'Taken over' })],
  ];
}

async function expectEveryCallUnauthorized(server: WordPressTestServer, client: WordPressClient) {
  const before = JSON.stringify(server.state);
  for (const [name, call] of everyCall(client, server.state.posts[0]!.id)) {
    const error = await call().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error, name).toBeInstanceOf(WordPressError);
    const e = error as WordPressError;
    expect({ name, code: e.code, kind: e.kind }).toEqual({
      name,
      code: 'UNAUTHORIZED',
      kind: 'unauthorized',
    });
    const visible = `${e.message} ${JSON.stringify(e.details)}`;
    for (const secret of [PASSWORD, WRONG, PASSWORD.replace(/ /g, ''), WRONG.replace(/ /g, '')])
      expect(visible, name).not.toContain(secret);
  }
  expect(JSON.stringify(server.state)).toBe(before);
}

describe('refused application password', () => {
  it('answered as anonymous: every call is UNAUTHORIZED with a clear message', async () => {
    const server = await start();
    const client = clientFor(server, WRONG);
    await expectEveryCallUnauthorized(server, client);
    const e = (await client.listPosts().catch((x: unknown) => x)) as WordPressError;
    expect(e.message).toMatch(/^WordPress refused the application password for user "admin"/);
    expect(e.message).toContain('Invalid parameter(s): status');
    expect(e.details).toMatchObject({ status: 400, wpCode: 'rest_invalid_param' });
    const me = (await client.testConnection().catch((x: unknown) => x)) as WordPressError;
    expect(me.message).toMatch(/^WordPress refused the application password/);
    expect(me.details).toMatchObject({ status: 401, wpCode: 'rest_not_logged_in' });
  });

  it('revoked while the client is in use: every call is UNAUTHORIZED from then on', async () => {
    const server = await start();
    const client = clientFor(server);
    await client.testConnection();
    expect(await client.listCategories()).toHaveLength(1);
    server.revokePassword();
    await expectEveryCallUnauthorized(server, client);
  });

  it('refused outright (401 incorrect_password): every call is UNAUTHORIZED', async () => {
    const server = await start({ refusedCredentials: 'reject' });
    await expectEveryCallUnauthorized(server, clientFor(server, WRONG));
  });

  it('asks /users/me once per doubtful failure, and not at all when the call succeeds', async () => {
    const server = await start();
    const client = clientFor(server, WRONG);
    await client.getSettings().catch(() => undefined);
    expect(server.count('GET', '/wp/v2/users/me')).toBe(1);
    const good = clientFor(server);
    await good.listPosts();
    await good.getSettings();
    expect(server.count('GET', '/wp/v2/users/me')).toBe(1);
  });

  it('keeps the answer as it is when the credentials are fine or the check cannot tell', async () => {
    const server = await start();
    const client = clientFor(server);
    const invalid = (await client
      .createPost({ title: 'x', content: 'y', status: 'bogus' as 'draft' })
      .catch((e: unknown) => e)) as WordPressError;
    expect(invalid).toMatchObject({ code: 'INVALID', details: { wpCode: 'rest_invalid_param' } });

    const wrong = clientFor(server, WRONG);
    server.inject({ route: '/wp/v2/users/me', status: 503, times: Infinity });
    const unknown = (await wrong.listPosts().catch((e: unknown) => e)) as WordPressError;
    expect(unknown).toMatchObject({
      code: 'INVALID',
      details: { status: 400, wpCode: 'rest_invalid_param' },
    });
    expect(unknown.message).toBe('Invalid parameter(s): status');
  });
});

describe('a user with valid credentials but fewer rights', () => {
  it('an author reads terms in the view context and is FORBIDDEN, not UNAUTHORIZED, elsewhere', async () => {
    const server = await start({ canManageTerms: false });
    const client = clientFor(server);
    expect((await client.listCategories()).map((c) => c.slug)).toEqual(['uncategorized']);
    expect(await client.listTags()).toEqual([]);
    const create = (await client.createCategory({ name: 'News' }).catch((e: unknown) => e)) as WordPressError;
    expect(create).toMatchObject({
      code: 'FORBIDDEN',
      details: { status: 403, wpCode: 'rest_cannot_create' },
    });
    const settings = (await client.getSettings().catch((e: unknown) => e)) as WordPressError;
    expect(settings).toMatchObject({ code: 'FORBIDDEN', details: { status: 403, wpCode: 'rest_forbidden' } });
    expect((await client.createPost({ title: 'Mine', content: 'x', status: 'draft' })).title).toBe('Mine');
  });
});
