/**
 * A local server speaking the part of Cloudflare's v4 API that Blogfleet's client uses (token
 * verification, zones and their activation check, DNS records, the SSL setting), with Cloudflare's
 * envelope, list paging and error bodies. Loopback only; for tests.
 */
import { startBareTestServer, type RecordedHttpRequest, type TestReply } from '../../test-server';
import type { CloudflareErrorEntry } from '../types';

export interface CloudflareTestToken {
  id?: string;
  status?: 'active' | 'disabled' | 'expired';
  /** A user token verifies at /user/tokens/verify; an account token only at its account's endpoint. */
  owner?: 'user' | 'account';
  /** For account tokens (default: the server's accountId). */
  accountId?: string;
  expiresOn?: string;
}

export interface CloudflareTestServerOptions {
  /** Known tokens (default: `cf-test-token-0000`, an active user token). */
  tokens?: Record<string, CloudflareTestToken>;
  /** Default account id of account tokens. */
  accountId?: string;
  /** Milliseconds a request's answer waits after it was handled (what it answers is read at once). */
  delayMs?: (req: RecordedHttpRequest) => number;
}

export interface CloudflareTestZone {
  id: string;
  name: string;
  status: 'pending' | 'active';
  name_servers: string[];
  account: { id: string };
  ssl: 'off' | 'flexible' | 'full' | 'strict';
  records: CloudflareTestRecord[];
}

/** A record as Cloudflare answers it: MX with `priority`; SRV with `data` and content "weight port target". */
export interface CloudflareTestRecord {
  id: string;
  type: string;
  name: string;
  content: string;
  ttl: number;
  proxied: boolean;
  proxiable: boolean;
  priority?: number;
  data?: { priority: number; weight: number; port: number; target: string };
}

export interface CloudflareTestServer {
  /** Zones by id, with their records and SSL mode. */
  zones: Map<string, CloudflareTestZone>;
  /** Marks a zone active, as Cloudflare does once the registrar points at its name servers. */
  activate(zoneId: string): void;
  /** The registrar now points at the zone: its next activation check turns it active. */
  activateOnCheck(zoneId: string): void;
  /** Zone ids of the activation checks asked for, in order. */
  activationChecks: string[];
  url: string;
  /** `url` + `/client/v4`: the client's base URL. */
  baseUrl: string;
  accountId: string;
  requests: RecordedHttpRequest[];
  addToken(token: string, info?: CloudflareTestToken): void;
  /** The next request is answered with this status and Cloudflare error entries. */
  failNext(status: number, errors: CloudflareErrorEntry[]): void;
  hangNext(): void;
  close(): Promise<void>;
}

const envelope = (result: unknown, messages: unknown[] = []) => ({
  success: true,
  errors: [],
  messages,
  result,
});

export const cloudflareFailure = (status: number, errors: CloudflareErrorEntry[]): TestReply => ({
  status,
  body: { success: false, errors, messages: [], result: null },
});

const INVALID_TOKEN = () => cloudflareFailure(401, [{ code: 1000, message: 'Invalid API Token' }]);

export async function startCloudflareTestServer(
  options: CloudflareTestServerOptions = {},
): Promise<CloudflareTestServer> {
  const accountId = options.accountId ?? '0123456789abcdef0123456789abcdef';
  const tokens = new Map<string, CloudflareTestToken>(
    Object.entries(options.tokens ?? { 'cf-test-token-0000': { owner: 'user' } }),
  );
  const failures: TestReply[] = [];
  let nextId = 1;
  const idOf = (info: CloudflareTestToken) => (info.id ??= `token${String(nextId++).padStart(4, '0')}`);

  const verified = (info: CloudflareTestToken): TestReply => ({
    status: 200,
    body: envelope(
      {
        id: idOf(info),
        status: info.status ?? 'active',
        ...(info.expiresOn ? { expires_on: info.expiresOn } : {}),
      },
      [{ code: 10000, message: 'This API Token is valid and active', type: null }],
    ),
  });

  const zones = new Map<string, CloudflareTestZone>();
  const activationChecks: string[] = [];
  const readyToActivate = new Set<string>();
  let serial = 1;
  const hex = () => (serial++).toString(16).padStart(32, '0');
  /** One page of a list, as `?page=&per_page=` ask (Cloudflare's defaults: page 1, 20 per page). */
  const list = (all: unknown[], query: URLSearchParams) => {
    const page = Math.max(1, Number(query.get('page')) || 1);
    const perPage = Math.min(100, Math.max(1, Number(query.get('per_page')) || 20));
    const result = all.slice((page - 1) * perPage, page * perPage);
    return {
      status: 200,
      body: {
        ...envelope(result),
        result_info: {
          page,
          per_page: perPage,
          count: result.length,
          total_count: all.length,
          total_pages: Math.max(1, Math.ceil(all.length / perPage)),
        },
      },
    };
  };
  const zoneView = (z: CloudflareTestZone) => ({
    id: z.id,
    name: z.name,
    status: z.status,
    name_servers: z.name_servers,
    account: z.account,
    type: 'full',
  });
  const recordMissing = () => cloudflareFailure(404, [{ code: 81044, message: 'Record does not exist.' }]);
  const invalid = (message: string) => cloudflareFailure(400, [{ code: 9000, message }]);
  const u16 = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 65_535;

  /** The record a create or overwrite asks for, checked as Cloudflare does, or its refusal. */
  function recordFrom(body: Record<string, unknown>, id: string): CloudflareTestRecord | TestReply {
    const type = String(body.type ?? '');
    const name = String(body.name ?? '');
    const ttl = Number(body.ttl ?? 1);
    if (!['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV'].includes(type)) return invalid('Invalid DNS record type');
    if (!name) return invalid('DNS record name is required');
    if (ttl !== 1 && (ttl < 60 || ttl > 86_400))
      return invalid('Invalid TTL. Must be between 60 and 86400 seconds, or 1 for Automatic.');
    const proxiable = type === 'A' || type === 'AAAA' || type === 'CNAME';
    if (body.proxied === true && !proxiable)
      return cloudflareFailure(400, [{ code: 9004, message: 'This record type cannot be proxied.' }]);
    const base = { id, type, name, ttl, proxied: body.proxied === true, proxiable };
    if (type === 'SRV') {
      const d = (body.data ?? {}) as Record<string, unknown>;
      if (!u16(d.priority) || !u16(d.weight) || !u16(d.port) || typeof d.target !== 'string' || !d.target)
        return invalid('SRV records need data.priority, data.weight, data.port and data.target');
      const data = {
        priority: d.priority as number,
        weight: d.weight as number,
        port: d.port as number,
        target: d.target,
      };
      return {
        ...base,
        content: `${data.weight} ${data.port} ${data.target}`,
        priority: data.priority,
        data,
      };
    }
    if (typeof body.content !== 'string' || !body.content) return invalid('DNS record content is required');
    if (type === 'MX' && !u16(body.priority)) return invalid('MX records need a priority from 0 to 65535');
    return {
      ...base,
      content: body.content,
      ...(type === 'MX' ? { priority: body.priority as number } : {}),
    };
  }
  const duplicate = (zone: CloudflareTestZone, r: CloudflareTestRecord) =>
    zone.records.some(
      (x) => x.id !== r.id && x.type === r.type && x.name === r.name && x.content === r.content,
    )
      ? cloudflareFailure(400, [{ code: 81058, message: 'An identical record already exists.' }])
      : null;

  const notFound = (path: string) =>
    cloudflareFailure(404, [
      { code: 7003, message: `Could not route to ${path}, perhaps your object identifier is invalid?` },
    ]);

  function zonesApi(req: RecordedHttpRequest): TestReply | null {
    const q = new URLSearchParams(req.query);
    let body: Record<string, unknown> = {};
    try {
      body = req.body ? JSON.parse(req.body) : {};
    } catch {
      return cloudflareFailure(400, [{ code: 6007, message: 'Malformed JSON in request body' }]);
    }
    const p = req.path.replace(/^\/client\/v4/, '');
    if (p === '/zones' && req.method === 'GET') {
      const name = q.get('name');
      const account = q.get('account.id');
      return list(
        [...zones.values()]
          .filter((z) => (!name || z.name === name) && (!account || z.account.id === account))
          .map(zoneView),
        q,
      );
    }
    if (p === '/zones' && req.method === 'POST') {
      const name = String(body.name ?? '');
      const account = (body.account as { id?: string } | undefined)?.id;
      if (!account) return cloudflareFailure(400, [{ code: 1199, message: 'account.id is required' }]);
      if ([...zones.values()].some((z) => z.name === name))
        return cloudflareFailure(400, [{ code: 1061, message: `${name} already exists` }]);
      const zone: CloudflareTestZone = {
        id: hex(),
        name,
        status: 'pending',
        name_servers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
        account: { id: account },
        ssl: 'flexible',
        records: [],
      };
      zones.set(zone.id, zone);
      return { status: 200, body: envelope(zoneView(zone)) };
    }
    const m = /^\/zones\/([^/]+)(\/.*)?$/.exec(p);
    if (!m) return null;
    const zone = zones.get(m[1]!);
    if (!zone) return notFound(p);
    const rest = m[2] ?? '';
    if (rest === '' && req.method === 'GET') return { status: 200, body: envelope(zoneView(zone)) };
    if (rest === '' && req.method === 'DELETE') {
      zones.delete(zone.id);
      return { status: 200, body: envelope({ id: zone.id }) };
    }
    if (rest === '/settings/ssl' && req.method === 'PATCH') {
      const value = body.value;
      if (value !== 'off' && value !== 'flexible' && value !== 'full' && value !== 'strict')
        return cloudflareFailure(400, [{ code: 1007, message: 'Invalid value for zone setting ssl' }]);
      zone.ssl = value;
      return { status: 200, body: envelope({ id: 'ssl', value, editable: true }) };
    }
    if (rest === '/dns_records' && req.method === 'GET') return list(zone.records, q);
    if (rest === '/settings/ssl' && req.method === 'GET')
      return { status: 200, body: envelope({ id: 'ssl', value: zone.ssl, editable: true }) };
    if (rest === '/activation_check' && req.method === 'PUT') {
      activationChecks.push(zone.id);
      if (readyToActivate.delete(zone.id)) zone.status = 'active';
      return { status: 200, body: envelope({ id: zone.id }) };
    }
    if (rest === '/dns_records' && req.method === 'POST') {
      const record = recordFrom(body, hex());
      if (!('id' in record)) return record;
      const refused = duplicate(zone, record);
      if (refused) return refused;
      zone.records.push(record);
      return { status: 200, body: envelope(record) };
    }
    const r = /^\/dns_records\/([^/]+)$/.exec(rest);
    const index = r ? zone.records.findIndex((x) => x.id === r[1]) : -1;
    if (r && index < 0) return recordMissing();
    if (r && req.method === 'GET') return { status: 200, body: envelope(zone.records[index]) };
    // PUT overwrites the record; PATCH changes only the fields it names.
    if (r && (req.method === 'PUT' || req.method === 'PATCH')) {
      const before = zone.records[index]!;
      const merged =
        req.method === 'PATCH'
          ? { ...before, ...body, data: { ...before.data, ...(body.data as object) } }
          : body;
      const record = recordFrom(merged, before.id);
      if (!('id' in record)) return record;
      const refused = duplicate(zone, record);
      if (refused) return refused;
      zone.records[index] = record;
      return { status: 200, body: envelope(record) };
    }
    if (r && req.method === 'DELETE') {
      zone.records.splice(index, 1);
      return { status: 200, body: envelope({ id: r[1] }) };
    }
    return null;
  }

  const bare = await startBareTestServer(
    (req) => {
      const failure = failures.shift();
      if (failure) return failure;
      const auth = req.headers.authorization;
      const match = auth ? /^Bearer ([A-Za-z0-9_-]+)$/.exec(auth) : null;
      if (!match) {
        return cloudflareFailure(400, [
          {
            code: 6003,
            message: 'Invalid request headers',
            error_chain: [{ code: 6111, message: 'Invalid format for Authorization header' }],
          },
        ]);
      }
      const info = tokens.get(match[1]!);
      if (req.method === 'GET' && req.path === '/client/v4/user/tokens/verify') {
        if (!info || (info.owner ?? 'user') !== 'user') return INVALID_TOKEN();
        return verified(info);
      }
      if (req.path.startsWith('/client/v4/zones')) {
        if (!info || (info.status ?? 'active') !== 'active') return INVALID_TOKEN();
        const answer = zonesApi(req);
        if (answer) return answer;
      }
      const account = /^\/client\/v4\/accounts\/([^/]+)\/tokens\/verify$/.exec(req.path);
      if (req.method === 'GET' && account) {
        if (!info || info.owner !== 'account' || (info.accountId ?? accountId) !== account[1])
          return INVALID_TOKEN();
        return verified(info);
      }
      return cloudflareFailure(404, [
        {
          code: 7003,
          message: 'Could not route to ' + req.path + ', perhaps your object identifier is invalid?',
        },
      ]);
    },
    { delayMs: (req) => options.delayMs?.(req) ?? 0 },
  );

  return {
    url: bare.url,
    baseUrl: `${bare.url}/client/v4`,
    accountId,
    zones,
    activate(zoneId) {
      const zone = zones.get(zoneId);
      if (zone) zone.status = 'active';
    },
    activateOnCheck(zoneId) {
      readyToActivate.add(zoneId);
    },
    activationChecks,
    requests: bare.requests,
    addToken(token, info = {}) {
      tokens.set(token, info);
    },
    failNext(status, errors) {
      failures.push(cloudflareFailure(status, errors));
    },
    hangNext: bare.hangNext,
    close: bare.close,
  };
}
