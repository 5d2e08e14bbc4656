import { isIPv4 } from 'node:net';
import { XMLParser } from 'fast-xml-parser';
import { IntegrationError, type IntegrationErrorKind } from '../errors';
import { checkBaseUrl, connectionReason, displayUrl, kindForHttpStatus, redactSecrets } from '../http-json';
import {
  NAMECHEAP_API_URL,
  type DomainCheck,
  type NamecheapConfig,
  type NamecheapContact,
  type OwnedDomain,
  type PurchasePreview,
  type PurchaseResult,
  type Registrar,
  type RegistrarPing,
} from './types';

export const NAMECHEAP_DEFAULTS = {
  timeoutMs: 15_000,
  /** How long one adapter reuses a TLD's registration price (Namecheap asks callers to cache them). */
  priceCacheMs: 5 * 60_000,
} as const;

/** Namecheap's errors about the caller itself: API user, key, whitelisted IP, user name (global codes). */
const AUTH_CODES = new Set([
  '1010101', // APIUser is missing
  '1010102', // APIKey is missing
  '1011102', // API Key is invalid or API access has not been enabled
  '1010105', // ClientIP is missing
  '1011105', // ClientIP is missing
  '1050900', // Unknown error when validating APIUser
  '1011150', // Invalid request IP
  '1017150', // RequestIP is disabled or locked
  '1017105', // ClientIP is disabled or locked
  '1017101', // ApiUser is disabled or locked
  '1019103', // UserName is not available
  '1016103', // UserName is unauthorized
  '1017103', // UserName is disabled or locked
]);

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
] as const;
const OPTIONAL_CONTACT_FIELDS = ['Address2', 'OrganizationName'] as const;
/** Namecheap wants the four contacts of a registration spelled out; ours are all the same person. */
const CONTACT_ROLES = ['Registrant', 'Tech', 'Admin', 'AuxBilling'] as const;

/** getList pages: Namecheap's maximum page size. */
const PAGE = 100;
const MAX_PAGES = 1_000;

type XmlNode = Record<string, unknown>;

/** Elements that may repeat are always arrays, even when Namecheap sends one. */
const REPEATED = new Set([
  'Error',
  'Warning',
  'DomainCheckResult',
  'Domain',
  'ProductType',
  'ProductCategory',
  'Product',
  'Price',
]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  removeNSPrefix: true,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATED.has(name),
});

const node = (value: unknown): XmlNode =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as XmlNode) : {};
const nodes = (value: unknown): XmlNode[] =>
  Array.isArray(value) ? value.map(node) : value && typeof value === 'object' ? [node(value)] : [];
const str = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
const yes = (value: unknown) => str(value).toLowerCase() === 'true';

/** Namecheap writes amounts as decimal dollar strings ("10.98"); "" is no amount. */
function cents(value: unknown): number | null {
  const s = str(value);
  const n = s ? Number(s) : NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}
const int = (value: unknown): number | null => {
  const s = str(value);
  const n = s ? Number(s) : NaN;
  return Number.isFinite(n) ? Math.round(n) : null;
};
/** "11/24/2026" (Namecheap's dates, month first) or null. */
function date(value: unknown): Date | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(str(value));
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2])));
  return Number.isNaN(d.getTime()) ? null : d;
}
const dollars = (c: number) => `$${(c / 100).toFixed(2)}`;
const normalize = (domain: string) => domain.trim().toLowerCase().replace(/\.$/, '');
const tldOf = (domain: string) => domain.slice(domain.indexOf('.') + 1);

/** The `<ApiResponse>` element of an answer, or null when the answer is not Namecheap's XML. */
function parseAnswer(text: string): XmlNode | null {
  if (!text.trim()) return null;
  try {
    const root = node(node(parser.parse(text)).ApiResponse);
    return 'Status' in root ? root : null;
  } catch {
    return null;
  }
}

/** `<Errors><Error Number="2011170">message</Error></Errors>`. */
function errorsOf(answer: XmlNode): { number: string | null; message: string }[] {
  const list = node(answer.Errors).Error;
  return (Array.isArray(list) ? list : []).map((e: unknown) =>
    typeof e === 'string'
      ? { number: null, message: e.trim() }
      : { number: str(node(e).Number) || null, message: str(node(e)['#text']) },
  );
}

function kindOf(status: number, code: string | null, message: string): IntegrationErrorKind {
  if (code && AUTH_CODES.has(code)) return 'unauthorized';
  if (/api ?key is invalid|api access has not been enabled|invalid request ?ip/i.test(message))
    return 'unauthorized';
  if (status === 429 || /too many requests|rate limit/i.test(message)) return 'rate_limited';
  if (status >= 400) return kindForHttpStatus(status);
  return 'upstream';
}

interface Quote {
  domain: string;
  available: boolean;
  premium: boolean;
  /** First year, fees included, in US cents. */
  priceCents: number | null;
  /** What domains.create wants repeated for a premium name (dollar strings as Namecheap wrote them). */
  premiumPrice: string | null;
  eapFee: string | null;
}

/**
 * Namecheap through its XML API: one endpoint, the command and the global parameters (ApiUser, ApiKey,
 * UserName, ClientIp) in a form-encoded POST body, so the key never appears in a URL.
 */
export class NamecheapRegistrar implements Registrar {
  readonly provider = 'namecheap' as const;
  readonly #config: Required<Omit<NamecheapConfig, 'contact'>> & { contact: NamecheapContact | null };
  readonly #prices = new Map<string, { at: number; cents: Promise<number | null> }>();

  constructor(config: NamecheapConfig) {
    const missing = [
      !config.apiUser?.trim() && 'API user',
      !config.apiKey && 'API key',
      !config.clientIp?.trim() && 'client IP',
    ].filter((m): m is string => typeof m === 'string');
    if (missing.length) {
      throw new IntegrationError(
        'registrar',
        'not_configured',
        `The Namecheap ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set`,
      );
    }
    if (!isIPv4(config.clientIp.trim())) {
      throw new IntegrationError(
        'registrar',
        'invalid',
        'The Namecheap client IP must be the IPv4 address whitelisted for API access',
      );
    }
    this.#config = {
      apiUser: config.apiUser.trim(),
      apiKey: config.apiKey,
      userName: config.userName?.trim() || config.apiUser.trim(),
      clientIp: config.clientIp.trim(),
      contact: config.contact ?? null,
      baseUrl: checkBaseUrl('registrar', 'Namecheap', config.baseUrl || NAMECHEAP_API_URL),
      timeoutMs: config.timeoutMs ?? NAMECHEAP_DEFAULTS.timeoutMs,
    };
  }

  /** One command; answers its `<CommandResponse>`, or throws Namecheap's `<Errors>` as an IntegrationError. */
  async #call(command: string, params: Record<string, string> = {}): Promise<XmlNode> {
    const { apiUser, apiKey, userName, clientIp, baseUrl, timeoutMs } = this.#config;
    const secrets = [apiKey];
    const shown = displayUrl(baseUrl);
    const body = new URLSearchParams({
      ...params,
      ApiUser: apiUser,
      ApiKey: apiKey,
      UserName: userName,
      ClientIp: clientIp,
      Command: command,
    });
    let res: Response;
    try {
      res = await fetch(baseUrl, {
        method: 'POST',
        headers: {
          accept: 'application/xml, text/xml',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: body.toString(),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new IntegrationError(
          'registrar',
          'timeout',
          `Namecheap did not answer within ${Math.round(timeoutMs / 1000)} s (${shown})`,
          { url: shown },
        );
      }
      throw new IntegrationError(
        'registrar',
        'unreachable',
        redactSecrets(`Namecheap API unreachable at ${shown}: ${connectionReason(err)}`, secrets),
        { url: shown },
      );
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      const name = (err as { name?: string }).name;
      throw new IntegrationError(
        'registrar',
        name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable',
        `Namecheap broke off its answer (${shown})`,
        { url: shown, status: res.status },
      );
    }
    const answer = parseAnswer(text);
    if (res.status < 400 && answer && str(answer.Status).toUpperCase() === 'OK')
      return node(answer.CommandResponse);
    const errors = answer ? errorsOf(answer) : [];
    const own =
      errors
        .map((e) => e.message)
        .filter(Boolean)
        .join('; ') || null;
    const message =
      own ??
      (answer === null
        ? `Namecheap answered HTTP ${res.status} without an XML body`
        : `Namecheap answered HTTP ${res.status} with status ${str(answer.Status) || '(none)'}`);
    const code = errors.find((e) => e.number)?.number ?? null;
    throw new IntegrationError(
      'registrar',
      kindOf(res.status, code, message),
      redactSecrets(message, secrets),
      {
        status: res.status,
        providerCode: code ?? undefined,
        url: shown,
      },
    );
  }

  #upstream(message: string): IntegrationError {
    return new IntegrationError('registrar', 'upstream', message, { url: displayUrl(this.#config.baseUrl) });
  }

  /** `namecheap.users.getBalances`: AvailableBalance (what can be spent now) in cents. */
  async #balanceCents(): Promise<number | null> {
    const res = await this.#call('namecheap.users.getBalances');
    return cents(node(res.UserGetBalancesResult).AvailableBalance);
  }

  /**
   * `namecheap.users.getPricing` for one TLD: the one-year REGISTER price plus its additional cost (the
   * ICANN fee Namecheap charges on top). Cached per adapter for a few minutes, failures not.
   */
  #tldPrice(tld: string): Promise<number | null> {
    const now = Date.now();
    const cached = this.#prices.get(tld);
    if (cached && now - cached.at < NAMECHEAP_DEFAULTS.priceCacheMs) return cached.cents;
    const price = this.#fetchTldPrice(tld);
    this.#prices.set(tld, { at: now, cents: price });
    price.catch(() => {
      if (this.#prices.get(tld)?.cents === price) this.#prices.delete(tld);
    });
    return price;
  }

  async #fetchTldPrice(tld: string): Promise<number | null> {
    const res = await this.#call('namecheap.users.getPricing', {
      ProductType: 'DOMAIN',
      ActionName: 'REGISTER',
      ProductName: tld.toUpperCase(),
    });
    for (const type of nodes(node(res.UserGetPricingResult).ProductType)) {
      for (const category of nodes(type.ProductCategory)) {
        if (str(category.Name).toLowerCase() !== 'register') continue;
        for (const product of nodes(category.Product)) {
          if (str(product.Name).toLowerCase() !== tld) continue;
          const year = nodes(product.Price).find(
            (p) => str(p.Duration) === '1' && str(p.DurationType).toUpperCase() === 'YEAR',
          );
          if (!year || (str(year.Currency) && str(year.Currency).toUpperCase() !== 'USD')) return null;
          const price = cents(year.Price) ?? cents(year.YourPrice);
          return price === null ? null : price + (cents(year.AdditionalCost) ?? 0);
        }
      }
    }
    return null;
  }

  /** `namecheap.domains.check`, then the price: the premium price it quotes, else the TLD's price. */
  async #quote(domain: string): Promise<Quote> {
    const name = normalize(domain);
    const res = await this.#call('namecheap.domains.check', { DomainList: name });
    const result = nodes(res.DomainCheckResult).find((r) => str(r.Domain).toLowerCase() === name);
    if (!result) throw this.#upstream(`Namecheap's check did not mention ${name}`);
    const available = yes(result.Available);
    const premium = yes(result.IsPremiumName);
    let priceCents: number | null = null;
    if (available && premium) {
      const base = cents(result.PremiumRegistrationPrice);
      priceCents = base === null ? null : base + (cents(result.EapFee) ?? 0) + (cents(result.IcannFee) ?? 0);
    } else if (available) {
      priceCents = await this.#tldPrice(tldOf(name));
    }
    return {
      domain: name,
      available,
      premium,
      priceCents,
      premiumPrice: premium ? str(result.PremiumRegistrationPrice) || null : null,
      eapFee: premium && cents(result.EapFee) ? str(result.EapFee) : null,
    };
  }

  #missingContactFields(): string[] {
    const contact = this.#config.contact;
    return CONTACT_FIELDS.filter((f) => !contact?.[f]?.trim());
  }

  /** Proves the API user, key and whitelisted IP with `namecheap.users.getBalances`. */
  async ping(): Promise<RegistrarPing> {
    await this.#call('namecheap.users.getBalances');
    // Namecheap does not say which address it saw: a success only proves it is whitelisted.
    return { ip: null };
  }

  async checkDomain(domain: string): Promise<DomainCheck> {
    const quote = await this.#quote(domain);
    return { domain, available: quote.available, priceCents: quote.priceCents, premium: quote.premium };
  }

  /**
   * Namecheap has no dry run: availability and price from check (+ pricing), funds from getBalances,
   * and the registrant contact a create would need.
   */
  async previewPurchase(domain: string, costCents: number): Promise<PurchasePreview> {
    const quote = await this.#quote(domain);
    const balanceCents = await this.#balanceCents();
    const cost = quote.priceCents ?? costCents;
    const sufficientFunds = balanceCents === null || balanceCents >= cost;
    const missing = this.#missingContactFields();
    let reason: string | null = null;
    if (!quote.available) reason = `${quote.domain} is not available.`;
    else if (quote.priceCents === null) reason = `Namecheap gave no price for ${quote.domain}.`;
    else if (quote.priceCents !== costCents)
      reason = `The cost does not match the current price of ${dollars(quote.priceCents)}.`;
    else if (missing.length) reason = `The registrant contact is incomplete (missing ${missing.join(', ')}).`;
    else if (!sufficientFunds) reason = 'Insufficient funds.';
    return { wouldSucceed: reason === null, costCents: cost, balanceCents, sufficientFunds, reason };
  }

  /**
   * `namecheap.domains.create` for one year, the configured contact as all four contacts.
   *
   * Namecheap has no idempotency key, so `idempotencyKey` cannot be sent. Never registering twice rests
   * on the account's own list instead: before creating, getList is asked whether the name is already
   * ours (an earlier call whose answer was lost on the way, or a retry after success), and if so that is
   * the answer and nothing is created or charged again. Two racing creates cannot both succeed either:
   * the registry gives a name to one registration only, the other is refused as unavailable.
   *
   * create takes no expected price, so the price is checked here first: a name whose price is no longer
   * `costCents` is refused before anything is charged. A short balance is refused by Namecheap (2528166
   * "Order creation failed: Insufficient funds") as an `upstream` error with that providerCode, like
   * Porkbun's refusal; previewPurchase reports it beforehand as `sufficientFunds: false`.
   */
  async purchase(domain: string, costCents: number, _idempotencyKey: string): Promise<PurchaseResult> {
    const name = normalize(domain);
    const owned = await this.#find(name);
    if (owned) return { domain: name, costCents, orderId: null, balanceCents: null };

    const missing = this.#missingContactFields();
    if (missing.length) {
      throw new IntegrationError(
        'registrar',
        'not_configured',
        `The Namecheap registrant contact is incomplete (missing ${missing.join(', ')})`,
      );
    }
    const quote = await this.#quote(name);
    if (!quote.available) throw this.#upstream(`${name} is not available for registration.`);
    if (quote.priceCents === null) throw this.#upstream(`Namecheap gave no price for ${name}.`);
    if (quote.priceCents !== costCents) {
      throw this.#upstream(
        `The price of ${name} is now ${dollars(quote.priceCents)}, not ${dollars(costCents)}; nothing was bought.`,
      );
    }

    const contact = this.#config.contact!;
    const params: Record<string, string> = { DomainName: name, Years: '1' };
    for (const role of CONTACT_ROLES) {
      for (const field of [...CONTACT_FIELDS, ...OPTIONAL_CONTACT_FIELDS]) {
        const value = contact[field]?.trim();
        if (value) params[`${role}${field}`] = value;
      }
    }
    params.AddFreeWhoisguard = 'yes';
    params.WGEnabled = 'yes';
    if (quote.premium && quote.premiumPrice) {
      params.IsPremiumDomain = 'true';
      params.PremiumPrice = quote.premiumPrice;
      if (quote.eapFee) params.EapFee = quote.eapFee;
    }
    const res = await this.#call('namecheap.domains.create', params);
    const result = node(res.DomainCreateResult);
    if (!yes(result.Registered)) throw this.#upstream(`Namecheap did not register ${name}.`);
    return {
      domain: name,
      costCents: cents(result.ChargedAmount) ?? costCents,
      orderId: str(result.OrderID) || null,
      balanceCents: null,
    };
  }

  /** `namecheap.domains.getList`, 100 a page (its maximum), optionally narrowed by a search term. */
  async #list(searchTerm?: string): Promise<OwnedDomain[]> {
    const owned: OwnedDomain[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const res = await this.#call('namecheap.domains.getList', {
        ListType: 'ALL',
        Page: String(page),
        PageSize: String(PAGE),
        SortBy: 'NAME',
        ...(searchTerm ? { SearchTerm: searchTerm } : {}),
      });
      const domains = nodes(node(res.DomainGetListResult).Domain);
      for (const d of domains) {
        const name = str(d.Name).toLowerCase();
        if (!name) continue;
        owned.push({ domain: name, createdAt: date(d.Created), expiresAt: date(d.Expires) });
      }
      const total = int(node(res.Paging).TotalItems);
      if (domains.length < PAGE || (total !== null && page * PAGE >= total)) break;
    }
    return owned;
  }

  async #find(name: string): Promise<OwnedDomain | null> {
    return (await this.#list(name)).find((d) => d.domain === name) ?? null;
  }

  async listOwned(): Promise<OwnedDomain[]> {
    return this.#list();
  }

  /** `namecheap.domains.dns.setCustom`: SLD and TLD apart, the name servers comma-separated. */
  async setNameservers(domain: string, nameservers: string[]): Promise<void> {
    const name = normalize(domain);
    const dot = name.indexOf('.');
    const list = nameservers.map((ns) => ns.trim().toLowerCase()).filter(Boolean);
    if (dot <= 0 || list.length === 0) {
      throw new IntegrationError(
        'registrar',
        'invalid',
        dot <= 0 ? `${domain} is not a domain name` : 'Name servers are required',
      );
    }
    const res = await this.#call('namecheap.domains.dns.setCustom', {
      SLD: name.slice(0, dot),
      TLD: name.slice(dot + 1),
      Nameservers: list.join(','),
    });
    const result = node(res.DomainDNSSetCustomResult);
    if (!yes(result.Update ?? result.Updated))
      throw this.#upstream(`Namecheap did not update the name servers of ${name}.`);
  }
}
