import { sql } from '@blogfleet/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, trpcClient, type RestOptions, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.login()).accessToken;
});
afterAll(() => t.close());

const api = (method: string, path: string, opts: RestOptions = {}) =>
  t.rest(method, path, { token: admin, ...opts });

const add = async (domainName: string, targetWebsite = 'target.test') => {
  const res = await api('POST', 'domains', { body: { domainName, targetWebsite } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.domain as { id: number; domain_name: string };
};
const countDomains = async () =>
  Number(
    (
      await t.db
        .selectFrom('domains')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const issues = (body: { error: { details: { issues: { path: string; message: string }[] } } }) =>
  Object.fromEntries(body.error.details.issues.map((i) => [i.path, i.message]));

describe('POST domains: names as registrars sell them', () => {
  it('stores the registrable name in lower case, IDN as punycode, and shows it in Unicode', async () => {
    const res = await api('POST', 'domains', {
      body: { domainName: '  Bücher-Laden.DE ', targetWebsite: 'books.example' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.domain).toMatchObject({
      domain_name: 'xn--bcher-laden-thb.de',
      domain_name_unicode: 'bücher-laden.de',
      target_website: 'books.example',
      status: 'available',
      is_used: false,
      is_hosted: false,
      cloudflare_status: 'inactive',
      price: null,
    });
    const pasted = await api('POST', 'domains', {
      body: { domainName: 'https://Pasted-Address.com/some/page?q=1', targetWebsite: 'x.test' },
    });
    expect(pasted.body.data.domain.domain_name).toBe('pasted-address.com');
  });

  it('refuses what is not a registrable domain, saying why, and writes nothing', async () => {
    const before = await countDomains();
    const cases: [string, string][] = [
      ['', 'Domain name is required'],
      ['www.example.com', 'Enter the registrable domain (example.com), not a subdomain'],
      ['co.uk', 'Enter a domain name under a public suffix, such as example.com'],
      ['10.0.0.1', 'An IP address is not a domain name'],
      ['exa mple.com', 'Enter a domain name such as example.com'],
    ];
    for (const [domainName, message] of cases) {
      const res = await api('POST', 'domains', { body: { domainName, targetWebsite: 'x.test' } });
      expect(res.status, domainName).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(issues(res.body), domainName).toEqual({ domainName: message });
    }
    const noTarget = await api('POST', 'domains', { body: { domainName: 'fine.com', targetWebsite: ' ' } });
    expect(issues(noTarget.body)).toEqual({ targetWebsite: 'Target website is required' });
    expect(await countDomains()).toBe(before);
  });

  it('answers a name already in the list (in any case) with DATABASE_ERROR "Duplicate entry"', async () => {
    await add('twice.com');
    const res = await api('POST', 'domains', { body: { domainName: 'TWICE.com', targetWebsite: 'x.test' } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('DATABASE_ERROR');
    expect(res.body.error.message).toContain('Duplicate entry');
  });

  it('never lets a caller mark a domain purchased', async () => {
    const res = await api('POST', 'domains', {
      body: { domainName: 'free-lunch.com', targetWebsite: 'x.test', status: 'purchased' },
    });
    expect(res.status).toBe(400);
    expect(
      await t.db.selectFrom('domains').where('domain_name', '=', 'free-lunch.com').execute(),
    ).toHaveLength(0);
  });
});

describe('GET domains: the list as the spec reads it', () => {
  const names = Array.from({ length: 25 }, (_, i) => `lister${String(i + 1).padStart(2, '0')}.com`);

  beforeAll(async () => {
    for (const [i, name] of names.entries()) await add(name, i % 2 ? 'odd.example' : 'even.example');
    await t.db
      .updateTable('domains')
      .set({ status: 'purchased', price_cents: 1299 })
      .where('domain_name', 'in', names.slice(0, 3))
      .execute();
  });

  it('answers data + meta.pagination, 20 per page, newest first', async () => {
    const res = await api('GET', 'domains', { query: { search: 'lister' } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toHaveLength(20);
    expect(res.body.data[0].domain_name).toBe('lister25.com');
    expect(res.body.meta.pagination).toMatchObject({
      page: 1,
      limit: 20,
      total: 25,
      totalPages: 2,
      hasNext: true,
    });
    const page2 = await api('GET', 'domains', { query: { search: 'lister', page: '2' } });
    expect(page2.body.data.map((d: { domain_name: string }) => d.domain_name)).toEqual(
      names.slice(0, 5).reverse(),
    );
  });

  it('filters by status and by target website, searches both columns, sorts each way', async () => {
    const purchased = await api('GET', 'domains', {
      query: { status: 'purchased', sort: 'domain_name', order: 'asc' },
    });
    expect(purchased.body.data.map((d: { domain_name: string }) => d.domain_name)).toEqual(names.slice(0, 3));
    expect(purchased.body.data[0].price).toBe(12.99);
    expect(purchased.body.meta.pagination).toMatchObject({ total: 3, totalExact: true });

    const odd = await api('GET', 'domains', { query: { target_website: 'odd.example', limit: '100' } });
    expect(odd.body.data).toHaveLength(12);
    expect(odd.body.data.every((d: { target_website: string }) => d.target_website === 'odd.example')).toBe(
      true,
    );

    const byTarget = await api('GET', 'domains', { query: { search: 'odd.exa', limit: '100' } });
    expect(byTarget.body.data).toHaveLength(12);

    for (const sort of ['created_at', 'domain_name', 'target_website', 'status']) {
      for (const order of ['asc', 'desc']) {
        const res = await api('GET', 'domains', { query: { search: 'lister', sort, order, limit: '100' } });
        expect(res.status, `${sort} ${order}`).toBe(200);
        const keys = res.body.data.map((d: Record<string, string>) =>
          sort === 'domain_name' ? d.domain_name : d[sort],
        );
        const sorted = [...keys].sort();
        expect(keys, `${sort} ${order}`).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
    }
  });

  it('lists the target websites in use for the filter menu', async () => {
    const res = await api('GET', 'domains/targets');
    expect(res.body.data.targets).toEqual(
      expect.arrayContaining([
        { target_website: 'odd.example', domains: 12 },
        { target_website: 'even.example', domains: 13 },
      ]),
    );
  });

  it('refuses an unknown status or sort with VALIDATION_ERROR', async () => {
    for (const query of [{ status: 'stolen' }, { sort: 'price' }, { limit: '501' }] as Record<
      string,
      string
    >[]) {
      const res = await api('GET', 'domains', { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('PUT and DELETE domains/{id}: the state rules hold on the server', () => {
  it('edits the name and target of a domain not yet bought', async () => {
    const d = await add('rename-me.com');
    const res = await api('PUT', `domains/${d.id}`, {
      body: { domainName: 'Renamed.com', targetWebsite: 'new-target.example' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.domain).toMatchObject({
      domain_name: 'renamed.com',
      target_website: 'new-target.example',
    });
  });

  it('keeps the name of a purchased domain, but lets its target change', async () => {
    const d = await add('bought-already.com');
    await t.db.updateTable('domains').set({ status: 'purchased' }).where('id', '=', d.id).execute();
    const rename = await api('PUT', `domains/${d.id}`, {
      body: { domainName: 'other-name.com', targetWebsite: 'target.test' },
    });
    expect(rename.status).toBe(400);
    expect(rename.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'A purchased domain cannot be renamed; add the new name as a domain',
    });
    const retarget = await api('PUT', `domains/${d.id}`, {
      body: { domainName: 'bought-already.com', targetWebsite: 'elsewhere.example' },
    });
    expect(retarget.status).toBe(200);
    expect(retarget.body.data.domain.target_website).toBe('elsewhere.example');
  });

  it('deletes a domain, and answers NOT_FOUND afterwards', async () => {
    const d = await add('short-lived.com');
    const res = await api('DELETE', `domains/${d.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: d.id, deleted: true });
    const again = await api('DELETE', `domains/${d.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('Domain not found');
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'domain')
      .where('subject_id', '=', String(d.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['domain.create', 'domain.delete']);
  });

  it('refuses to delete a hosted domain until its WordPress site is gone', async () => {
    const d = await add('hosted-here.com');
    await t.db.updateTable('domains').set({ is_hosted: true }).where('id', '=', d.id).execute();
    const res = await api('DELETE', `domains/${d.id}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Delete the WordPress site of hosted-here.com first');
    expect(await t.db.selectFrom('domains').where('id', '=', d.id).execute()).toHaveLength(1);
  });
});

describe('POST domains/bulk-delete', () => {
  it('deletes the selected domains in one go and reports ids it did not find', async () => {
    const a = await add('bulk-a.com');
    const b = await add('bulk-b.com');
    const res = await api('POST', 'domains/bulk-delete', { body: { domainIds: [a.id, b.id, 999999] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ changed: 2, missing: [999999] });
    expect(await t.db.selectFrom('domains').where('id', 'in', [a.id, b.id]).execute()).toHaveLength(0);
  });

  it('deletes none when one of them is hosted, naming it', async () => {
    const a = await add('bulk-keep-a.com');
    const b = await add('bulk-keep-b.com');
    await t.db.updateTable('domains').set({ is_hosted: true }).where('id', '=', b.id).execute();
    const res = await api('POST', 'domains/bulk-delete', { body: { domainIds: [a.id, b.id] } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Delete the WordPress site of bulk-keep-b.com first');
    expect(await t.db.selectFrom('domains').where('id', 'in', [a.id, b.id]).execute()).toHaveLength(2);
  });

  it('refuses an empty or oversized selection', async () => {
    for (const domainIds of [[], Array.from({ length: 501 }, (_, i) => i + 1)]) {
      const res = await api('POST', 'domains/bulk-delete', { body: { domainIds } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('the same calls over tRPC', () => {
  it('adds, lists, edits and deletes through the typed client, for any signed-in user', async () => {
    const plain = await t.createUser({ role: 'user' });
    const token = (await t.login(plain.email, plain.password)).accessToken;
    const client = await trpcClient(t.app, () => token);
    const { domain } = await client.domains.create.mutate({
      domainName: 'typed-client.io',
      targetWebsite: 't.example',
    });
    const list = await client.domains.list.query({ search: 'typed-client' });
    expect(list.data.map((d) => d.domain_name)).toEqual(['typed-client.io']);
    expect(list.meta.pagination.total).toBe(1);
    await client.domains.update.mutate({
      id: domain.id,
      domainName: 'typed-client.io',
      targetWebsite: 'u.example',
    });
    expect((await client.domains.get.query({ id: domain.id })).domain.target_website).toBe('u.example');
    await client.domains.delete.mutate({ id: domain.id });
    await expect(client.domains.get.query({ id: domain.id })).rejects.toThrow('Domain not found');
  });
});

describe('bulk ids beyond the id column', () => {
  it('are refused as bad input before they reach the database', async () => {
    const res = await api('POST', 'domains/bulk-delete', { body: { domainIds: [2_147_483_648] } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.issues[0].path).toBe('domainIds.0');
  });
});
