import {
  aiSettingsInput,
  cloudflareSettingsInput,
  integrationSection,
  keywordDataSettingsInput,
  monitoringSettingsInput,
  registrarSettingsInput,
  wordpressHostSettingsInput,
} from '@blogfleet/validators';
import { z } from 'zod';
import * as settings from '../services/settings';
import { adminProcedure, router } from '../trpc';

const tags = ['settings'];
const value = z.union([z.string(), z.number(), z.null()]);

const integrationView = z.object({
  section: integrationSection,
  configured: z.boolean(),
  source: z.enum(['settings', 'environment', 'defaults', 'none']),
  values: z.record(z.string(), value).describe('Saved non-secret fields'),
  defaults: z
    .record(z.string(), value)
    .describe('What an empty field falls back to (WordPress hosting: WP_* variables)'),
  secrets: z
    .record(
      z.string(),
      z.object({
        set: z.boolean(),
        masked: z
          .string()
          .nullable()
          .describe('•••• plus the last 4 characters of long secrets; never the secret'),
        source: z.enum(['settings', 'environment']).nullable(),
      }),
    )
    .describe('Write-only fields: whether each is set, as a mask'),
  unreadable: z.boolean().describe('Stored secrets that no loaded encryption key decrypts'),
  lastTest: z.object({ ok: z.boolean(), message: z.string(), at: z.string() }).nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  generator: z.enum(['openai', 'offline']).optional().describe('AI only: which generator writes text now'),
});

const one = z.object({ integration: integrationView });
const sectionParam = z.object({ section: integrationSection });
const saveMeta = (path: string, summary: string) => ({
  openapi: {
    method: 'PUT' as const,
    path: `/settings/integrations/${path}` as `/${string}`,
    tags,
    summary,
    description: 'Secret fields left empty keep the stored value. Secrets are never returned, only masked.',
  },
});

/** Settings → Integrations (admins only). */
export const settingsRouter = router({
  list: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/settings/integrations', tags, summary: 'All integration settings' },
    })
    .input(z.void())
    .output(z.object({ integrations: z.array(integrationView) }))
    .query(async ({ ctx }) => ({ integrations: await settings.listIntegrations(ctx) })),

  get: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/settings/integrations/{section}',
        tags,
        summary: 'One integration section',
      },
    })
    .input(sectionParam)
    .output(one)
    .query(async ({ ctx, input }) => ({ integration: await settings.getIntegration(ctx, input.section) })),

  saveAi: adminProcedure
    .meta(saveMeta('ai', 'Save the AI text model (OpenAI-compatible)'))
    .input(aiSettingsInput)
    .output(one)
    .mutation(async ({ ctx, input }) => ({ integration: await settings.saveIntegration(ctx, 'ai', input) })),

  saveWordpressHost: adminProcedure
    .meta(saveMeta('wordpress_host', 'Save the WordPress hosting target (empty fields use WP_* variables)'))
    .input(wordpressHostSettingsInput)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      integration: await settings.saveIntegration(ctx, 'wordpress_host', input),
    })),

  saveCloudflare: adminProcedure
    .meta(saveMeta('cloudflare', 'Save the Cloudflare API token and account'))
    .input(cloudflareSettingsInput)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      integration: await settings.saveIntegration(ctx, 'cloudflare', input),
    })),

  saveRegistrar: adminProcedure
    .meta(saveMeta('registrar', 'Save the domain registrar keys (Porkbun)'))
    .input(registrarSettingsInput)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      integration: await settings.saveIntegration(ctx, 'registrar', input),
    })),

  saveKeywordData: adminProcedure
    .meta(saveMeta('keyword_data', 'Save the keyword data credentials (DataForSEO)'))
    .input(keywordDataSettingsInput)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      integration: await settings.saveIntegration(ctx, 'keyword_data', input),
    })),

  saveMonitoring: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/settings/integrations/monitoring',
        tags,
        summary: 'Save monitoring and notifications (uptime interval, webhook)',
        description:
          'uptimeIntervalMinutes: minutes between two uptime checks of every active site (1–1440; empty: 5). notificationWebhookUrl: a Slack-compatible incoming webhook (http or https) that site-down and site-up events are also posted to as `{ "text": … }`; write-only like a secret: empty keeps the stored one, null removes it, and it is answered only masked. Test posts a test message to it.',
      },
    })
    .input(monitoringSettingsInput)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      integration: await settings.saveIntegration(ctx, 'monitoring', input),
    })),

  test: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/settings/integrations/{section}/test',
        tags,
        summary: 'Test the saved configuration with the real client',
        description:
          'Stores the outcome (shown with its time). A failure answers UNAUTHORIZED_INTEGRATION, INTEGRATION_ERROR or TIMEOUT_ERROR with the provider’s message.',
        errorResponses: {
          409: 'The section is not configured',
          502: 'The provider refused the credentials or failed',
          504: 'The provider did not answer in time',
        },
      },
    })
    .input(sectionParam)
    .output(one.extend({ result: z.object({ ok: z.literal(true), message: z.string(), at: z.string() }) }))
    .mutation(({ ctx, input }) => settings.testIntegration(ctx, input.section)),

  clear: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/settings/integrations/{section}',
        tags,
        summary: 'Remove a section (values, secrets, test result)',
      },
    })
    .input(sectionParam)
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      integration: await settings.clearIntegration(ctx, input.section),
    })),
});
