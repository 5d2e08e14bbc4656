export { appRouter, createCaller, type AppRouter, type RouterInputs, type RouterOutputs } from './root';
export { createContext, bearerToken } from './context';
export type {
  ApiDeps,
  AuthSettings,
  Context,
  IntegrationEnv,
  LoginLimits,
  RequestInfo,
  SecretsSettings,
} from './context';
export { AppError, describeError, appErrorCodes, type AppErrorCode, type ErrorCode } from './errors';
export type { Access, Meta } from './trpc';
export { ensureInitialAdmin, listUsers, type InitialAdmin } from './services/users';
export { authenticate } from './services/auth';
export { listDomains } from './services/domains';
export { listSites } from './services/sites';
export { listKeywords } from './services/keywords';
export { listKeywordGroups } from './services/keyword-groups';
export { keywordScore, type KeywordMetrics } from './services/keyword-score';
export { refreshPendingZones } from './services/dns';
export {
  requestTimeoutFor,
  runUptimeChecks,
  uptimeClaimLimit,
  UPTIME_CONCURRENCY,
  UPTIME_MIN_REQUEST_TIMEOUT_MS,
  UPTIME_REQUEST_TIMEOUT_MS,
} from './services/uptime';
export { notifyActiveUsers, notifyUsers } from './services/notifications';
export { publishDuePosts } from './services/site-posts';
export { publishOnCadence } from './services/pool-publishing';
export { listIdeas } from './services/ai-ideas';
export { listPosts } from './services/ai-posts';
export { withSiteLease } from './services/site-sync';
export { serveHostedSites, stopHostedSites } from './services/wordpress-hosting';
export { fileStore, filesRoot, screenshotKey, SCREENSHOT_NAME, type FileStore } from './services/site-files';
export { hashPassword } from './services/passwords';
export { pruneLoginAttempts } from './services/auth';
export { encryptSecret, decryptSecret, secretKeyId } from './services/secrets';
export {
  reencryptSecrets,
  secretsNotUnderCurrentKey,
  ciphertextColumns,
  type CiphertextColumn,
  type ReencryptProgress,
  type ReencryptResult,
} from './services/secret-rotation';
export {
  integrationConfig,
  optionalIntegrationConfig,
  textGenerator,
  notConfigured,
  type IntegrationConfigs,
  type WordPressHostConfig,
} from './services/integration-config';
export { enqueueJob, getJob, listJobs, cancelJob, queueOptions } from './services/jobs';
export {
  runJob,
  runInternalJob,
  reconcileJobs,
  recordScheduledJob,
  type Delivery,
} from './services/job-runner';
export { defineJobKind, PermanentJobError, JobStopped, type JobKind, type JobRun } from './jobs/kind';
export { registerJobKinds, jobKind, jobKinds } from './jobs/registry';
export { JOB_SCHEDULES } from './jobs/maintenance';
export type { JobView } from './services/job-view';
export { SessionCache } from './services/session-cache';
export { setCountCacheSeconds } from './services/list';
