/**
 * Test helpers, exported as `@blogfleet/integrations/keyword-data/testing` and never from the production
 * entry point.
 */
export {
  startDataForSeoTestServer,
  dataForSeoFailure,
  dataForSeoTestMetrics,
  KEYWORD_DIFFICULTY_PATH,
  SEARCH_VOLUME_PATH,
  type DataForSeoTestMetrics,
  type DataForSeoTestServer,
  type DataForSeoTestServerOptions,
} from './server';
