export * from './types';
export * from './client/types';
export { WordPressClient, createWordPressClient, WORDPRESS_CLIENT_DEFAULTS } from './client/client';
export type { ApiRoot } from './client/api-root';
export { startWordPressTestServer } from './test-server/server';
export type { WordPressTestServer, WordPressTestServerOptions, TestServerFault } from './test-server/server';
export * from './provisioner/index';
