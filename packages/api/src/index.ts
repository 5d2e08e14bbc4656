export { appRouter, createCaller, type AppRouter } from './root';
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
export { ensureInitialAdmin, type InitialAdmin } from './services/users';
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
