import type { BenchDb } from './db';
import { listBenchSection } from './list-bench';
import {
  POOL_BROAD_SEARCH,
  POOL_GROUPS,
  poolPostsDataLine,
  poolRows,
  poolSiteRows,
  seedPoolPosts,
} from './seed';

type Page = { pagination: { total: number } };

const day = (d: Date) => d.toISOString().slice(0, 10);

/** `aiPool.posts.list` (REST `data.posts` + `data.pagination`) at a million posts (BENCH_POOL_ROWS: fewer). */
export function aiPostsListSection(bench: BenchDb, count = poolRows()): Promise<string> {
  const site10 = `${((100 * poolSiteRows(count, 10, true)) / count).toFixed(1)} %`;
  // One month (both days included) of the year the posts were created over, two months back.
  const start = new Date(Date.now() - 60 * 86_400_000);
  const end = new Date(start.getTime() + 29 * 86_400_000);
  return listBenchSection(bench, {
    title: 'AI content pool: posts list',
    procedure: 'aiPool.posts.list',
    restPath: 'ai-content-pool/posts',
    restTotal: (b) => (b as { data: Page }).data.pagination.total,
    trpcTotal: (b) => (b as { result: { data: Page } }).result.data.pagination.total,
    bareTotal: (b) => (b as Page).pagination.total,
    seed: async ({ handle }) => {
      await seedPoolPosts(handle.db, count);
      return poolPostsDataLine(handle.db);
    },
    variants: [
      { name: 'plain (newest first)', query: {} },
      { name: 'status ready', query: { status: 'ready' } },
      { name: `website filter (pool10, ${site10})`, query: { website_id: 10 } },
      { name: 'date range (one month)', query: { start_date: day(start), end_date: day(end) } },
      { name: 'group filter', query: { group_id: Math.ceil(POOL_GROUPS / 4) } },
      { name: 'search in title (broad)', query: { search: POOL_BROAD_SEARCH } },
      { name: 'page 500', query: { page: 500 } },
    ],
    soak: false,
  });
}
