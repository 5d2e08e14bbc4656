/**
 * Test helpers, exported as `@blogfleet/integrations/keyword-data/testing` and never from the production
 * entry point.
 */
export {
  startDataForSeoTestServer,
  dataForSeoFailure,
  type DataForSeoTestServer,
  type DataForSeoTestServerOptions,
} from './server';
