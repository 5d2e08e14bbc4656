import { AiClient } from './client/client';
import type { AiClientConfig } from './client/config';
import { OfflineTextGenerator } from './offline/generator';
import type { TextGenerator } from './types';

/** The model when one is configured, the offline generator otherwise. */
export function createTextGenerator(config: AiClientConfig | null | undefined): TextGenerator {
  return config ? new AiClient(config) : new OfflineTextGenerator();
}
