/**
 * Test helpers, exported as `@blogfleet/integrations/wordpress/testing` and never from the production
 * entry point, so no server bundle ships the in-memory WordPress.
 */
export { startWordPressTestServer } from './server';
export type {
  AnalyticsEventSeed,
  WordPressTestServer,
  WordPressTestServerOptions,
  TestServerFault,
} from './server';
