import { dnsRecordInput, dnsRecordRequest, recordNameInZone } from '@blogfleet/validators';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/** The issues of a refused record as "path: message" lines. */
function refusal(input: unknown): string[] {
  const parsed = dnsRecordInput.safeParse(input);
  expect(parsed.success, JSON.stringify(input)).toBe(false);
  return parsed.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('DNS record validation by type', () => {
  it('accepts each type, normalising names and targets, with ttl Auto and not proxied by default', () => {
    expect(dnsRecordInput.parse({ type: 'A', name: 'WWW', content: ' 203.0.113.7 ' })).toEqual({
      type: 'A',
      name: 'www',
      content: '203.0.113.7',
      ttl: 1,
      proxied: false,
    });
    expect(
      dnsRecordInput.parse({ type: 'AAAA', name: '@', content: '2001:db8::7', proxied: true }),
    ).toMatchObject({
      proxied: true,
    });
    expect(
      dnsRecordInput.parse({ type: 'CNAME', name: '*.shop', content: 'Target.Example.NET.', ttl: 60 }),
    ).toMatchObject({ name: '*.shop', content: 'target.example.net', ttl: 60 });
    expect(
      dnsRecordInput.parse({ type: 'MX', name: '@', content: 'mx.example.net', priority: 0, ttl: 86_400 }),
    ).toMatchObject({ priority: 0 });
    expect(
      dnsRecordInput.parse({ type: 'TXT', name: 's1._domainkey', content: ' v=DKIM1; p=abc ' }),
    ).toMatchObject({ content: ' v=DKIM1; p=abc ' });
    expect(
      dnsRecordInput.parse({
        type: 'SRV',
        name: '_xmpp._tcp.chat',
        content: 'xmpp.example.net',
        priority: 65_535,
        weight: 0,
        port: 5222,
      }),
    ).toMatchObject({ name: '_xmpp._tcp.chat', priority: 65_535, weight: 0, port: 5222 });
  });

  it('refuses with a clear message on the field that is wrong', () => {
    expect(refusal({ type: 'A', name: 'www', content: '2001:db8::1' })).toEqual([
      'content: An A record needs an IPv4 address such as 203.0.113.10',
    ]);
    expect(refusal({ type: 'AAAA', name: 'www', content: '203.0.113.1' })).toEqual([
      'content: An AAAA record needs an IPv6 address such as 2001:db8::1',
    ]);
    expect(refusal({ type: 'CNAME', name: 'www', content: '203.0.113.1' })).toEqual([
      'content: Target must be a host name such as target.example.com',
    ]);
    expect(refusal({ type: 'MX', name: '@', content: 'mx.example.net' })).toEqual([
      'priority: Priority is required for MX records',
    ]);
    expect(refusal({ type: 'MX', name: '@', content: 'mx', priority: 1.5 })).toEqual([
      'content: Mail server must be a host name such as target.example.com',
      'priority: Priority must be a whole number',
    ]);
    expect(refusal({ type: 'A', name: 'www', content: '203.0.113.1', ttl: 30 })).toEqual([
      'ttl: TTL must be 1 (Auto) or from 60 to 86400 seconds',
    ]);
    expect(refusal({ type: 'TXT', name: '@', content: 'x', proxied: true })).toEqual([
      'proxied: Only A, AAAA and CNAME records can be proxied',
    ]);
    expect(refusal({ type: 'TXT', name: '@', content: 'x'.repeat(2049) })).toEqual([
      'content: TXT content must be at most 2048 characters',
    ]);
    expect(
      refusal({ type: 'SRV', name: '_sip._tcp', content: 'sip.example.net', priority: 1, weight: 1 }),
    ).toEqual(['port: Port is required for SRV records']);
    expect(
      refusal({
        type: 'SRV',
        name: 'sip.tcp',
        content: 'sip.example.net',
        priority: 1,
        weight: 1,
        port: 70_000,
      }),
    ).toEqual([
      'name: SRV names look like _service._proto or _service._proto.name, such as _sip._tcp',
      'port: Port must be from 0 to 65535',
    ]);
    expect(refusal({ type: 'A', name: 'a..b', content: '203.0.113.1' })[0]).toMatch(/^name: Name must be @/);
    expect(refusal({ type: 'NS', name: 'a', content: 'b' })).toEqual([
      'type: Type must be one of A, AAAA, CNAME, MX, TXT, SRV',
    ]);
  });

  it('reads a route body with its own fields through the same checks', () => {
    const route = dnsRecordRequest({ siteId: z.number() });
    expect(route.parse({ siteId: 4, type: 'A', name: 'www', content: '203.0.113.1' })).toEqual({
      siteId: 4,
      record: { type: 'A', name: 'www', content: '203.0.113.1', ttl: 1, proxied: false },
    });
    const missing = route.safeParse({ siteId: 4, type: 'A', content: '203.0.113.1' });
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Name is required'],
    ]);
  });
});

describe('record names in a zone', () => {
  it('puts @ and relative names under the domain and keeps full names in it', () => {
    expect(recordNameInZone('@', 'example.com')).toEqual({ ok: true, name: 'example.com' });
    expect(recordNameInZone('www', 'example.com')).toEqual({ ok: true, name: 'www.example.com' });
    expect(recordNameInZone('_sip._tcp', 'example.com')).toEqual({ ok: true, name: '_sip._tcp.example.com' });
    expect(recordNameInZone('Shop.Example.com', 'example.com')).toEqual({
      ok: true,
      name: 'shop.example.com',
    });
    expect(recordNameInZone('example.com.', 'example.com')).toEqual({ ok: true, name: 'example.com' });
  });

  it('refuses a full name (trailing dot) of another zone, and names too long', () => {
    expect(recordNameInZone('www.other.com.', 'example.com')).toEqual({
      ok: false,
      reason: 'www.other.com is not in example.com; use @, example.com or a name under it',
    });
    expect(recordNameInZone('notexample.com.', 'example.com').ok).toBe(false);
    expect(recordNameInZone(`${'a'.repeat(63)}.`.repeat(4).slice(0, -1), 'example.com')).toMatchObject({
      ok: false,
    });
  });
});
