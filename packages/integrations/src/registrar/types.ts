/** Porkbun's JSON API v3 (api.porkbun.com; porkbun.com/api/json/v3 was retired at the end of 2024). */
export const PORKBUN_API_URL = 'https://api.porkbun.com/api/json/v3';

export const registrarProviders = ['porkbun'] as const;
export type RegistrarProvider = (typeof registrarProviders)[number];

export interface PorkbunConfig {
  apiKey: string;
  secretApiKey: string;
  /** Default PORKBUN_API_URL; tests point it at the local test server. */
  baseUrl?: string;
  /** Budget of one request (default 15 000 ms). */
  timeoutMs?: number;
}

/** What selects and configures a registrar adapter (Namecheap joins this union later). */
export type RegistrarConfig = { provider: 'porkbun' } & PorkbunConfig;

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
