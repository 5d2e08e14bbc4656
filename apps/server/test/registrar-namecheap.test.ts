import {
  namecheapErrorXml,
  startNamecheapTestServer,
  type NamecheapTestServer,
} from '@blogfleet/integrations/registrar/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type RestOptions, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let nc: NamecheapTestServer;
let admin: string;

beforeAll(async () => {
  nc = await startNamecheapTestServer({ balanceCents: 2_000, taken: ['held-elsewhere.com'] });
  t = await startTestApp({
    NAMECHEAP_API_URL: nc.baseUrl,
    JOB_WORKERS: 'true',
    JOB_POLL_INTERVAL_SECONDS: '0.5',
  });
  admin = (await t.login()).accessToken;
});
afterAll(async () => {
  await t?.close();
  await nc?.close();
});

const api = (method: string, path: string, opts: RestOptions = {}) =>
  t.rest(method, path, { token: admin, ...opts });
const base = () => ({ provider: 'namecheap', apiUser: nc.apiUser, apiKey: nc.apiKey, clientIp: nc.clientIp });
const contact = {
  contactFirstName: 'Ada',
  contactLastName: 'Lovelace',
  contactAddress: '12 Analytical Row',
  contactCity: 'London',
  contactState: 'London',
  contactPostalCode: 'N1 9GU',
  contactCountry: 'GB',
  contactPhone: '+44.2071234567',
  contactEmail: 'ada@example.org',
};

describe('Namecheap as the registrar (Settings → Integrations)', () => {
  it('needs the API user and the whitelisted address; the test says what it can do', async () => {
    const missing = await api('PUT', 'settings/integrations/registrar', {
      body: { provider: 'namecheap', apiKey: nc.apiKey },
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body.error)).toContain('apiUser');
    const badIp = await api('PUT', 'settings/integrations/registrar', {
      body: { ...base(), clientIp: '999.1.1.1' },
    });
    expect(badIp.status).toBe(400);
    expect(JSON.stringify(badIp.body.error)).toContain('Must be an IPv4 address');

    expect((await api('PUT', 'settings/integrations/registrar', { body: base() })).status).toBe(200);
    const tested = await api('POST', 'settings/integrations/registrar/test');
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(tested.body.data.result.message).toBe(
      `Namecheap accepted the API key for ${nc.apiUser} from ${nc.clientIp}; add the registrant contact to buy domains`,
    );
    expect(JSON.stringify(tested.body)).not.toContain(nc.apiKey);
  });

  it('a wrong whitelisted address is the registrar refusing the credentials, without the key', async () => {
    await api('PUT', 'settings/integrations/registrar', { body: { ...base(), clientIp: '198.51.100.9' } });
    const tested = await api('POST', 'settings/integrations/registrar/test');
    expect(tested.status).toBe(502);
    expect(tested.body.error.code).toBe('UNAUTHORIZED_INTEGRATION');
    expect(JSON.stringify(tested.body)).not.toContain(nc.apiKey);
    await api('PUT', 'settings/integrations/registrar', { body: base() });
  });

  it('buys through Namecheap once the contact is there: checked, charged once, recorded', async () => {
    const { id } = (
      await api('POST', 'domains', { body: { domainName: 'ada-notes.com', targetWebsite: 'ada.example' } })
    ).body.data.domain;
    const noContact = await api('POST', `domains/${id}/purchase`);
    expect(noContact.status).toBe(422);
    expect(noContact.body.error.code).toBe('PURCHASE_FAILED');
    expect(nc.charges).toEqual([]);

    expect(
      (await api('PUT', 'settings/integrations/registrar', { body: { ...base(), ...contact } })).status,
    ).toBe(200);
    const bought = await api('POST', `domains/${id}/purchase`);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.data.domain).toMatchObject({ status: 'purchased', registrar: 'namecheap' });
    expect(nc.charges.map((c) => c.domain)).toEqual(['ada-notes.com']);
    expect(nc.owned.has('ada-notes.com')).toBe(true);

    // Funds gone between the check and the order: Namecheap's 2528166 is the spec's insufficient balance.
    const { id: short } = (
      await api('POST', 'domains', {
        body: { domainName: 'short-of-funds.com', targetWebsite: 'ada.example' },
      })
    ).body.data.domain;
    nc.failNext(
      200,
      namecheapErrorXml('2528166', 'Order creation failed: Insufficient funds', 'namecheap.domains.create'),
      'namecheap.domains.create',
    );
    const noFunds = await api('POST', `domains/${short}/purchase`);
    expect(noFunds.status).toBe(422);
    expect(noFunds.body.error.details).toMatchObject({ type: 'insufficient_balance' });
    expect(nc.charges).toHaveLength(1);

    const { id: held } = (
      await api('POST', 'domains', {
        body: { domainName: 'held-elsewhere.com', targetWebsite: 'ada.example' },
      })
    ).body.data.domain;
    const refused = await api('POST', `domains/${held}/purchase`);
    expect(refused.status).toBe(422);
    expect(nc.charges).toHaveLength(1);
  });

  it('discovery checks availability with Namecheap', async () => {
    const res = await api('POST', 'domains/discover', {
      body: { targetWebsite: 'ada.example', customTlds: ['com'], prefixSuffixList: ['hub'], searchLimit: 10 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.registrar).toBe('namecheap');
    const ideas = res.body.data.allIdeas as {
      domain: string;
      available: boolean | null;
      price_source: string;
    }[];
    expect(ideas.every((i) => i.available !== null && i.price_source === 'registrar')).toBe(true);
  });
});
