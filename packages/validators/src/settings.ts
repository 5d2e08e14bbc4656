import { z } from 'zod';
import { noNulBytes } from './common';

/**
 * The integration sections of Settings. The same names key `integration_settings` rows and
 * `details.integration` of the API's INTEGRATION_* errors; the screen's anchors use dashes.
 */
export const integrationSections = [
  'ai',
  'wordpress_host',
  'cloudflare',
  'registrar',
  'keyword_data',
  'monitoring',
] as const;
export type IntegrationSection = (typeof integrationSections)[number];
export const integrationSection = z.enum(integrationSections);

export const isIntegrationSection = (v: unknown): v is IntegrationSection =>
  integrationSections.includes(v as IntegrationSection);

/** `wordpress_host` → `wordpress-host`, the anchor of the section on /settings. */
export const settingsAnchor = (section: IntegrationSection) => section.replace(/_/g, '-');
export const settingsPath = (section: IntegrationSection) => `/settings#${settingsAnchor(section)}`;

/** The secret fields of each section: write-only, stored encrypted, answered only as a mask. */
export const integrationSecretFields = {
  ai: ['apiKey'],
  wordpress_host: ['dbPassword'],
  cloudflare: ['apiToken'],
  registrar: ['apiKey', 'secretApiKey'],
  keyword_data: ['password'],
  // A Slack-style incoming webhook URL carries its own credential in the path.
  monitoring: ['notificationWebhookUrl'],
} as const satisfies Record<IntegrationSection, readonly string[]>;

/** A secret left empty (or out) on save keeps the stored one. */
const secretField = z
  .string()
  .max(4096)
  .refine(noNulBytes, 'Must not contain NUL characters')
  .refine((s) => !/[\r\n]/.test(s), 'Must be a single line')
  .optional();

const text = (max = 500) => z.string().trim().max(max).refine(noNulBytes, 'Must not contain NUL characters');

/** Empty or null: use the environment's value (WordPress hosting). */
const optionalText = (max = 500) => text(max).nullable().optional();

const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
};

/** `user:pass@` in a base URL would be a credential stored and answered in the clear, outside the secrets. */
const hasNoUserinfo = (s: string) => {
  try {
    const u = new URL(s);
    return u.username === '' && u.password === '';
  } catch {
    return true;
  }
};

/** A provider's base URL: http(s), and credentials go in the secret fields, never in the URL. */
const httpUrl = text(2000)
  .min(1, 'Required')
  .refine(isHttpUrl, 'Must be an http:// or https:// URL')
  .refine(hasNoUserinfo, 'Must not contain a user name or password (put the key in its own field)');

const PORT_MESSAGE = 'Must be a port number (1-65535)';
const port = z.number(PORT_MESSAGE).int(PORT_MESSAGE).min(1, PORT_MESSAGE).max(65535, PORT_MESSAGE);

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-fA-F:]*:[0-9a-fA-F:.]*$/;
const HOSTNAME =
  /^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
export const isAddress = (s: string) => IPV4.test(s) || IPV6.test(s) || HOSTNAME.test(s);

/** OpenAI-compatible text model. Changing the base URL needs the API key again. */
export const aiSettingsInput = z.object({
  baseUrl: httpUrl,
  apiKey: secretField,
  model: text(200).min(1, 'Required'),
  temperature: z
    .number('Must be between 0 and 2')
    .min(0, 'Must be between 0 and 2')
    .max(2, 'Must be between 0 and 2')
    .nullable()
    .optional(),
  /** How long one request may take before it is abandoned (and retried); empty: 60 s. */
  timeoutSeconds: z
    .number('Between 1 and 600 seconds')
    .int('Between 1 and 600 seconds')
    .min(1, 'Between 1 and 600 seconds')
    .max(600, 'Between 1 and 600 seconds')
    .nullable()
    .optional(),
});
export type AiSettingsInput = z.infer<typeof aiSettingsInput>;

/**
 * Where WordPress sites are hosted. Every field is optional: empty means the WP_* environment variable
 * (or its default). Only the shape is checked here; the server narrows each field to what is safe on its
 * host (services/integration-config.ts `wordpressHostIssues`), and changing the database host, port or
 * user needs the database password again.
 */
export const wordpressHostSettingsInput = z.object({
  /** The sites' folder; the server refuses system directories and anything overlapping DATA_DIR. */
  hostRoot: optionalText().refine(
    (s) => !s || (s.startsWith('/') && /[^/]/.test(s)),
    'Must be an absolute path other than /',
  ),
  /** A WordPress core (wp-load.php, wp-admin/includes/upgrade.php); checked on the server. */
  coreDir: optionalText(),
  dbHost: optionalText(253),
  dbPort: port.nullable().optional(),
  dbUser: optionalText(200),
  dbPassword: secretField,
  /** The PHP CLI by name or path (php, php8.2, php-cli …); the server narrows it further. */
  phpBin: optionalText().refine(
    (s) => !s || /^(\/[^\0]*\/)?php[\d.]*(-cli)?$/.test(s),
    'Must be the PHP CLI (php, php8.2 or an absolute path to one)',
  ),
  bindAddress: optionalText(253),
  firstPort: port.nullable().optional(),
  /** System user the sites' PHP runs as; never root (the server allows only the sites' own user). */
  runAsUser: optionalText(32).refine(
    (s) => !s || (/^[a-z_][a-z0-9_-]*\$?$/.test(s) && s !== 'root'),
    'Must be a system user name other than root',
  ),
  /** The address DNS records of the sites point at (an IP address or a host name). */
  publicAddress: text(253)
    .refine((s) => s === '' || isAddress(s), 'Must be an IP address or a host name')
    .nullable()
    .optional(),
  /** Hours between the automatic screenshots of every active site; 0 turns them off; empty: 24. */
  screenshotIntervalHours: z.number().int().min(0).max(720).nullable().optional(),
});
export type WordPressHostSettingsInput = z.infer<typeof wordpressHostSettingsInput>;

export const cloudflareSettingsInput = z.object({
  apiToken: secretField,
  accountId: text(64)
    .min(1, 'Required')
    .regex(/^[0-9a-fA-F]{32}$/, 'Account ID is 32 hexadecimal characters'),
});
export type CloudflareSettingsInput = z.infer<typeof cloudflareSettingsInput>;

export const registrarProviders = ['porkbun', 'namecheap'] as const;
/**
 * Porkbun: an API key and a secret key. Namecheap: the API user, its key and the whitelisted IPv4 address
 * the server calls from; to buy, also the registrant contact Namecheap requires (sent as every contact).
 */
export const registrarSettingsInput = z
  .object({
    provider: z.enum(registrarProviders).default('porkbun'),
    apiKey: secretField,
    secretApiKey: secretField,
    apiUser: optionalText(100),
    clientIp: optionalText(15).refine((s) => !s || IPV4.test(s), 'Must be an IPv4 address'),
    contactFirstName: optionalText(60),
    contactLastName: optionalText(60),
    contactAddress: optionalText(200),
    contactCity: optionalText(100),
    contactState: optionalText(100),
    contactPostalCode: optionalText(20),
    contactCountry: optionalText(2).refine((s) => !s || /^[A-Za-z]{2}$/.test(s), 'Two-letter country code'),
    contactPhone: optionalText(20).refine(
      (s) => !s || /^\+\d{1,3}\.\d{4,14}$/.test(s),
      'Phone as +NNN.NNNNNNNNNN (e.g. +1.6613102107)',
    ),
    contactEmail: optionalText(254).refine(
      (s) => !s || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s),
      'Invalid email address',
    ),
  })
  .superRefine((v, ctx) => {
    if (v.provider !== 'namecheap') return;
    if (!v.apiUser) ctx.addIssue({ code: 'custom', path: ['apiUser'], message: 'Required' });
    if (!v.clientIp) ctx.addIssue({ code: 'custom', path: ['clientIp'], message: 'Required' });
  });
export type RegistrarSettingsInput = z.infer<typeof registrarSettingsInput>;

export const keywordDataProviders = ['dataforseo'] as const;
const LOCATION_CODE_MESSAGE = 'Must be a DataForSEO location code (1-99999999)';
export const keywordDataSettingsInput = z.object({
  provider: z.enum(keywordDataProviders).default('dataforseo'),
  login: text(200).min(1, 'Required'),
  password: secretField,
  /**
   * DataForSEO location code keyword metrics are asked for (2840 United States, 2792 Turkey …); empty: 2840
   * (the server's DATAFORSEO_DEFAULT_LOCATION_CODE).
   */
  locationCode: z
    .number(LOCATION_CODE_MESSAGE)
    .int(LOCATION_CODE_MESSAGE)
    .min(1, LOCATION_CODE_MESSAGE)
    .max(99_999_999, LOCATION_CODE_MESSAGE)
    .nullable()
    .optional(),
});
export type KeywordDataSettingsInput = z.infer<typeof keywordDataSettingsInput>;

export const UPTIME_DEFAULT_INTERVAL_MINUTES = 5;
const INTERVAL_MESSAGE = 'Between 1 and 1440 minutes';

/**
 * Monitoring and notifications: how often every active site's uptime is checked, and where site-down and
 * site-up events are also posted (a Slack-compatible incoming webhook; write-only like other secrets:
 * empty keeps the stored one, null removes it).
 */
export const monitoringSettingsInput = z.object({
  /** Minutes between two checks of a site; empty: 5. */
  uptimeIntervalMinutes: z
    .number(INTERVAL_MESSAGE)
    .int(INTERVAL_MESSAGE)
    .min(1, INTERVAL_MESSAGE)
    .max(1440, INTERVAL_MESSAGE)
    .nullable()
    .optional(),
  notificationWebhookUrl: z
    .string()
    .trim()
    .max(2000)
    .refine(noNulBytes, 'Must not contain NUL characters')
    .refine((s) => s === '' || isHttpUrl(s), 'Must be an http:// or https:// URL')
    .nullable()
    .optional(),
});
export type MonitoringSettingsInput = z.infer<typeof monitoringSettingsInput>;

export const integrationSettingsInputs = {
  ai: aiSettingsInput,
  wordpress_host: wordpressHostSettingsInput,
  cloudflare: cloudflareSettingsInput,
  registrar: registrarSettingsInput,
  keyword_data: keywordDataSettingsInput,
  monitoring: monitoringSettingsInput,
} as const;

export type IntegrationSettingsInput = {
  ai: AiSettingsInput;
  wordpress_host: WordPressHostSettingsInput;
  cloudflare: CloudflareSettingsInput;
  registrar: RegistrarSettingsInput;
  keyword_data: KeywordDataSettingsInput;
  monitoring: MonitoringSettingsInput;
};
