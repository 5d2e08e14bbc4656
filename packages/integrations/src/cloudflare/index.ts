export { CLOUDFLARE_API_URL, type CloudflareConfig, type CloudflareTokenCheck } from './types';
export { CLOUDFLARE_DEFAULTS, createCloudflareClient, verifyCloudflareToken } from './client';
export { toCloudflareError } from './errors';
