export * from './types';
export * from './errors';
export * from './client/types';
export { WordPressClient, createWordPressClient, WORDPRESS_CLIENT_DEFAULTS } from './client/client';
export type { ApiRoot } from './client/api-root';
export * from './provisioner/index';
