/** Where and how WordPress sites are hosted (infra/wordpress/setup-host.sh prepares such a machine). */
export interface WordPressHost {
  /** Directory that holds one folder per site (its wp-config.php, wp-content, info file). */
  root: string;
  /** WordPress core shared by all sites (Debian's package: /usr/share/wordpress). */
  core: string;
  /** MariaDB/MySQL account allowed to create databases and users. */
  db: { host: string; port: number; user: string; password: string };
  /** The PHP CLI binary. */
  php: string;
  /** Address the sites' PHP servers listen on (loopback for local hosting). */
  bindAddress: string;
  /** First port handed to a site; each site gets its own port from here on. */
  firstPort: number;
  /** Public URL of a site; default `http://{bindAddress}:{port}`. Behind nginx/TLS: `https://{domain}`. */
  siteUrl?: (domain: string, port: number) => string;
  /**
   * System user the sites' PHP runs as (needs a root server to switch to it). Undefined: the server's own
   * user. Only `wp-content/uploads` and `upgrade` are its own; the rest of a site stays the server's.
   */
  runAs?: string;
}

/** Inputs of a new site (core §3 WordPress site creation payload). */
export interface ProvisionInput {
  domain: string;
  title: string;
  slogan: string;
  adminEmail: string;
  postTitle: string;
  postContent: string;
  pageTitle: string;
  pageContent: string;
  /** WordPress locale or short code: en, tr, es (mapped to en_US, tr_TR, es_ES). */
  language: string;
  /** IANA timezone, e.g. UTC, Europe/Istanbul. */
  timezone: string;
}

/** What a provisioned site hands back (core §3 Credentials). */
export interface SiteCredentials {
  siteUrl: string;
  adminUrl: string;
  adminUser: string;
  adminPassword: string;
  appPassword: string;
  dbName: string;
  dbUser: string;
  dbPassword: string;
  infoFilePath: string;
}

export type ProgressFn = (percent: number, message: string) => void;
