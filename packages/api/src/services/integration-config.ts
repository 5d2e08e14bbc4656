import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Selectable } from '@blogfleet/db';
import type { IntegrationSettingsTable } from '@blogfleet/db';
import { createTextGenerator, type AiClientConfig, type TextGenerator } from '@blogfleet/integrations/ai';
import type { CloudflareConfig } from '@blogfleet/integrations/cloudflare';
import {
  DATAFORSEO_DEFAULT_LOCATION_CODE,
  type KeywordDataConfig,
} from '@blogfleet/integrations/keyword-data';
import type { RegistrarConfig } from '@blogfleet/integrations/registrar';
import { DEFAULT_SITES_USER, hostFromEnv, type WordPressHost } from '@blogfleet/integrations/wordpress';
import {
  integrationSecretFields,
  settingsPath,
  UPTIME_DEFAULT_INTERVAL_MINUTES,
  type IntegrationSection,
} from '@blogfleet/validators';
import type { Context, IntegrationEnv } from '../context';
import { AppError } from '../errors';
import { decryptSecret } from './secrets';

/** What the settings services and the verticals need of the context. */
export type IntegrationCtx = Pick<Context, 'db' | 'secrets' | 'integrations'>;

export const SECTION_LABELS: Record<IntegrationSection, string> = {
  ai: 'AI text model',
  wordpress_host: 'WordPress hosting',
  cloudflare: 'Cloudflare',
  registrar: 'Domain registrar',
  keyword_data: 'Keyword data',
  monitoring: 'Monitoring and notifications',
};

/** The WordPress hosting target: the host the provisioner uses, and where DNS records point. */
export interface WordPressHostConfig {
  host: WordPressHost;
  /** Public IP address or host name of the host (settings, else WP_PUBLIC_ADDRESS); null if neither. */
  publicAddress: string | null;
}

/** The decrypted, ready-to-use configuration of each section, in the shape its client takes. */
export interface IntegrationConfigs {
  ai: AiClientConfig;
  wordpress_host: WordPressHostConfig;
  cloudflare: CloudflareConfig & { accountId: string };
  registrar: RegistrarConfig;
  keyword_data: KeywordDataConfig;
  monitoring: MonitoringConfig;
}

/** Monitoring and notifications: the uptime interval (default 5 min) and the optional webhook. */
export interface MonitoringConfig {
  uptimeIntervalMinutes: number;
  notificationWebhookUrl: string | null;
}

type StoredValue = string | number | null;
export type StoredValues = Record<string, StoredValue>;

export interface StoredSection {
  row: Selectable<IntegrationSettingsTable> | null;
  /** Non-secret fields as saved (empty when nothing is saved). */
  values: StoredValues;
  /** Secret fields, decrypted. */
  secrets: Record<string, string>;
  /** The secrets exist but none of the loaded keys decrypts them. */
  unreadable: boolean;
}

export async function loadSection(ctx: IntegrationCtx, section: IntegrationSection): Promise<StoredSection> {
  const row =
    (await ctx.db
      .selectFrom('integration_settings')
      .selectAll()
      .where('key', '=', section)
      .executeTakeFirst()) ?? null;
  const values = row?.value ? (JSON.parse(row.value) as StoredValues) : {};
  let secrets: Record<string, string> = {};
  let unreadable = false;
  if (row?.secret_ciphertext) {
    try {
      secrets = JSON.parse(decryptSecret(ctx.secrets, row.secret_ciphertext)) as Record<string, string>;
    } catch {
      unreadable = true;
    }
  }
  return { row, values, secrets, unreadable };
}

/** The error of a section nobody has set up, with where to set it up. */
export function notConfigured(section: IntegrationSection, reason?: string): AppError {
  const label = SECTION_LABELS[section];
  const message =
    reason ?? `${label} is not configured. An admin can set it up in Settings → Integrations → ${label}.`;
  return new AppError('INTEGRATION_NOT_CONFIGURED', message, {
    integration: section,
    settingsPath: settingsPath(section),
  });
}

const str = (v: StoredValue | undefined): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: StoredValue | undefined): number | null => (typeof v === 'number' ? v : null);

/** The WP_* defaults; a malformed port there falls back to the built-in default rather than failing. */
export function wordpressEnvHost(ctx: IntegrationCtx): WordPressHost {
  const env = { ...(ctx.integrations?.wordpressHostEnv ?? {}) } as NodeJS.ProcessEnv;
  try {
    return hostFromEnv(env);
  } catch {
    return hostFromEnv({ ...env, WP_DB_PORT: undefined, WP_FIRST_PORT: undefined });
  }
}

export function hasWordPressEnv(ctx: IntegrationCtx): boolean {
  return Object.entries(ctx.integrations?.wordpressHostEnv ?? {}).some(([k, v]) => k.startsWith('WP_') && v);
}

/**
 * The settings over the WP_* defaults. The environment's database password is used only with the
 * environment's database account (host, port and user): an account changed in Settings gets the
 * password saved with it (or none), so WP_DB_PASSWORD never goes to a server or user an admin typed in.
 */
function wordpressHostConfig(ctx: IntegrationCtx, stored: StoredSection): WordPressHostConfig {
  const env = wordpressEnvHost(ctx);
  const v = stored.values;
  const host = str(v.dbHost) ?? env.db.host;
  const port = num(v.dbPort) ?? env.db.port;
  const user = str(v.dbUser) ?? env.db.user;
  const envAccount = host === env.db.host && port === env.db.port && user === env.db.user;
  const password = stored.secrets.dbPassword ?? (envAccount ? env.db.password : '');
  const hostRoot = str(v.hostRoot);
  const coreDir = str(v.coreDir);
  return {
    host: {
      ...env,
      root: hostRoot ? path.resolve(hostRoot) : env.root,
      core: coreDir ? path.resolve(coreDir) : env.core,
      db: { host, port, user, password },
      php: str(v.phpBin) ?? env.php,
      bindAddress: str(v.bindAddress) ?? env.bindAddress,
      firstPort: num(v.firstPort) ?? env.firstPort,
      runAs: str(v.runAsUser) ?? env.runAs,
    },
    publicAddress: str(v.publicAddress) ?? (ctx.integrations?.wordpressHostEnv?.WP_PUBLIC_ADDRESS || null),
  };
}

export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * Where the system and its services keep what a sites' folder must not overwrite, expose or contain
 * (/var/lib holds /var/lib/postgresql and /var/lib/mysql).
 */
const SYSTEM_DIRS = (
  '/bin /boot /dev /etc /lib /lib32 /lib64 /libx32 /proc /root /run /sbin /snap /sys /usr ' +
  '/var/backups /var/cache /var/lib /var/log /var/mail /var/run /var/spool'
).split(' ');
const PHP_BIN = /^\/usr(\/local)?\/bin\/php(\d+(\.\d+)*)?$/;

const within = (p: string, dir: string) => p === dir || p.startsWith(`${dir}/`);
const overlaps = (a: string, b: string) => within(a, b) || within(b, a);

/** `p` with symlinks resolved as far as it exists (a sites' folder may not exist yet). */
async function realPathOf(p: string): Promise<string> {
  const rest: string[] = [];
  for (let dir = p; ; dir = path.dirname(dir)) {
    try {
      return path.join(await realpath(dir), ...rest);
    } catch {
      if (path.dirname(dir) === dir) return p;
      rest.unshift(path.basename(dir));
    }
  }
}

/** The path as written and as it really is, so a symlink cannot smuggle a refused place past the checks. */
const bothPaths = async (p: string) => {
  const resolved = path.resolve(p);
  return [resolved, await realPathOf(resolved)];
};

async function isFile(p: string, mode: number): Promise<boolean> {
  try {
    await access(p, mode);
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}

async function hostRootIssue(ctx: IntegrationCtx, hostRoot: string): Promise<string | null> {
  const paths = await bothPaths(hostRoot);
  if (!path.isAbsolute(hostRoot) || paths.includes('/')) return 'Must be an absolute path other than /';
  const system = SYSTEM_DIRS.find((dir) => paths.some((p) => overlaps(p, dir)));
  if (system) return `Must not be, contain or lie inside a system directory (${system})`;
  const dataDir = ctx.integrations?.dataDir;
  if (!dataDir) return 'Cannot be checked against DATA_DIR here; leave it empty to use WP_HOST_ROOT';
  if (dataDir.startsWith('memory://')) return null;
  const data = await bothPaths(dataDir);
  if (paths.some((p) => data.some((d) => overlaps(p, d)))) {
    return "Must not be, contain or lie inside DATA_DIR (the server's secrets)";
  }
  return null;
}

async function coreDirIssue(coreDir: string): Promise<string | null> {
  const paths = await bothPaths(coreDir);
  // Every top-level entry of the core is symlinked into each site's web root.
  if (paths.includes('/')) return 'Must not be /';
  const core = paths[1]!;
  const isCore =
    (await isFile(path.join(core, 'wp-load.php'), constants.R_OK)) &&
    (await isFile(path.join(core, 'wp-admin', 'includes', 'upgrade.php'), constants.R_OK));
  return isCore
    ? null
    : 'Must be a WordPress core (a folder with wp-load.php and wp-admin/includes/upgrade.php)';
}

/**
 * Why saved WordPress hosting overrides are not allowed on this host, by field (empty when they are).
 * An admin of the app must not reach further into the host than the operator's WP_* choices: the sites
 * run only as their own user, with a real PHP CLI and a real WordPress core, in a folder away from the
 * system and from the server's secrets. Checked on save and again before each use.
 */
export async function wordpressHostIssues(ctx: IntegrationCtx, values: StoredValues): Promise<FieldIssue[]> {
  const env = wordpressEnvHost(ctx);
  const issues: FieldIssue[] = [];
  const hostRoot = str(values.hostRoot);
  const coreDir = str(values.coreDir);
  const phpBin = str(values.phpBin);
  const runAsUser = str(values.runAsUser);
  const rootIssue = hostRoot && (await hostRootIssue(ctx, hostRoot));
  if (rootIssue) issues.push({ path: 'hostRoot', message: rootIssue });
  const coreIssue = coreDir && (await coreDirIssue(coreDir));
  if (coreIssue) issues.push({ path: 'coreDir', message: coreIssue });
  if (phpBin && phpBin !== env.php && !(PHP_BIN.test(phpBin) && (await isFile(phpBin, constants.X_OK)))) {
    issues.push({
      path: 'phpBin',
      message: `Must be ${JSON.stringify(env.php)} (WP_PHP_BIN) or an executable php or php<version> in /usr/bin or /usr/local/bin`,
    });
  }
  const users = [...new Set([env.runAs, DEFAULT_SITES_USER].filter((u): u is string => Boolean(u)))];
  if (runAsUser && !users.includes(runAsUser)) {
    issues.push({ path: 'runAsUser', message: `Must be the sites' own user: ${users.join(' or ')}` });
  }
  return issues;
}

/** Whether a saved section has everything its client needs (WordPress hosting always has defaults). */
export function isComplete(section: IntegrationSection, stored: StoredSection): boolean {
  // Both have defaults for everything (WordPress hosting: the WP_* variables; monitoring: 5 minutes).
  if (section === 'wordpress_host' || section === 'monitoring') return true;
  if (!stored.row?.value) return false;
  const required: Record<Exclude<IntegrationSection, 'wordpress_host' | 'monitoring'>, string[]> = {
    ai: ['baseUrl', 'model'],
    cloudflare: ['accountId'],
    registrar: [],
    keyword_data: ['login'],
  };
  if (section === 'registrar') {
    // Each registrar has its own credentials.
    const namecheap = stored.values.provider === 'namecheap';
    const values = namecheap ? ['apiUser', 'clientIp'] : [];
    const secrets = namecheap ? ['apiKey'] : ['apiKey', 'secretApiKey'];
    return (
      values.every((f) => str(stored.values[f]) !== null) && secrets.every((f) => Boolean(stored.secrets[f]))
    );
  }
  return (
    required[section].every((f) => str(stored.values[f]) !== null) &&
    integrationSecretFields[section].every((f) => Boolean(stored.secrets[f]))
  );
}

/** Namecheap's settings as its adapter takes them; the contact only when every required part is there. */
function namecheapConfig(v: StoredValues, s: Record<string, string>, env: IntegrationEnv): RegistrarConfig {
  const contact = {
    FirstName: str(v.contactFirstName),
    LastName: str(v.contactLastName),
    Address1: str(v.contactAddress),
    City: str(v.contactCity),
    StateProvince: str(v.contactState),
    PostalCode: str(v.contactPostalCode),
    Country: str(v.contactCountry)?.toUpperCase() ?? null,
    Phone: str(v.contactPhone),
    EmailAddress: str(v.contactEmail),
  };
  const complete = Object.values(contact).every((x) => x !== null);
  return {
    provider: 'namecheap',
    apiUser: str(v.apiUser)!,
    apiKey: s.apiKey!,
    clientIp: str(v.clientIp)!,
    ...(complete ? { contact: contact as Record<keyof typeof contact, string> } : {}),
    ...(env.namecheapApiUrl ? { baseUrl: env.namecheapApiUrl } : {}),
  };
}

function build<K extends IntegrationSection>(
  ctx: IntegrationCtx,
  section: K,
  stored: StoredSection,
): IntegrationConfigs[K] {
  const v = stored.values;
  const s = stored.secrets;
  const env = ctx.integrations ?? {};
  const configs: { [S in IntegrationSection]: () => IntegrationConfigs[S] } = {
    ai: () => ({
      baseUrl: str(v.baseUrl)!,
      apiKey: s.apiKey!,
      model: str(v.model)!,
      ...(num(v.temperature) !== null ? { temperature: num(v.temperature)! } : {}),
      ...(num(v.timeoutSeconds) !== null ? { timeoutMs: num(v.timeoutSeconds)! * 1000 } : {}),
    }),
    wordpress_host: () => wordpressHostConfig(ctx, stored),
    cloudflare: () => ({
      apiToken: s.apiToken!,
      accountId: str(v.accountId)!,
      ...(env.cloudflareApiUrl ? { baseUrl: env.cloudflareApiUrl } : {}),
    }),
    registrar: () =>
      v.provider === 'namecheap'
        ? namecheapConfig(v, s, env)
        : {
            provider: 'porkbun' as const,
            apiKey: s.apiKey!,
            secretApiKey: s.secretApiKey!,
            ...(env.porkbunApiUrl ? { baseUrl: env.porkbunApiUrl } : {}),
          },
    keyword_data: () => ({
      provider: 'dataforseo',
      login: str(v.login)!,
      password: s.password!,
      // Saved before the setting existed, or left empty: the United States.
      locationCode: num(v.locationCode) ?? DATAFORSEO_DEFAULT_LOCATION_CODE,
      ...(env.dataForSeoApiUrl ? { baseUrl: env.dataForSeoApiUrl } : {}),
    }),
    monitoring: () => ({
      uptimeIntervalMinutes: num(v.uptimeIntervalMinutes) ?? UPTIME_DEFAULT_INTERVAL_MINUTES,
      notificationWebhookUrl: s.notificationWebhookUrl || null,
    }),
  };
  return configs[section]() as IntegrationConfigs[K];
}

/**
 * The decrypted configuration of a section, ready for its client, or null when nobody has set it up.
 * WordPress hosting always answers (environment defaults merged under the saved values).
 */
export async function optionalIntegrationConfig<K extends IntegrationSection>(
  ctx: IntegrationCtx,
  section: K,
): Promise<IntegrationConfigs[K] | null> {
  const stored = await loadSection(ctx, section);
  if (stored.unreadable) {
    const label = SECTION_LABELS[section];
    throw notConfigured(
      section,
      `The stored ${label} credentials cannot be decrypted with the loaded encryption keys. An admin can enter them again in Settings → Integrations → ${label}.`,
    );
  }
  if (!isComplete(section, stored)) return null;
  // Values saved before today's rules (or a host that changed since) are refused, never used.
  const issues = section === 'wordpress_host' ? await wordpressHostIssues(ctx, stored.values) : [];
  if (issues.length > 0) {
    const label = SECTION_LABELS[section];
    const why = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
    throw notConfigured(
      section,
      `The saved ${label} settings are not allowed on this host (${why}). An admin can correct them in Settings → Integrations → ${label}.`,
    );
  }
  return build(ctx, section, stored);
}

/**
 * The decrypted configuration of a section, or INTEGRATION_NOT_CONFIGURED (409) with
 * `details.integration` and `details.settingsPath`. The one way verticals read integration settings:
 *
 *   const cf = await integrationConfig(ctx, 'cloudflare');   // { apiToken, accountId, baseUrl? }
 *   const registrar = createRegistrar(await integrationConfig(ctx, 'registrar'));
 */
export async function integrationConfig<K extends IntegrationSection>(
  ctx: IntegrationCtx,
  section: K,
): Promise<IntegrationConfigs[K]> {
  const config = await optionalIntegrationConfig(ctx, section);
  if (!config) throw notConfigured(section);
  return config;
}

/**
 * The AI text generator: the configured model (or `model` instead, an agent's own), or the offline
 * generator when none is configured.
 */
/** The model a run with `model` (an agent's own, or none) asks: its name, or `offline` without a model set up. */
export async function aiModelName(ctx: IntegrationCtx, model?: string | null): Promise<string> {
  const config = await optionalIntegrationConfig(ctx, 'ai');
  return config ? model || config.model || 'default' : 'offline';
}

export async function textGenerator(ctx: IntegrationCtx, model?: string | null): Promise<TextGenerator> {
  const config = await optionalIntegrationConfig(ctx, 'ai');
  return createTextGenerator(config && model ? { ...config, model } : config);
}
