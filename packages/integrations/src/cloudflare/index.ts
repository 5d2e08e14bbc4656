export { CLOUDFLARE_API_URL, type CloudflareConfig, type CloudflareTokenCheck } from './types';
export { CLOUDFLARE_DEFAULTS, createCloudflareClient, verifyCloudflareToken } from './client';
export { toCloudflareError } from './errors';
export {
  deleteZone,
  dnsRecordTypes,
  ensureDnsRecords,
  ensureZone,
  findZone,
  getZone,
  listDnsRecords,
  setSslMode,
  type CloudflareDnsRecord,
  type CloudflareZone,
  type DnsRecordSpec,
  type DnsRecordType,
  type SslMode,
} from './dns';
