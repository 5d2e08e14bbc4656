import { DataForSeoClient } from './dataforseo';
import type { KeywordDataConfig } from './types';

export {
  DATAFORSEO_API_URL,
  keywordDataProviders,
  type DataForSeoConfig,
  type DataForSeoEnvelope,
  type KeywordDataAccount,
  type KeywordDataConfig,
  type KeywordDataProvider,
} from './types';
export { DataForSeoClient, DATAFORSEO_DEFAULTS } from './dataforseo';

/** The client of the configured keyword-data provider. */
export function createKeywordDataClient(config: KeywordDataConfig): DataForSeoClient {
  return new DataForSeoClient(config);
}
