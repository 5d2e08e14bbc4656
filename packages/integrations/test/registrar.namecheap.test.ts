import { afterEach, describe, expect, it, vi } from 'vitest';
import { IntegrationError } from '@blogfleet/integrations/errors';
import { createRegistrar, type NamecheapContact } from '@blogfleet/integrations/registrar';
import {
  namecheapErrorXml,
  startNamecheapTestServer,
  type NamecheapTestServer,
  type NamecheapTestServerOptions,
} from '@blogfleet/integrations/registrar/testing';

const servers: NamecheapTestServer[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const CONTACT: NamecheapContact = {
  FirstName: 'Ada',
  LastName: 'Lovelace',
  Address1: '12 St James Square',
  City: 'London',
  StateProvince: 'London',
  PostalCode: 'SW1Y 4JH',
  Country: 'GB',
  Phone: '+44.2071234567',
  EmailAddress: 'ada@example.com',
};

async function client(
  options: NamecheapTestServerOptions = {},
  overrides: Partial<Parameters<typeof createRegistrar>[0]> = {},
) {
  const nc = await startNamecheapTestServer(options);
  servers.push(nc);
  const registrar = createRegistrar({
    provider: 'namecheap',
    apiUser: nc.apiUser,
    apiKey: nc.apiKey,
    clientIp: nc.clientIp,
    contact: CONTACT,
    baseUrl: nc.baseUrl,
    timeoutMs: 2_000,
    ...overrides,
  } as Parameters<typeof createRegistrar>[0]);
  return { nc, registrar };
}

async function failure(promise: Promise<unknown>, ...secrets: string[]): Promise<IntegrationError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(IntegrationError);
  const text = JSON.stringify({ m: (err as Error).message, d: (err as IntegrationError).details });
  for (const s of secrets) expect(text).not.toContain(s);
  return err as IntegrationError;
}

const form = (body: string) => Object.fromEntries(new URLSearchParams(body));
const count = (nc: NamecheapTestServer, command: string) => nc.commands().filter((c) => c === command).length;

describe('Namecheap registrar client', () => {
  it('pings with the global parameters in a form body, never in the URL', async () => {
    const { nc, registrar } = await client();
    expect(registrar.provider).toBe('namecheap');
    expect(await registrar.ping()).toEqual({ ip: null });
    expect(nc.requests).toHaveLength(1);
    const [req] = nc.requests;
    expect(req).toMatchObject({ method: 'POST', path: '/xml.response', query: '' });
    expect(req!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(form(req!.body)).toEqual({
      ApiUser: nc.apiUser,
      ApiKey: nc.apiKey,
      UserName: nc.apiUser,
      ClientIp: nc.clientIp,
      Command: 'namecheap.users.getBalances',
    });
  });

  it('refuses a wrong key as unauthorized without ever showing a key', async () => {
    const { nc, registrar } = await client({}, { apiKey: 'nc-wrong-key-0123456789abcdef' });
    const err = await failure(registrar.ping(), 'nc-wrong-key-0123456789abcdef', nc.apiKey);
    expect(err).toMatchObject({
      integration: 'registrar',
      kind: 'unauthorized',
      message: 'API Key is invalid or API access has not been enabled',
    });
    expect(err.details).toMatchObject({ status: 200, providerCode: '1011102' });
  });

  it('refuses a client IP that is not whitelisted as unauthorized', async () => {
    const { nc, registrar } = await client({ clientIp: '203.0.113.7' }, { clientIp: '198.51.100.23' });
    const err = await failure(registrar.ping(), nc.apiKey);
    expect(err).toMatchObject({ kind: 'unauthorized', message: 'Invalid request IP: 198.51.100.23' });
    expect(err.details.providerCode).toBe('1011150');
  });

  it('strips the key from a registrar message that echoes it', async () => {
    const { nc, registrar } = await client();
    nc.failNext(200, namecheapErrorXml('2011170', `Something is wrong with key ${nc.apiKey}`));
    const err = await failure(registrar.ping(), nc.apiKey);
    expect(err).toMatchObject({ kind: 'upstream', message: 'Something is wrong with key ***' });
  });

  it('maps rate limits, non-XML answers and other errors', async () => {
    const { nc, registrar } = await client({ checkLimit: 1 });
    await registrar.checkDomain('one.com');
    const limited = await failure(registrar.checkDomain('two.com'), nc.apiKey);
    expect(limited).toMatchObject({ kind: 'rate_limited', message: 'Too many requests' });
    expect(limited.details.status).toBe(429);

    nc.failNext(200, namecheapErrorXml('500000', 'Too many requests'));
    expect(await failure(registrar.ping())).toMatchObject({ kind: 'rate_limited' });

    nc.failNext(502, '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>');
    const gateway = await failure(registrar.ping(), nc.apiKey);
    expect(gateway).toMatchObject({
      kind: 'upstream',
      message: 'Namecheap answered HTTP 502 without an XML body',
    });
    expect(gateway.details).toMatchObject({ status: 502, url: nc.baseUrl });

    nc.failNext(200, 'Service temporarily unavailable');
    expect(await failure(registrar.ping())).toMatchObject({
      kind: 'upstream',
      message: 'Namecheap answered HTTP 200 without an XML body',
    });
  });

  it('gives up at its deadline and reports an unreachable host', async () => {
    const { nc, registrar } = await client({}, { timeoutMs: 200 });
    nc.hangNext();
    expect(await failure(registrar.ping(), nc.apiKey)).toMatchObject({ kind: 'timeout' });

    const slow = await client({ delayMs: 1_000 }, { timeoutMs: 200 });
    expect(await failure(slow.registrar.ping())).toMatchObject({ kind: 'timeout' });

    const gone = createRegistrar({
      provider: 'namecheap',
      apiUser: 'someone',
      apiKey: 'nc-unreachable-key',
      clientIp: '203.0.113.7',
      baseUrl: 'http://127.0.0.1:9/xml.response',
    });
    expect(await failure(gone.ping(), 'nc-unreachable-key')).toMatchObject({ kind: 'unreachable' });
  });

  it('needs the API user, key and an IPv4 client IP', () => {
    expect(() =>
      createRegistrar({ provider: 'namecheap', apiUser: 'a', apiKey: '', clientIp: '203.0.113.7' }),
    ).toThrow(
      expect.objectContaining({ kind: 'not_configured', message: 'The Namecheap API key is not set' }),
    );
    expect(() => createRegistrar({ provider: 'namecheap', apiUser: 'a', apiKey: 'k', clientIp: '' })).toThrow(
      expect.objectContaining({ kind: 'not_configured' }),
    );
    expect(() =>
      createRegistrar({ provider: 'namecheap', apiUser: 'a', apiKey: 'k', clientIp: '2001:db8::1' }),
    ).toThrow(expect.objectContaining({ kind: 'invalid' }));
  });
});

describe('Namecheap registrar: checking, buying and pointing domains', () => {
  it('checks names: available at the TLD price plus ICANN fee, taken, or premium at their own price', async () => {
    const { nc, registrar } = await client({
      taken: ['google.com'],
      premiumCents: { 'gold.io': 250_000, 'best.com': 500_000 },
    });
    expect(await registrar.checkDomain('fresh-name.com')).toEqual({
      domain: 'fresh-name.com',
      available: true,
      priceCents: 1116,
      premium: false,
    });
    expect(await registrar.checkDomain('google.com')).toEqual({
      domain: 'google.com',
      available: false,
      priceCents: null,
      premium: false,
    });
    expect(await registrar.checkDomain('gold.io')).toEqual({
      domain: 'gold.io',
      available: true,
      priceCents: 250_000,
      premium: true,
    });
    expect((await registrar.checkDomain('best.com')).priceCents).toBe(500_018);
    const check = nc.requests.find((r) => form(r.body).Command === 'namecheap.domains.check')!;
    expect(form(check.body).DomainList).toBe('fresh-name.com');
    const pricing = nc.requests.find((r) => form(r.body).Command === 'namecheap.users.getPricing')!;
    expect(form(pricing.body)).toMatchObject({
      ProductType: 'DOMAIN',
      ActionName: 'REGISTER',
      ProductName: 'COM',
    });
    // Premium prices come with the check; only the first non-premium .com needed getPricing.
    expect(count(nc, 'namecheap.users.getPricing')).toBe(1);
  });

  it('caches TLD prices for a few minutes', async () => {
    const { nc, registrar } = await client();
    vi.useFakeTimers({ toFake: ['Date'] });
    await registrar.checkDomain('a-one.com');
    await registrar.checkDomain('a-two.com');
    expect((await registrar.checkDomain('a-three.net')).priceCents).toBe(1316);
    expect(count(nc, 'namecheap.users.getPricing')).toBe(2);
    vi.setSystemTime(Date.now() + 6 * 60_000);
    await registrar.checkDomain('a-four.com');
    expect(count(nc, 'namecheap.users.getPricing')).toBe(3);
    expect(count(nc, 'namecheap.domains.check')).toBe(4);
  });

  it('previews a purchase without charging: price, availability and balance', async () => {
    const { nc, registrar } = await client({ balanceCents: 500, taken: ['held.com'] });
    expect(await registrar.previewPurchase('pricey.com', 1116)).toEqual({
      wouldSucceed: false,
      costCents: 1116,
      balanceCents: 500,
      sufficientFunds: false,
      reason: 'Insufficient funds.',
    });
    nc.balanceCents = 5_000;
    expect(await registrar.previewPurchase('pricey.com', 1116)).toEqual({
      wouldSucceed: true,
      costCents: 1116,
      balanceCents: 5_000,
      sufficientFunds: true,
      reason: null,
    });
    expect(await registrar.previewPurchase('pricey.com', 999)).toMatchObject({
      wouldSucceed: false,
      costCents: 1116,
      reason: 'The cost does not match the current price of $11.16.',
    });
    expect(await registrar.previewPurchase('held.com', 1116)).toMatchObject({
      wouldSucceed: false,
      reason: 'held.com is not available.',
    });
    expect(nc.charges).toHaveLength(0);
    expect(count(nc, 'namecheap.domains.create')).toBe(0);
    expect(nc.balanceCents).toBe(5_000);
  });

  it('buys once: the contact goes as all four contacts, and a repeated call charges nothing more', async () => {
    const { nc, registrar } = await client({ balanceCents: 5_000 });
    const first = await registrar.purchase('mine-now.com', 1116, 'key-1');
    expect(first).toMatchObject({ domain: 'mine-now.com', costCents: 1116, balanceCents: null });
    expect(first.orderId).toBe(nc.charges[0]!.orderId);
    expect(nc.charges).toEqual([{ domain: 'mine-now.com', costCents: 1116, orderId: first.orderId }]);
    expect(nc.balanceCents).toBe(5_000 - 1116);
    expect(nc.owned.has('mine-now.com')).toBe(true);

    const create = form(nc.requests.find((r) => form(r.body).Command === 'namecheap.domains.create')!.body);
    expect(create).toMatchObject({
      DomainName: 'mine-now.com',
      Years: '1',
      RegistrantFirstName: 'Ada',
      TechEmailAddress: 'ada@example.com',
      AdminPhone: '+44.2071234567',
      AuxBillingCountry: 'GB',
    });
    expect(create.IsPremiumDomain).toBeUndefined();

    const again = await registrar.purchase('mine-now.com', 1116, 'key-1');
    expect(again).toMatchObject({ domain: 'mine-now.com', costCents: 1116 });
    expect(nc.charges).toHaveLength(1);
    expect(count(nc, 'namecheap.domains.create')).toBe(1);
    expect((await registrar.listOwned()).map((d) => d.domain)).toEqual(['mine-now.com']);
  });

  it('a create whose answer was lost is found in the account on retry, not bought again', async () => {
    const { nc, registrar } = await client({ balanceCents: 5_000 });
    nc.loseNextCreateAnswer();
    const lost = await failure(registrar.purchase('lost-answer.com', 1116, 'key-3'), nc.apiKey);
    expect(lost.kind).toBe('unreachable');
    expect(nc.charges).toHaveLength(1);

    const retried = await registrar.purchase('lost-answer.com', 1116, 'key-3');
    expect(retried).toEqual({
      domain: 'lost-answer.com',
      costCents: 1116,
      orderId: null,
      balanceCents: null,
    });
    expect(nc.charges).toHaveLength(1);
    expect(count(nc, 'namecheap.domains.create')).toBe(1);
    // The retry asked the account's list (narrowed to the name) and stopped there.
    expect(nc.commands().at(-1)).toBe('namecheap.domains.getList');
    expect(form(nc.requests.at(-1)!.body)).toMatchObject({ SearchTerm: 'lost-answer.com', Page: '1' });
  });

  it('buys a premium name with its premium price', async () => {
    const { nc, registrar } = await client({ balanceCents: 300_000, premiumCents: { 'gold.io': 250_000 } });
    expect(await registrar.purchase('gold.io', 250_000, 'key-p')).toMatchObject({ costCents: 250_000 });
    const create = form(nc.requests.find((r) => form(r.body).Command === 'namecheap.domains.create')!.body);
    expect(create).toMatchObject({ IsPremiumDomain: 'true', PremiumPrice: '2500.00' });
    expect(nc.charges).toEqual([expect.objectContaining({ domain: 'gold.io', costCents: 250_000 })]);
  });

  it('reports insufficient funds with Namecheap’s code and message, charging nothing', async () => {
    const { nc, registrar } = await client({ balanceCents: 500 });
    const err = await failure(registrar.purchase('poor.com', 1116, 'key-4'), nc.apiKey);
    expect(err).toMatchObject({ kind: 'upstream', message: 'Order creation failed: Insufficient funds' });
    expect(err.details.providerCode).toBe('2528166');
    expect(nc.charges).toHaveLength(0);
    expect(nc.owned.size).toBe(0);
  });

  it('refuses unavailable names and changed prices before creating, and passes a create refusal on', async () => {
    const { nc, registrar } = await client({ taken: ['held.com'] });
    const taken = await failure(registrar.purchase('held.com', 1116, 'key-5'), nc.apiKey);
    expect(taken).toMatchObject({ kind: 'upstream', message: 'held.com is not available for registration.' });
    const repriced = await failure(registrar.purchase('cheap.com', 999, 'key-6'));
    expect(repriced).toMatchObject({
      kind: 'upstream',
      message: 'The price of cheap.com is now $11.16, not $9.99; nothing was bought.',
    });
    expect(count(nc, 'namecheap.domains.create')).toBe(0);

    // Taken by someone else between the check and the create.
    nc.failNext(
      200,
      namecheapErrorXml(
        '2033409',
        'Domain race.com is not available for registration',
        'namecheap.domains.create',
      ),
      'namecheap.domains.create',
    );
    const raced = await failure(registrar.purchase('race.com', 1116, 'key-7'), nc.apiKey);
    expect(raced).toMatchObject({
      kind: 'upstream',
      message: 'Domain race.com is not available for registration',
    });
    expect(raced.details.providerCode).toBe('2033409');
    expect(nc.charges).toHaveLength(0);
  });

  it('will not buy without a complete registrant contact', async () => {
    const { nc, registrar } = await client({}, { contact: undefined });
    expect(await registrar.previewPurchase('fine.com', 1116)).toMatchObject({
      wouldSucceed: false,
      sufficientFunds: true,
      reason: expect.stringContaining('registrant contact is incomplete'),
    });
    const err = await failure(registrar.purchase('fine.com', 1116, 'key-8'));
    expect(err.kind).toBe('not_configured');
    expect(count(nc, 'namecheap.domains.create')).toBe(0);
  });

  it('lists owned domains across pages with their dates', async () => {
    const { nc, registrar } = await client();
    for (let i = 0; i < 250; i++) {
      nc.owned.set(`site-${String(i).padStart(3, '0')}.com`, {
        nameservers: ['dns1.registrar-servers.com'],
        created: '11/24/2025',
        expires: '11/24/2026',
      });
    }
    const owned = await registrar.listOwned();
    expect(owned).toHaveLength(250);
    expect(new Set(owned.map((d) => d.domain)).size).toBe(250);
    expect(owned[0]).toEqual({
      domain: 'site-000.com',
      createdAt: new Date(Date.UTC(2025, 10, 24)),
      expiresAt: new Date(Date.UTC(2026, 10, 24)),
    });
    expect(count(nc, 'namecheap.domains.getList')).toBe(3);
    expect(nc.requests.map((r) => form(r.body).Page)).toEqual(['1', '2', '3']);
    expect(form(nc.requests[0]!.body).PageSize).toBe('100');
  });

  it('sets name servers, splitting SLD and TLD', async () => {
    const { nc, registrar } = await client();
    await registrar.purchase('pointed.net', 1316, 'key-9');
    await registrar.setNameservers('pointed.net', ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com']);
    expect(nc.owned.get('pointed.net')!.nameservers).toEqual([
      'ada.ns.cloudflare.com',
      'bob.ns.cloudflare.com',
    ]);
    expect(form(nc.requests.at(-1)!.body)).toMatchObject({
      Command: 'namecheap.domains.dns.setCustom',
      SLD: 'pointed',
      TLD: 'net',
      Nameservers: 'ada.ns.cloudflare.com,bob.ns.cloudflare.com',
    });

    nc.owned.set('shop.co.uk', { nameservers: [], created: '01/02/2026', expires: '01/02/2027' });
    await registrar.setNameservers('shop.co.uk', ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com']);
    expect(form(nc.requests.at(-1)!.body)).toMatchObject({ SLD: 'shop', TLD: 'co.uk' });
    expect(nc.owned.get('shop.co.uk')!.nameservers).toHaveLength(2);

    const notOurs = await failure(registrar.setNameservers('other.com', ['a.ns.example']), nc.apiKey);
    expect(notOurs).toMatchObject({
      kind: 'upstream',
      message: 'Domain is not associated with your account',
    });
    expect(notOurs.details.providerCode).toBe('2016166');
  });
});
