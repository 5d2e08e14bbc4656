export * from './types';
export * from './errors';
export * from './client/types';
export { WordPressClient, createWordPressClient, WORDPRESS_CLIENT_DEFAULTS } from './client/client';
export type { ApiRoot } from './client/api-root';
export {
  AnalyticsPluginMissingError,
  isAnalyticsPluginMissing,
  type AnalyticsEvent,
  type AnalyticsEventsOptions,
  type AnalyticsEventsPage,
  type AnalyticsStatus,
} from './client/analytics';
export {
  ANALYTICS_PLUGIN_FILENAME,
  ANALYTICS_PLUGIN_PHP,
  ANALYTICS_PLUGIN_VERSION,
} from './analytics-plugin';
export * from './provisioner/index';
