import type { BenchDb } from './db';
import { listBenchSection } from './list-bench';
import {
  KEYWORD_GROUPS,
  KEYWORDS,
  keywordDataLine,
  keywordLayout,
  KEYWORDS_BROAD_SEARCH,
  seededGroupName,
  seedKeywordData,
} from './seed';

type Meta = { meta: { pagination: { total: number } } };

/** `keywordGroups.list` (REST `data` + `meta.pagination`, each group with its keywords and sites) at a million keywords. */
export function keywordGroupsListSection(bench: BenchDb, count = KEYWORDS): Promise<string> {
  const layout = keywordLayout(count);
  return listBenchSection(bench, {
    title: 'Keyword groups list',
    procedure: 'keywordGroups.list',
    restPath: 'keyword-groups',
    restTotal: (b) => (b as Meta).meta.pagination.total,
    trpcTotal: (b) => (b as { result: { data: Meta } }).result.data.meta.pagination.total,
    bareTotal: (b) => (b as Meta).meta.pagination.total,
    seed: async ({ handle }) => {
      await seedKeywordData(handle.db, count);
      return keywordDataLine(handle.db);
    },
    variants: [
      { name: 'plain (newest first)', query: {} },
      { name: 'status filter', query: { status: 'inactive' } },
      { name: 'priority filter', query: { priority: 'high' } },
      { name: 'status and priority', query: { status: 'active', priority: 'medium' } },
      { name: 'selective search', query: { search: seededGroupName(layout, KEYWORD_GROUPS, 12_345) } },
      { name: 'broad search', query: { search: KEYWORDS_BROAD_SEARCH } },
      { name: 'sorted by name, A–Z', query: { sort: 'name', order: 'asc' } },
      { name: 'sorted by priority', query: { sort: 'priority' } },
      { name: 'page 500', query: { page: 500 } },
    ],
    soak: false,
  });
}
