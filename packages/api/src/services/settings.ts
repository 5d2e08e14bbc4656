import { testAiConnection } from '@blogfleet/integrations/ai';
import { verifyCloudflareToken } from '@blogfleet/integrations/cloudflare';
import { IntegrationError, isIntegrationError } from '@blogfleet/integrations/errors';
import { createKeywordDataClient } from '@blogfleet/integrations/keyword-data';
import { createRegistrar } from '@blogfleet/integrations/registrar';
import { wordpressHostAvailable } from '@blogfleet/integrations/wordpress';
import {
  integrationSecretFields,
  integrationSections,
  type IntegrationSection,
  type IntegrationSettingsInput,
  UPTIME_DEFAULT_INTERVAL_MINUTES,
} from '@blogfleet/validators';
import type { Context } from '../context';
import { AppError } from '../errors';
import { audit } from './audit';
import {
  hasWordPressEnv,
  integrationConfig,
  isComplete,
  loadSection,
  notConfigured,
  SECTION_LABELS,
  wordpressEnvHost,
  wordpressHostIssues,
  type IntegrationCtx,
  type StoredSection,
  type StoredValues,
} from './integration-config';
import { postWebhook } from './notifications-webhook';
import { encryptSecret } from './secrets';

type AdminCtx = IntegrationCtx & Pick<Context, 'req'> & { user: { id: number } };

/** What the screen and REST callers see of a section: never a secret, only whether it is set and a mask. */
export interface IntegrationView {
  section: IntegrationSection;
  /** Usable: saved and complete (WordPress hosting: saved or set in the environment). */
  configured: boolean;
  /** Where the values come from: saved in Settings, only the environment, built-in defaults, or nowhere. */
  source: 'settings' | 'environment' | 'defaults' | 'none';
  /** The saved non-secret fields. */
  values: StoredValues;
  /** What applies to an empty field (WordPress hosting's WP_* values); empty for other sections. */
  defaults: StoredValues;
  secrets: Record<string, { set: boolean; masked: string | null; source: 'settings' | 'environment' | null }>;
  /** The stored secrets exist but no loaded key decrypts them: they must be entered again. */
  unreadable: boolean;
  lastTest: { ok: boolean; message: string; at: string } | null;
  updatedAt: string | null;
  updatedBy: { id: number; username: string } | null;
  /** AI only: which generator writes text now. */
  generator?: 'openai' | 'offline';
}

/** The WordPress hosting fields that name one database account (its password goes with all three). */
const DB_ACCOUNT = ['dbHost', 'dbPort', 'dbUser'] as const;

/** •••• and the last four characters, those only for secrets long enough that four give nothing away. */
export function maskSecret(secret: string): string {
  return secret.length >= 12 ? `••••${secret.slice(-4)}` : '••••';
}

function wordpressDefaults(ctx: IntegrationCtx): StoredValues {
  const env = wordpressEnvHost(ctx);
  return {
    hostRoot: env.root,
    coreDir: env.core,
    dbHost: env.db.host,
    dbPort: env.db.port,
    dbUser: env.db.user,
    phpBin: env.php,
    bindAddress: env.bindAddress,
    firstPort: env.firstPort,
    runAsUser: env.runAs ?? null,
    publicAddress: ctx.integrations?.wordpressHostEnv?.WP_PUBLIC_ADDRESS || null,
  };
}

/** A base URL saved with `user:pass@` (before such URLs were refused) is answered without them. */
function withoutUserinfo(values: StoredValues): StoredValues {
  if (typeof values.baseUrl !== 'string' || !URL.canParse(values.baseUrl)) return values;
  const url = new URL(values.baseUrl);
  if (!url.username && !url.password) return values;
  url.username = '';
  url.password = '';
  return { ...values, baseUrl: url.toString() };
}

async function toView(
  ctx: IntegrationCtx,
  section: IntegrationSection,
  stored: StoredSection,
): Promise<IntegrationView> {
  const { row } = stored;
  const saved = Boolean(row?.value);
  const secrets: IntegrationView['secrets'] = {};
  for (const field of integrationSecretFields[section]) {
    const value = stored.secrets[field];
    secrets[field] = value
      ? { set: true, masked: maskSecret(value), source: 'settings' }
      : { set: false, masked: null, source: null };
  }
  let configured = saved && isComplete(section, stored);
  let source: IntegrationView['source'] = configured ? 'settings' : 'none';
  let defaults: StoredValues = {};
  if (section === 'wordpress_host') {
    defaults = wordpressDefaults(ctx);
    const envPassword = ctx.integrations?.wordpressHostEnv?.WP_DB_PASSWORD;
    // WP_DB_PASSWORD is shown as in use only while it is (the saved account is the environment's).
    const envAccount = DB_ACCOUNT.every((f) => (stored.values[f] ?? defaults[f]) === defaults[f]);
    if (!secrets.dbPassword!.set && envPassword && envAccount) {
      secrets.dbPassword = { set: true, masked: maskSecret(envPassword), source: 'environment' };
    }
    configured = saved || hasWordPressEnv(ctx);
    source = saved ? 'settings' : hasWordPressEnv(ctx) ? 'environment' : 'defaults';
  }
  if (section === 'monitoring') {
    defaults = { uptimeIntervalMinutes: UPTIME_DEFAULT_INTERVAL_MINUTES };
    configured = saved;
    source = saved ? 'settings' : 'defaults';
  }
  let updatedBy: IntegrationView['updatedBy'] = null;
  if (row?.updated_by) {
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', '=', row.updated_by)
      .executeTakeFirst();
    updatedBy = user ?? null;
  }
  const view: IntegrationView = {
    section,
    configured,
    source,
    values: withoutUserinfo(stored.values),
    defaults,
    secrets,
    unreadable: stored.unreadable,
    lastTest:
      row?.last_tested_at && row.last_test_ok !== null
        ? { ok: row.last_test_ok, message: row.last_test_message ?? '', at: row.last_tested_at.toISOString() }
        : null,
    updatedAt: saved && row ? row.updated_at.toISOString() : null,
    updatedBy: saved ? updatedBy : null,
  };
  if (section === 'ai') view.generator = configured ? 'openai' : 'offline';
  return view;
}

export async function getIntegration(
  ctx: IntegrationCtx,
  section: IntegrationSection,
): Promise<IntegrationView> {
  return toView(ctx, section, await loadSection(ctx, section));
}

export async function listIntegrations(ctx: IntegrationCtx): Promise<IntegrationView[]> {
  return Promise.all(integrationSections.map((s) => getIntegration(ctx, s)));
}

/**
 * A stored secret goes only where it went when it was saved: changing a field it is bound to needs
 * the secret again (otherwise an admin could redirect a key they cannot read to a server they own).
 * The database password is bound to the whole account: another user on the same server is another
 * account, and the environment's WP_DB_PASSWORD is bound to the environment's account the same way.
 */
const SECRET_BOUND_TO: Partial<Record<IntegrationSection, Record<string, readonly string[]>>> = {
  ai: { apiKey: ['baseUrl'] },
  wordpress_host: { dbPassword: DB_ACCOUNT },
  // One registrar's key is never sent to another.
  registrar: { apiKey: ['provider'], secretApiKey: ['provider'] },
};

/** Secrets a section cannot work without; the others (WordPress's database password) may stay empty. */
const REQUIRED_SECRETS: Record<IntegrationSection, readonly string[]> = {
  ai: ['apiKey'],
  wordpress_host: [],
  cloudflare: ['apiToken'],
  registrar: ['apiKey', 'secretApiKey'],
  keyword_data: ['password'],
  monitoring: [],
};

/** The required secrets of what is being saved (Namecheap has no secret key). */
function requiredSecrets(section: IntegrationSection, values: StoredValues): readonly string[] {
  if (section === 'registrar' && values.provider === 'namecheap') return ['apiKey'];
  return REQUIRED_SECRETS[section];
}

const SECRET_LABELS: Record<string, string> = {
  apiKey: 'API key',
  apiToken: 'API token',
  secretApiKey: 'secret key',
  password: 'password',
  dbPassword: 'database password',
  notificationWebhookUrl: 'webhook URL',
};

function normalizedValues(section: IntegrationSection, input: Record<string, unknown>): StoredValues {
  const secretFields: readonly string[] = integrationSecretFields[section];
  const values: StoredValues = {};
  for (const [field, raw] of Object.entries(input)) {
    if (secretFields.includes(field)) continue;
    if (raw === undefined || raw === null || raw === '') values[field] = null;
    else if (typeof raw === 'string' || typeof raw === 'number') values[field] = raw;
  }
  return values;
}

/**
 * Saves a section: non-secret fields as given, secrets encrypted. An empty secret keeps the stored one
 * (unless a field it is bound to changed). The last test result is dropped: it tested other values.
 */
export async function saveIntegration<K extends IntegrationSection>(
  ctx: AdminCtx,
  section: K,
  input: IntegrationSettingsInput[K],
): Promise<IntegrationView> {
  const stored = await loadSection(ctx, section);
  const values = normalizedValues(section, input as Record<string, unknown>);
  const given = input as Record<string, unknown>;
  const secrets: Record<string, string> = {};
  const issues = section === 'wordpress_host' ? await wordpressHostIssues(ctx, values) : [];
  const replaced: string[] = [];
  const kept: string[] = [];
  const removed: string[] = [];
  // Bound fields compare as they apply: an empty WordPress field is the environment's value.
  const defaults = section === 'wordpress_host' ? wordpressDefaults(ctx) : {};
  const applied = (v: StoredValues, f: string) => v[f] ?? defaults[f] ?? null;
  const envPassword = ctx.integrations?.wordpressHostEnv?.WP_DB_PASSWORD;
  for (const field of integrationSecretFields[section]) {
    const value = given[field];
    const label = SECRET_LABELS[field] ?? field;
    if (typeof value === 'string' && value !== '') {
      secrets[field] = value;
      replaced.push(field);
      continue;
    }
    // null removes an optional secret (the monitoring webhook); required ones only accept a new value.
    if (value === null && !requiredSecrets(section, values).includes(field)) {
      if (stored.secrets[field]) removed.push(field);
      continue;
    }
    const previous = stored.secrets[field];
    const bound = SECRET_BOUND_TO[section]?.[field] ?? [];
    const moved = bound.some((f) => applied(values, f) !== applied(stored.values, f));
    // A registrar key the newly chosen registrar does not use is dropped, not asked for again.
    if (section === 'registrar' && moved && !requiredSecrets(section, values).includes(field)) continue;
    // WP_DB_PASSWORD applies while the saved account is the environment's (see wordpressHostConfig).
    const fromEnv =
      !previous &&
      field === 'dbPassword' &&
      Boolean(envPassword) &&
      bound.every((f) => applied(stored.values, f) === defaults[f]);
    if ((previous || fromEnv) && moved) {
      issues.push({
        path: field,
        message: previous
          ? `Enter the ${label} again: the stored one is only used with the ${bound.join(', ')} it was saved with`
          : `Enter the ${label}: the environment's (WP_DB_PASSWORD) is only used with the environment's ${bound.join(', ')}`,
      });
    } else if (previous) {
      secrets[field] = previous;
      kept.push(field);
    } else if (requiredSecrets(section, values).includes(field)) {
      issues.push({
        path: field,
        message: stored.unreadable
          ? `Enter the ${label} again: the stored one cannot be decrypted with the loaded keys`
          : 'Required',
      });
    }
  }
  if (issues.length > 0) {
    throw new AppError('VALIDATION_ERROR', issues.map((i) => `${i.path}: ${i.message}`).join('; '), {
      issues,
    });
  }
  const now = new Date();
  const fields = {
    value: JSON.stringify(values),
    secret_ciphertext:
      Object.keys(secrets).length > 0 ? encryptSecret(ctx.secrets, JSON.stringify(secrets)) : null,
    updated_by: ctx.user.id,
    updated_at: now,
    last_test_ok: null,
    last_test_message: null,
    last_tested_at: null,
  };
  await ctx.db
    .insertInto('integration_settings')
    .values({ key: section, ...fields })
    .onConflict((oc) => oc.column('key').doUpdateSet(fields))
    .execute();
  const changedFields = Object.keys(values).filter((f) => (values[f] ?? null) !== (stored.values[f] ?? null));
  await audit(ctx, {
    action: 'integration.save',
    subjectType: 'integration',
    subjectId: section,
    details: {
      section,
      changedFields,
      secretsReplaced: replaced,
      secretsKept: kept,
      secretsRemoved: removed,
    },
  });
  return getIntegration(ctx, section);
}

/** Removes a section: its values, its secrets and its last test result. */
export async function clearIntegration(ctx: AdminCtx, section: IntegrationSection): Promise<IntegrationView> {
  const removed = await ctx.db
    .deleteFrom('integration_settings')
    .where('key', '=', section)
    .executeTakeFirst();
  await audit(ctx, {
    action: 'integration.clear',
    subjectType: 'integration',
    subjectId: section,
    details: { section, removed: Number(removed.numDeletedRows) > 0 },
  });
  return getIntegration(ctx, section);
}

function scrub(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('***');
  return out;
}

/** Runs the section's real client once; answers what to show on success, throws IntegrationError otherwise. */
async function probe(
  ctx: IntegrationCtx,
  section: IntegrationSection,
): Promise<{ message: string; secrets: string[] }> {
  switch (section) {
    case 'ai': {
      const config = await integrationConfig(ctx, 'ai');
      const r = await testAiConnection(config);
      return { message: `Model ${r.model} answered in ${r.latencyMs} ms`, secrets: [config.apiKey] };
    }
    case 'wordpress_host': {
      const { host, publicAddress } = await integrationConfig(ctx, 'wordpress_host');
      const secrets = [host.db.password];
      const problem = await wordpressHostAvailable(host);
      if (problem) {
        throw new IntegrationError(
          'wordpress_host',
          /access denied/i.test(problem) ? 'unauthorized' : 'unreachable',
          problem,
        );
      }
      const where = publicAddress
        ? `; DNS records will point at ${publicAddress}`
        : '; no public address set yet';
      return {
        message: `The host can provision WordPress sites (PHP ${host.php}, MariaDB ${host.db.host}:${host.db.port} as ${host.db.user})${where}`,
        secrets,
      };
    }
    case 'cloudflare': {
      const config = await integrationConfig(ctx, 'cloudflare');
      const r = await verifyCloudflareToken(config);
      const owner = r.owner === 'account' ? 'account token' : 'user token';
      return {
        message: `The API token is valid and active (${owner} ${r.tokenId})`,
        secrets: [config.apiToken],
      };
    }
    case 'registrar': {
      const config = await integrationConfig(ctx, 'registrar');
      const r = await createRegistrar(config).ping();
      if (config.provider === 'namecheap') {
        return {
          message: `Namecheap accepted the API key for ${config.apiUser} from ${config.clientIp}${config.contact ? '' : '; add the registrant contact to buy domains'}`,
          secrets: [config.apiKey],
        };
      }
      return {
        message: `Porkbun accepted the API keys${r.ip ? ` (it sees this server as ${r.ip})` : ''}`,
        secrets: [config.apiKey, config.secretApiKey],
      };
    }
    case 'monitoring': {
      const { notificationWebhookUrl } = await integrationConfig(ctx, 'monitoring');
      if (!notificationWebhookUrl) {
        throw notConfigured(
          'monitoring',
          `No notification webhook URL is set. An admin can add one in Settings → Integrations → ${SECTION_LABELS.monitoring}.`,
        );
      }
      const r = await postWebhook(
        notificationWebhookUrl,
        'Blogfleet test message: site notifications reach this channel.',
      );
      return {
        message: `The webhook accepted a test message (HTTP ${r.status} in ${r.ms} ms)`,
        secrets: [notificationWebhookUrl],
      };
    }
    case 'keyword_data': {
      const config = await integrationConfig(ctx, 'keyword_data');
      const r = await createKeywordDataClient(config).userData();
      const balance = r.balance === null ? '' : `; balance $${r.balance.toFixed(2)}`;
      return { message: `Signed in to DataForSEO as ${r.login}${balance}`, secrets: [config.password] };
    }
  }
}

async function recordTest(ctx: AdminCtx, section: IntegrationSection, ok: boolean, message: string) {
  const fields = { last_test_ok: ok, last_test_message: message.slice(0, 2000), last_tested_at: new Date() };
  await ctx.db
    .insertInto('integration_settings')
    .values({ key: section, value: null, secret_ciphertext: null, updated_by: null, ...fields })
    .onConflict((oc) => oc.column('key').doUpdateSet(fields))
    .execute();
  await audit(ctx, {
    action: 'integration.test',
    subjectType: 'integration',
    subjectId: section,
    details: { section, ok },
  });
}

/**
 * Tests a section's saved configuration with its real client and stores the outcome (shown with its
 * time). A failure is stored and then thrown, so the caller gets the mapped error with the provider's
 * message; a section that is not configured is refused without storing anything.
 */
export async function testIntegration(
  ctx: AdminCtx,
  section: IntegrationSection,
): Promise<{ result: { ok: true; message: string; at: string }; integration: IntegrationView }> {
  if (section === 'ai' && !(await getIntegration(ctx, 'ai')).configured) {
    throw notConfigured(
      'ai',
      `No AI model is configured, so the offline generator writes all text. An admin can set up a model in Settings → Integrations → ${SECTION_LABELS.ai}.`,
    );
  }
  let outcome: { message: string; secrets: string[] };
  try {
    outcome = await probe(ctx, section);
  } catch (err) {
    if (err instanceof AppError) throw err;
    const stored = await loadSection(ctx, section).catch(() => null);
    const secrets = Object.values(stored?.secrets ?? {});
    const failure = isIntegrationError(err)
      ? new IntegrationError(err.integration, err.kind, scrub(err.message, secrets), err.details, {
          cause: err,
        })
      : new IntegrationError(
          section,
          'upstream',
          `The test failed: ${scrub(err instanceof Error ? err.message : String(err), secrets)}`,
          {},
          { cause: err },
        );
    await recordTest(ctx, section, false, failure.message);
    throw failure;
  }
  const message = scrub(outcome.message, outcome.secrets);
  await recordTest(ctx, section, true, message);
  const integration = await getIntegration(ctx, section);
  return {
    result: { ok: true, message, at: integration.lastTest?.at ?? new Date().toISOString() },
    integration,
  };
}
