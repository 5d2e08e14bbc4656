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

/** The narrow interface the domain features use; one adapter per registrar. */
export interface Registrar {
  readonly provider: RegistrarProvider;
  /** Proves the credentials with the cheapest authenticated call the registrar has. */
  ping(): Promise<RegistrarPing>;
}
