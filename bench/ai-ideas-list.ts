import type { BenchDb } from './db';
import { listBenchSection } from './list-bench';
import {
  POOL_BROAD_SEARCH,
  POOL_SELECTIVE_SEARCH,
  POOL_KEYWORD,
  POOL_RARE_KEYWORD,
  poolIdeasDataLine,
  poolRows,
  poolSiteRows,
  seedPoolIdeas,
} from './seed';

type Page = { pagination: { total: number } };

/** `aiPool.ideas.list` (REST `data.ideas` + `data.pagination`) at a million ideas (BENCH_POOL_ROWS: fewer). */
export function aiIdeasListSection(bench: BenchDb, count = poolRows()): Promise<string> {
  const site10 = `${((100 * poolSiteRows(count, 10)) / count).toFixed(1)} %`;
  return listBenchSection(bench, {
    title: 'AI content pool: ideas list',
    procedure: 'aiPool.ideas.list',
    restPath: 'ai-content-pool/ideas',
    restTotal: (b) => (b as { data: Page }).data.pagination.total,
    trpcTotal: (b) => (b as { result: { data: Page } }).result.data.pagination.total,
    bareTotal: (b) => (b as Page).pagination.total,
    seed: async ({ handle }) => {
      await seedPoolIdeas(handle.db, count);
      return poolIdeasDataLine(handle.db);
    },
    variants: [
      { name: 'plain (newest first)', query: {} },
      { name: `website filter (pool10, ${site10})`, query: { website_id: 10 } },
      { name: 'status approved', query: { status: 'approved' } },
      { name: `keyword filter (head term "${POOL_KEYWORD}", ~1 %)`, query: { keyword: POOL_KEYWORD } },
      { name: `keyword filter (rare: "${POOL_RARE_KEYWORD}")`, query: { keyword: POOL_RARE_KEYWORD } },
      { name: 'selective search', query: { search: POOL_SELECTIVE_SEARCH } },
      { name: 'broad search', query: { search: POOL_BROAD_SEARCH } },
      { name: 'page 500', query: { page: 500 } },
    ],
    soak: false,
  });
}
