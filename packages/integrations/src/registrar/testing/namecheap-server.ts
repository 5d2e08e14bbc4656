/**
 * A local server speaking Namecheap's XML API (one endpoint, `Command` among the form or query
 * parameters) for the calls Blogfleet makes: users.getBalances, users.getPricing, domains.check,
 * domains.create, domains.getList and domains.dns.setCustom, with Namecheap's `<ApiResponse
 * Status="ERROR"><Errors>` answers, the API user / key / whitelisted client IP check, an account
 * balance, a rate limit on checks and an answer that can be lost after the registration. Loopback only;
 * for tests.
 */
import { startBareTestServer, type RecordedHttpRequest, type TestReply } from '../../test-server';

export interface NamecheapTestServerOptions {
  apiUser?: string;
  apiKey?: string;
  /** The only `ClientIp` accepted (default 203.0.113.7); any other is answered 1011150. */
  clientIp?: string;
  /** Available account balance in US cents (default $100). */
  balanceCents?: number;
  /**
   * One-year registration prices in US cents by TLD, before the 18-cent ICANN fee Namecheap adds on
   * gTLDs (getPricing's AdditionalCost; create charges both). Default: com 1098, net 1298, org 1098,
   * io 3498, xyz 198.
   */
  pricesCents?: Record<string, number>;
  /** Premium names with their registration price in US cents (the ICANN fee comes on top). */
  premiumCents?: Record<string, number>;
  /** Names somebody else holds. */
  taken?: string[];
  /** domains.check calls allowed before the rate limit answers HTTP 429 "Too many requests". */
  checkLimit?: number;
  /** Milliseconds every answer waits, after the work is done (default 0). */
  delayMs?: number;
}

export interface NamecheapOwnedDomain {
  nameservers: string[];
  /** MM/DD/YYYY, as Namecheap writes dates. */
  created: string;
  expires: string;
}

export interface NamecheapTestServer {
  url: string;
  /** `url` + `/xml.response`: the client's base URL. */
  baseUrl: string;
  apiUser: string;
  apiKey: string;
  clientIp: string;
  requests: RecordedHttpRequest[];
  /** The `Command` of every request, in order. */
  commands(): string[];
  /** Domains the account holds (tests may add some), with their name servers. */
  owned: Map<string, NamecheapOwnedDomain>;
  /** Registrations actually charged. */
  charges: { domain: string; costCents: number; orderId: string }[];
  balanceCents: number;
  /**
   * The next request (or the next one of `command`) is answered with this HTTP status and raw body
   * (Namecheap XML, an HTML error page, anything) instead of being carried out.
   */
  failNext(status: number, body: string, command?: string): void;
  /** The next create registers (and charges) but the answer is lost: the client sees a cut connection. */
  loseNextCreateAnswer(): void;
  /** The next request gets no answer until the server closes (the client's deadline fires). */
  hangNext(): void;
  close(): Promise<void>;
}

const DEFAULT_PRICES: Record<string, number> = { com: 1098, net: 1298, org: 1098, io: 3498, xyz: 198 };
const ICANN_FEE_CENTS = 18;
const DEFAULT_NAMESERVERS = ['dns1.registrar-servers.com', 'dns2.registrar-servers.com'];
const CONTACT_ROLES = ['Registrant', 'Tech', 'Admin', 'AuxBilling'];
const CONTACT_FIELDS = [
  'FirstName',
  'LastName',
  'Address1',
  'City',
  'StateProvince',
  'PostalCode',
  'Country',
  'Phone',
  'EmailAddress',
];

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const attrs = (values: Record<string, string | number | boolean>) =>
  Object.entries(values)
    .map(([k, v]) => ` ${k}="${esc(String(v))}"`)
    .join('');
const money = (c: number) => (c / 100).toFixed(2);
/** MM/DD/YYYY in UTC. */
const mdy = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;

function envelope(status: 'OK' | 'ERROR', command: string, errors: string, inner: string): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<ApiResponse Status="${status}" xmlns="http://api.namecheap.com/xml.response">`,
    errors ? `  <Errors>${errors}</Errors>` : '  <Errors />',
    '  <Warnings />',
    `  <RequestedCommand>${esc(command)}</RequestedCommand>`,
    inner ? `  <CommandResponse Type="${esc(command)}">${inner}</CommandResponse>` : '',
    '  <Server>TEST-SERVER</Server>',
    '  <GMTTimeDifference>--5:00</GMTTimeDifference>',
    '  <ExecutionTime>0.01</ExecutionTime>',
    '</ApiResponse>',
  ]
    .filter(Boolean)
    .join('\n');
}

/** Namecheap's error answer: `<ApiResponse Status="ERROR"><Errors><Error Number="…">message</Error>`. */
export function namecheapErrorXml(number: string, message: string, command = ''): string {
  return envelope('ERROR', command, `<Error Number="${esc(number)}">${esc(message)}</Error>`, '');
}

const XML = { 'content-type': 'text/xml; charset=utf-8' };
const ok = (command: string, inner: string): TestReply => ({
  status: 200,
  body: envelope('OK', command, '', inner),
  headers: XML,
});
/** Namecheap answers its errors with HTTP 200 and Status="ERROR". */
const fail = (command: string, number: string, message: string, status = 200): TestReply => ({
  status,
  body: namecheapErrorXml(number, message, command),
  headers: XML,
});

/** Query and form parameters together, names in lower case (Namecheap ignores their case). */
function paramsOf(req: RecordedHttpRequest): Map<string, string> {
  const params = new Map<string, string>();
  for (const source of [req.query, req.body]) {
    for (const [k, v] of new URLSearchParams(source)) params.set(k.toLowerCase(), v);
  }
  return params;
}

export async function startNamecheapTestServer(
  options: NamecheapTestServerOptions = {},
): Promise<NamecheapTestServer> {
  const apiUser = options.apiUser ?? 'blogfleet';
  const apiKey = options.apiKey ?? 'nc0test0000000000000000000000000';
  const clientIp = options.clientIp ?? '203.0.113.7';
  const prices = { ...DEFAULT_PRICES, ...options.pricesCents };
  const premium = new Map(Object.entries(options.premiumCents ?? {}).map(([d, c]) => [d.toLowerCase(), c]));
  const taken = new Set((options.taken ?? []).map((d) => d.toLowerCase()));
  const failures: { command: string | null; reply: TestReply }[] = [];
  let checks = 0;
  let loseCreate = 0;
  let nextId = 9000;

  const state: Pick<NamecheapTestServer, 'owned' | 'charges' | 'balanceCents'> = {
    owned: new Map(),
    charges: [],
    balanceCents: options.balanceCents ?? 10_000,
  };

  const tldOf = (domain: string) => domain.slice(domain.indexOf('.') + 1);
  const feeOf = (tld: string) => (tld.length === 2 ? 0 : ICANN_FEE_CENTS);
  const isAvailable = (domain: string) =>
    !taken.has(domain) &&
    !state.owned.has(domain) &&
    (premium.has(domain) || prices[tldOf(domain)] !== undefined);

  function check(command: string, params: Map<string, string>): TestReply {
    checks++;
    if (options.checkLimit !== undefined && checks > options.checkLimit)
      return fail(command, '500000', 'Too many requests', 429);
    const list = (params.get('domainlist') ?? '')
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean);
    if (!list.length) return fail(command, '2011169', 'Parameter DomainList is missing');
    const results = list.map((domain) => {
      const p = premium.get(domain);
      const fee = p === undefined ? 0 : feeOf(tldOf(domain));
      return `<DomainCheckResult${attrs({
        Domain: domain,
        Available: isAvailable(domain),
        ErrorNo: 0,
        Description: '',
        IsPremiumName: p !== undefined,
        PremiumRegistrationPrice: p === undefined ? '0' : money(p),
        PremiumRenewalPrice: p === undefined ? '0' : money(p),
        PremiumRestorePrice: '0',
        PremiumTransferPrice: '0',
        IcannFee: money(fee),
        EapFee: '0.0',
      })} />`;
    });
    return ok(command, results.join(''));
  }

  function pricing(command: string, params: Map<string, string>): TestReply {
    if ((params.get('producttype') ?? '').toUpperCase() !== 'DOMAIN')
      return fail(command, '2011170', 'Parameter ProductType is invalid');
    const action = (params.get('actionname') ?? 'REGISTER').toUpperCase();
    const only = params.get('productname')?.toLowerCase();
    const products =
      action !== 'REGISTER'
        ? []
        : Object.entries(prices)
            .filter(([tld]) => !only || tld === only)
            .map(([tld, c]) => {
              const years = [1, 2].map(
                (n) =>
                  `<Price${attrs({
                    Duration: n,
                    DurationType: 'YEAR',
                    Price: money(c),
                    PricingType: 'MULTIPLE',
                    AdditionalCost: money(feeOf(tld)),
                    RegularPrice: money(c),
                    RegularAdditionalCost: money(feeOf(tld)),
                    YourPrice: money(c),
                    YourAdditonalCost: money(feeOf(tld)),
                    PromotionPrice: '0.0',
                    Currency: 'USD',
                  })} />`,
              );
              return `<Product Name="${esc(tld)}">${years.join('')}</Product>`;
            });
    return ok(
      command,
      `<UserGetPricingResult><ProductType Name="domains"><ProductCategory Name="register">${products.join(
        '',
      )}</ProductCategory></ProductType></UserGetPricingResult>`,
    );
  }

  function create(command: string, params: Map<string, string>): TestReply {
    const domain = (params.get('domainname') ?? '').trim().toLowerCase();
    if (!domain) return fail(command, '2011169', 'Parameter DomainName is missing');
    for (const role of CONTACT_ROLES) {
      for (const field of CONTACT_FIELDS) {
        if (!params.get(`${role}${field}`.toLowerCase())?.trim())
          return fail(command, '2011280', `Parameter ${role}${field} is missing`);
      }
    }
    if (!isAvailable(domain))
      return fail(command, '2033409', `Domain ${domain} is not available for registration`);
    const years = Number(params.get('years') ?? '2');
    if (years !== 1) return fail(command, '2011170', 'This test server registers for one year only');
    const p = premium.get(domain);
    if (p !== undefined) {
      if (params.get('ispremiumdomain')?.toLowerCase() !== 'true' || params.get('premiumprice') !== money(p))
        return fail(
          command,
          '2515610',
          'Premium price mismatch: IsPremiumDomain and PremiumPrice are required',
        );
    }
    const cost = (p ?? prices[tldOf(domain)]!) + feeOf(tldOf(domain));
    if (state.balanceCents < cost)
      return fail(command, '2528166', 'Order creation failed: Insufficient funds');
    state.balanceCents -= cost;
    const now = new Date();
    const expires = new Date(now);
    expires.setUTCFullYear(expires.getUTCFullYear() + 1);
    state.owned.set(domain, {
      nameservers: [...DEFAULT_NAMESERVERS],
      created: mdy(now),
      expires: mdy(expires),
    });
    const id = nextId++;
    const orderId = String(190_000 + id);
    state.charges.push({ domain, costCents: cost, orderId });
    return ok(
      command,
      `<DomainCreateResult${attrs({
        Domain: domain,
        Registered: true,
        ChargedAmount: money(cost),
        DomainID: id,
        OrderID: orderId,
        TransactionID: 380_000 + id,
        WhoisguardEnable: params.get('wgenabled') === 'yes',
        FreePositiveSSL: false,
        NonRealTimeDomain: false,
      })} />`,
    );
  }

  function getList(command: string, params: Map<string, string>): TestReply {
    const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
    const size = Math.min(100, Math.max(10, Number(params.get('pagesize') ?? '20') || 20));
    const term = params.get('searchterm')?.toLowerCase();
    const all = [...state.owned.entries()]
      .filter(([name]) => !term || name.includes(term))
      .sort(([a], [b]) => a.localeCompare(b));
    const rows = all.slice((page - 1) * size, page * size).map(
      ([name, d], i) =>
        `<Domain${attrs({
          ID: 100 + i + (page - 1) * size,
          Name: name,
          User: apiUser,
          Created: d.created,
          Expires: d.expires,
          IsExpired: false,
          IsLocked: false,
          AutoRenew: false,
          WhoisGuard: 'ENABLED',
          IsPremium: premium.has(name),
          IsOurDNS: d.nameservers.every((ns) => ns.endsWith('.registrar-servers.com')),
        })} />`,
    );
    return ok(
      command,
      `<DomainGetListResult>${rows.join('')}</DomainGetListResult>` +
        `<Paging><TotalItems>${all.length}</TotalItems><CurrentPage>${page}</CurrentPage><PageSize>${size}</PageSize></Paging>`,
    );
  }

  function setCustom(command: string, params: Map<string, string>): TestReply {
    const sld = params.get('sld')?.trim().toLowerCase();
    const tld = params.get('tld')?.trim().toLowerCase();
    if (!sld || !tld) return fail(command, '2011169', 'Parameters SLD and TLD are required');
    const domain = `${sld}.${tld}`;
    const owned = state.owned.get(domain);
    if (!owned) return fail(command, '2016166', 'Domain is not associated with your account');
    const ns = (params.get('nameservers') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!ns.length) return fail(command, '2011169', 'Parameter Nameservers is missing');
    owned.nameservers = ns;
    return ok(command, `<DomainDNSSetCustomResult${attrs({ Domain: domain, Update: true })} />`);
  }

  function handle(req: RecordedHttpRequest): TestReply {
    const params = paramsOf(req);
    const command = params.get('command') ?? '';
    const failure = failures.findIndex((f) => f.command === null || f.command === command.toLowerCase());
    if (failure >= 0) return failures.splice(failure, 1)[0]!.reply;
    if (req.method !== 'GET' && req.method !== 'POST') return { status: 405, body: 'Method Not Allowed' };
    // Namecheap checks the caller before it looks at the command.
    if (!params.get('apiuser')) return fail(command, '1010101', 'Parameter APIUser is missing');
    if (!params.get('apikey')) return fail(command, '1010102', 'Parameter APIKey is missing');
    if (params.get('apiuser') !== apiUser || params.get('apikey') !== apiKey)
      return fail(command, '1011102', 'API Key is invalid or API access has not been enabled');
    if (params.get('username') !== apiUser) return fail(command, '1016103', 'UserName is unauthorized');
    if (!params.get('clientip')) return fail(command, '1011105', 'Parameter ClientIP is missing');
    if (params.get('clientip') !== clientIp)
      return fail(command, '1011150', `Invalid request IP: ${params.get('clientip')}`);
    if (!command) return fail(command, '1010104', 'Parameter Command is missing');
    switch (command.toLowerCase()) {
      case 'namecheap.users.getbalances':
        return ok(
          command,
          `<UserGetBalancesResult${attrs({
            Currency: 'USD',
            AvailableBalance: money(state.balanceCents),
            AccountBalance: money(state.balanceCents),
            EarnedAmount: '0.00',
            WithdrawableAmount: '0.00',
            FundsRequiredForAutoRenew: '0.00',
          })} />`,
        );
      case 'namecheap.users.getpricing':
        return pricing(command, params);
      case 'namecheap.domains.check':
        return check(command, params);
      case 'namecheap.domains.create': {
        const before = state.charges.length;
        const reply = create(command, params);
        if (loseCreate > 0 && state.charges.length > before) {
          loseCreate--;
          return { ...reply, drop: true };
        }
        return reply;
      }
      case 'namecheap.domains.getlist':
        return getList(command, params);
      case 'namecheap.domains.dns.setcustom':
        return setCustom(command, params);
      default:
        return fail(command, '1011104', `Unknown command: ${command}`);
    }
  }

  const server = await startBareTestServer(handle, { delayMs: () => options.delayMs ?? 0 });
  const url = server.url;

  return {
    url,
    baseUrl: `${url}/xml.response`,
    apiUser,
    apiKey,
    clientIp,
    requests: server.requests,
    commands: () => server.requests.map((r) => paramsOf(r).get('command') ?? ''),
    get owned() {
      return state.owned;
    },
    get charges() {
      return state.charges;
    },
    get balanceCents() {
      return state.balanceCents;
    },
    set balanceCents(v: number) {
      state.balanceCents = v;
    },
    failNext(status, body, command) {
      const xml = /^\s*<(\?xml|ApiResponse)/.test(body);
      failures.push({
        command: command?.toLowerCase() ?? null,
        reply: { status, body, headers: xml ? XML : undefined },
      });
    },
    loseNextCreateAnswer() {
      loseCreate++;
    },
    hangNext: server.hangNext,
    close: server.close,
  };
}
