import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  aiSettingsInput,
  cloudflareSettingsInput,
  keywordDataSettingsInput,
  monitoringSettingsInput,
  registrarSettingsInput,
  wordpressHostSettingsInput,
  type IntegrationSection,
} from '@blogfleet/validators';
import { Activity, Bot, Cloud, Globe2, KeyRound, Server, type LucideIcon } from 'lucide-react';
import type { ZodType } from 'zod';

export interface FieldDef {
  name: string;
  label: MessageDescriptor;
  kind: 'text' | 'number' | 'secret' | 'select';
  required?: boolean;
  hint?: MessageDescriptor;
  placeholder?: string;
  /** number fields */
  step?: number;
  min?: number;
  max?: number;
  options?: { value: string; label: MessageDescriptor }[];
  /** Spans both columns of the field grid. */
  wide?: boolean;
  /** Shown only when the section's `provider` is one of these. */
  providers?: string[];
}

export interface SectionDef {
  section: IntegrationSection;
  title: MessageDescriptor;
  description: MessageDescriptor;
  icon: LucideIcon;
  schema: ZodType;
  fields: FieldDef[];
}

/** The integration sections of /settings, in the order of the screen; anchors are `#ai`, `#wordpress-host`, … */
export const SECTIONS: SectionDef[] = [
  {
    section: 'ai',
    title: msg`AI text model`,
    description: msg`An OpenAI-compatible chat API writes ideas and posts. Without one, the built-in offline generator writes deterministic drafts.`,
    icon: Bot,
    schema: aiSettingsInput,
    fields: [
      {
        name: 'baseUrl',
        label: msg`Base URL`,
        kind: 'text',
        required: true,
        placeholder: 'https://api.openai.com/v1',
        hint: msg`Usually ends in /v1.`,
        wide: true,
      },
      { name: 'apiKey', label: msg`API key`, kind: 'secret', required: true },
      { name: 'model', label: msg`Model`, kind: 'text', required: true, placeholder: 'gpt-4o-mini' },
      {
        name: 'temperature',
        label: msg`Temperature`,
        kind: 'number',
        step: 0.1,
        min: 0,
        max: 2,
        hint: msg`0 to 2; empty uses the model's default.`,
      },
      {
        name: 'timeoutSeconds',
        label: msg`Timeout (seconds)`,
        kind: 'number',
        step: 1,
        min: 1,
        max: 600,
        hint: msg`How long one answer may take before it is asked again; empty: 60.`,
      },
    ],
  },
  {
    section: 'wordpress_host',
    title: msg`WordPress hosting`,
    description: msg`The machine that hosts the WordPress sites. Empty fields use the server's WP_* environment values, shown in grey.`,
    icon: Server,
    schema: wordpressHostSettingsInput,
    fields: [
      {
        name: 'publicAddress',
        label: msg`Public address`,
        kind: 'text',
        hint: msg`IP address or host name that the sites' DNS records point at.`,
        wide: true,
      },
      { name: 'hostRoot', label: msg`Sites folder`, kind: 'text' },
      { name: 'coreDir', label: msg`WordPress core folder`, kind: 'text' },
      { name: 'dbHost', label: msg`Database host`, kind: 'text' },
      { name: 'dbPort', label: msg`Database port`, kind: 'number', min: 1, max: 65535 },
      { name: 'dbUser', label: msg`Database user`, kind: 'text' },
      { name: 'dbPassword', label: msg`Database password`, kind: 'secret' },
      { name: 'phpBin', label: msg`PHP CLI`, kind: 'text' },
      { name: 'runAsUser', label: msg`Run sites as user`, kind: 'text' },
      { name: 'bindAddress', label: msg`Bind address`, kind: 'text' },
      { name: 'firstPort', label: msg`First site port`, kind: 'number', min: 1, max: 65535 },
      {
        name: 'screenshotIntervalHours',
        label: msg`Screenshot refresh (hours)`,
        kind: 'number',
        min: 0,
        max: 720,
        hint: msg`Every active site's home page is photographed this often; 0 turns it off, empty means 24.`,
      },
    ],
  },
  {
    section: 'cloudflare',
    title: msg`Cloudflare`,
    description: msg`DNS and CDN for the sites' domains. Create an API token with Zone and DNS edit permissions.`,
    icon: Cloud,
    schema: cloudflareSettingsInput,
    fields: [
      { name: 'apiToken', label: msg`API token`, kind: 'secret', required: true },
      {
        name: 'accountId',
        label: msg`Account ID`,
        kind: 'text',
        required: true,
        placeholder: '0123456789abcdef…',
      },
    ],
  },
  {
    section: 'registrar',
    title: msg`Domain registrar`,
    description: msg`Checks, buys and points domains. Porkbun: enable API access in your account and create a key pair. Namecheap: enable API access, whitelist this server's IPv4 address, and add the registrant contact to buy.`,
    icon: Globe2,
    schema: registrarSettingsInput,
    fields: [
      {
        name: 'provider',
        label: msg`Registrar`,
        kind: 'select',
        options: [
          { value: 'porkbun', label: msg`Porkbun` },
          { value: 'namecheap', label: msg`Namecheap` },
        ],
        wide: true,
      },
      { name: 'apiUser', label: msg`API user`, kind: 'text', required: true, providers: ['namecheap'] },
      { name: 'apiKey', label: msg`API key`, kind: 'secret', required: true },
      {
        name: 'secretApiKey',
        label: msg`Secret API key`,
        kind: 'secret',
        required: true,
        providers: ['porkbun'],
      },
      {
        name: 'clientIp',
        label: msg`Whitelisted IPv4 address`,
        kind: 'text',
        required: true,
        placeholder: '203.0.113.7',
        hint: msg`The address this server calls Namecheap from.`,
        providers: ['namecheap'],
      },
      ...(
        [
          ['contactFirstName', msg`Registrant first name`],
          ['contactLastName', msg`Registrant last name`],
          ['contactAddress', msg`Address`],
          ['contactCity', msg`City`],
          ['contactState', msg`State or province`],
          ['contactPostalCode', msg`Postal code`],
          ['contactCountry', msg`Country code`],
          ['contactPhone', msg`Phone`],
          ['contactEmail', msg`Email`],
        ] as const
      ).map(([name, label]) => ({
        name,
        label,
        kind: 'text' as const,
        providers: ['namecheap'],
        ...(name === 'contactPhone' ? { placeholder: '+1.6613102107' } : {}),
        ...(name === 'contactCountry' ? { placeholder: 'US' } : {}),
      })),
    ],
  },
  {
    section: 'keyword_data',
    title: msg`Keyword data`,
    description: msg`Search volumes and keyword ideas from DataForSEO. Use the API login and password from its API access page.`,
    icon: KeyRound,
    schema: keywordDataSettingsInput,
    fields: [
      {
        name: 'provider',
        label: msg`Provider`,
        kind: 'select',
        options: [{ value: 'dataforseo', label: msg`DataForSEO` }],
        wide: true,
      },
      { name: 'login', label: msg`API login`, kind: 'text', required: true },
      { name: 'password', label: msg`API password`, kind: 'secret', required: true },
      {
        name: 'locationCode',
        label: msg`Location code`,
        kind: 'number',
        min: 1,
        max: 99999999,
        placeholder: '2840',
        hint: msg`DataForSEO location code, e.g. 2840 United States, 2792 Turkey`,
      },
    ],
  },
  {
    section: 'monitoring',
    title: msg`Monitoring and notifications`,
    description: msg`Every active site's home page and REST root are checked on this interval; a site that fails twice in a row is down, and everyone is notified when it goes down or comes back.`,
    icon: Activity,
    schema: monitoringSettingsInput,
    fields: [
      {
        name: 'uptimeIntervalMinutes',
        label: msg`Check interval (minutes)`,
        kind: 'number',
        min: 1,
        max: 1440,
        placeholder: '5',
        hint: msg`1 to 1440; empty for 5.`,
      },
      {
        name: 'notificationWebhookUrl',
        label: msg`Webhook URL`,
        kind: 'secret',
        placeholder: 'https://hooks.slack.com/services/…',
        hint: msg`Optional: a Slack-compatible incoming webhook that hears when a site goes down or comes back.`,
        wide: true,
      },
    ],
  },
];
