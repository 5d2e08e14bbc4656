export { CLOUDFLARE_API_URL, type CloudflareConfig, type CloudflareTokenCheck } from './types';
export { CLOUDFLARE_DEFAULTS, createCloudflareClient, verifyCloudflareToken } from './client';
export { toCloudflareError } from './errors';
export {
  createDnsRecord,
  deleteDnsRecord,
  deleteZone,
  dnsRecordTypes,
  ensureDnsRecords,
  ensureZone,
  findZone,
  getSslMode,
  getZone,
  listDnsRecords,
  setSslMode,
  triggerActivationCheck,
  updateDnsRecord,
  type CloudflareDnsRecord,
  type CloudflareZone,
  type DnsRecordSpec,
  type DnsRecordType,
  type SslMode,
} from './dns';
