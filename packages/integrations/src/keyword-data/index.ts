import { DataForSeoClient } from './dataforseo';
import type { KeywordDataConfig } from './types';

export {
  DATAFORSEO_API_URL,
  DATAFORSEO_DEFAULT_LOCATION_CODE,
  keywordDataProviders,
  type DataForSeoConfig,
  type DataForSeoEnvelope,
  type KeywordCompetition,
  type KeywordDataAccount,
  type KeywordDataConfig,
  type KeywordDataProvider,
  type KeywordMetrics,
  type KeywordMetricsOptions,
} from './types';
export { DataForSeoClient, DATAFORSEO_DEFAULTS, DATAFORSEO_KEYWORD_LIMITS } from './dataforseo';

/** The client of the configured keyword-data provider. */
export function createKeywordDataClient(config: KeywordDataConfig): DataForSeoClient {
  return new DataForSeoClient(config);
}
