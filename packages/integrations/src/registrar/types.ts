/** Porkbun's JSON API v3 (api.porkbun.com; porkbun.com/api/json/v3 was retired at the end of 2024). */
export const PORKBUN_API_URL = 'https://api.porkbun.com/api/json/v3';
/** Namecheap's XML API: one endpoint, the command in the `Command` parameter. */
export const NAMECHEAP_API_URL = 'https://api.namecheap.com/xml.response';

export const registrarProviders = ['porkbun', 'namecheap'] as const;
export type RegistrarProvider = (typeof registrarProviders)[number];

export interface PorkbunConfig {
  apiKey: string;
  secretApiKey: string;
  /** Default PORKBUN_API_URL; tests point it at the local test server. */
  baseUrl?: string;
  /** Budget of one request (default 15 000 ms). */
  timeoutMs?: number;
}

/**
 * The registrant contact Namecheap requires to register a name; it is sent as the registrant, tech,
 * admin and billing contact alike. Field names are Namecheap's (`Registrant` + `FirstName`…).
 */
export interface NamecheapContact {
  FirstName: string;
  LastName: string;
  Address1: string;
  City: string;
  StateProvince: string;
  PostalCode: string;
  /** Two-letter country code ("US"). */
  Country: string;
  /** In Namecheap's format, +NNN.NNNNNNNNNN ("+1.6613102107"). */
  Phone: string;
  EmailAddress: string;
  Address2?: string;
  OrganizationName?: string;
}

export interface NamecheapConfig {
  /** The account's API user (`ApiUser`). */
  apiUser: string;
  apiKey: string;
  /** The account the commands act on (`UserName`); default `apiUser`, as for any non-reseller account. */
  userName?: string;
  /** The whitelisted IPv4 address the requests come from (`ClientIp`); Namecheap refuses any other. */
  clientIp: string;
  /** Needed to register names only; ping, checks, listing and name servers work without it. */
  contact?: NamecheapContact;
  /** Default NAMECHEAP_API_URL; tests point it at the local test server. */
  baseUrl?: string;
  /** Budget of one request (default 15 000 ms). */
  timeoutMs?: number;
}

/** What selects and configures a registrar adapter. */
export type RegistrarConfig =
  ({ provider: 'porkbun' } & PorkbunConfig) | ({ provider: 'namecheap' } & NamecheapConfig);

export interface RegistrarPing {
  /** The address the registrar saw the request come from, when it says. */
  ip: string | null;
}

export interface DomainCheck {
  domain: string;
  available: boolean;
  /** First-year registration price in US cents, when the registrar quotes one. */
  priceCents: number | null;
  premium: boolean;
}

/** What a purchase would do, checked by the registrar without charging anything. */
export interface PurchasePreview {
  wouldSucceed: boolean;
  costCents: number;
  /** Account credit in US cents, when the registrar says. */
  balanceCents: number | null;
  sufficientFunds: boolean;
  /** The registrar's reason when it would not succeed. */
  reason: string | null;
}

export interface PurchaseResult {
  domain: string;
  costCents: number;
  orderId: string | null;
  balanceCents: number | null;
}

export interface OwnedDomain {
  domain: string;
  createdAt: Date | null;
  expiresAt: Date | null;
}

/** The narrow interface the domain features use; one adapter per registrar. */
export interface Registrar {
  readonly provider: RegistrarProvider;
  /** Proves the credentials with the cheapest authenticated call the registrar has. */
  ping(): Promise<RegistrarPing>;
  /** Availability and first-year price of one name. */
  checkDomain(domain: string): Promise<DomainCheck>;
  /** Runs every check of a purchase (availability, price, funds) without charging. */
  previewPurchase(domain: string, costCents: number): Promise<PurchasePreview>;
  /**
   * Registers the name for the quoted cost. The same `idempotencyKey` never registers or charges twice:
   * a repeated call answers the first one's result.
   */
  purchase(domain: string, costCents: number, idempotencyKey: string): Promise<PurchaseResult>;
  /** Every domain the account holds. */
  listOwned(): Promise<OwnedDomain[]>;
  /** Points the domain at these name servers (e.g. Cloudflare's). */
  setNameservers(domain: string, nameservers: string[]): Promise<void>;
}
