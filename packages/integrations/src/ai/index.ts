export type {
  AiResult,
  AiUsage,
  GenerateInput,
  GenerateRequest,
  GeneratorKind,
  TextGenerator,
} from './types';
export { offlineLanguages, offlineLanguage, languageName, type OfflineLanguage } from './language';
export { AiClient, createAiClient } from './client/client';
export { AI_CLIENT_DEFAULTS, type AiClientConfig } from './client/config';
export { testAiConnection, type AiConnectionResult } from './client/connection';
export { responseFormatFor, type ResponseFormat } from './client/json-schema';
export { OfflineTextGenerator, createOfflineGenerator } from './offline/generator';
export { createTextGenerator } from './create';
