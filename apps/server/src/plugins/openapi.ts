import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { appErrorCodes, appRouter } from '@blogfleet/api';
import fastifyStatic from '@fastify/static';
import type { AnyTRPCRouter } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { REST_PREFIX } from './rest';
import { dataMetaRoutes } from './rest-shapes';

type Json = Record<string, unknown>;
type SchemaObject = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string];

const errorEnvelope: SchemaObject = {
  type: 'object',
  required: ['success', 'error'],
  properties: {
    success: { type: 'boolean', const: false },
    error: {
      type: 'object',
      required: ['code', 'message', 'details'],
      properties: {
        code: { type: 'string', enum: appErrorCodes },
        message: { type: 'string' },
        details: {
          description:
            'Field issues for VALIDATION_ERROR ({ issues: [{ path, message }] }), else extra data or null',
        },
      },
    },
  },
};

/**
 * Rewrites the adapter's raw schemas into the envelope every /api/v1 response actually has;
 * `dataMeta` lists the calls ("GET /domains") answered as `{ success, data, meta }`.
 */
export function withEnvelope(doc: OpenAPIObject, dataMeta: ReadonlySet<string> = new Set()): OpenAPIObject {
  // The adapter's own error schemas (error.BAD_REQUEST, …) describe a body we never send.
  const kept = Object.entries(doc.components?.schemas ?? {}).filter(([name]) => !name.startsWith('error.'));
  doc.components = {
    ...doc.components,
    schemas: { ...Object.fromEntries(kept), ErrorEnvelope: errorEnvelope },
  };
  for (const [path, pathItem] of Object.entries(doc.paths ?? {}) as [string, Json][]) {
    for (const [method, op] of Object.entries(pathItem) as [string, Json][]) {
      const flat = dataMeta.has(`${method.toUpperCase()} ${path}`);
      const responses = (op.responses ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(responses)) {
        const content = response.content as Record<string, { schema: Json }> | undefined;
        const json = content?.['application/json'];
        if (!json) continue;
        const output = json.schema as { properties?: Record<string, Json> };
        json.schema = !status.startsWith('2')
          ? { $ref: '#/components/schemas/ErrorEnvelope' }
          : flat
            ? {
                type: 'object',
                required: ['success', 'data', 'meta'],
                properties: {
                  success: { type: 'boolean', const: true },
                  data: output.properties?.data ?? {},
                  meta: output.properties?.meta ?? {},
                },
              }
            : {
                type: 'object',
                required: ['success', 'data'],
                properties: { success: { type: 'boolean', const: true }, data: json.schema },
              };
      }
    }
  }
  return doc;
}

export function buildOpenApiDocument(version: string, router: AnyTRPCRouter = appRouter): OpenAPIObject {
  const dataMeta = new Set(dataMetaRoutes(router).map((r) => `${r.method} ${r.template}`));
  return withEnvelope(
    generateOpenApiDocument(router, {
      title: 'Blogfleet API',
      description:
        'Operator console API. Every response is `{ success, data }` or `{ success: false, error: { code, message, details } }`. ' +
        'Sign in with POST /auth/login and send `Authorization: Bearer <accessToken>`.',
      version,
      baseUrl: REST_PREFIX,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    }),
    dataMeta,
  );
}

const docsPage = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Blogfleet API</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>`;

// Kept out of the page so the Content-Security-Policy can forbid inline scripts.
const docsInit = `window.ui = SwaggerUIBundle({
  url: '${REST_PREFIX}/openapi.json',
  dom_id: '#swagger-ui',
  persistAuthorization: true,
  tryItOutEnabled: true,
  displayRequestDuration: true,
});`;

export async function openApiPlugin(app: FastifyInstance, version: string) {
  const doc = buildOpenApiDocument(version);
  app.get(`${REST_PREFIX}/openapi.json`, async () => doc);
  app.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(docsPage));
  app.get('/api/docs/init.js', async (_req, reply) => reply.type('text/javascript').send(docsInit));
  const require = createRequire(import.meta.url);
  await app.register(fastifyStatic, {
    root: dirname(require.resolve('swagger-ui-dist/package.json')),
    prefix: '/api/docs/assets/',
    decorateReply: false,
  });
}
