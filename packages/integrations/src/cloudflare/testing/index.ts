/**
 * Test helpers, exported as `@blogfleet/integrations/cloudflare/testing` and never from the production
 * entry point.
 */
export {
  startCloudflareTestServer,
  cloudflareFailure,
  type CloudflareTestRecord,
  type CloudflareTestServer,
  type CloudflareTestServerOptions,
  type CloudflareTestToken,
  type CloudflareTestZone,
} from './server';
