import { generateKeywordsInput, refreshKeywordMetricsInput } from '@blogfleet/validators';
import { generateKeywords } from '../services/keyword-generation';
import { refreshKeywordMetrics } from '../services/keyword-refresh';
import { defineJobKind, jobContext } from './kind';

/** POST keywords/generate: ideas from the AI text integration, metrics from keyword data. */
export const generateKeywordsJob = defineJobKind({
  kind: 'keywords.generate',
  payload: generateKeywordsInput,
  // A model or provider hiccup is worth one more try; repeating is safe (existing keywords are skipped).
  retryLimit: 1,
  retryDelaySeconds: 10,
  timeLimitSeconds: 10 * 60,
  title: ({ targetWebsite }) => `Generate keywords for ${targetWebsite}`,
  run: async ({ payload, deps, createdBy, progress }) =>
    generateKeywords(jobContext({ deps, createdBy }), payload, progress),
});

/** POST keywords/refresh-metrics: the selected keywords measured again. */
export const refreshKeywordMetricsJob = defineJobKind({
  kind: 'keywords.refresh-metrics',
  payload: refreshKeywordMetricsInput,
  retryLimit: 1,
  retryDelaySeconds: 30,
  timeLimitSeconds: 10 * 60,
  title: ({ keywordIds }) => `Refresh the metrics of ${keywordIds.length} keywords`,
  run: async ({ payload, deps, createdBy }) =>
    refreshKeywordMetrics(jobContext({ deps, createdBy }), payload),
});
