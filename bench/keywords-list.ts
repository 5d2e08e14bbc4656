import type { BenchDb } from './db';
import { listBenchSection } from './list-bench';
import {
  KEYWORD_GROUPS,
  KEYWORDS,
  keywordDataLine,
  keywordLayout,
  KEYWORDS_BROAD_SEARCH,
  uniqueSeededKeyword,
  seedKeywordData,
} from './seed';

type Page = { pagination: { total: number } };

/** `keywords.list` (REST `data.data` + `data.pagination`) at a million keywords. */
export function keywordsListSection(bench: BenchDb, count = KEYWORDS): Promise<string> {
  const layout = keywordLayout(count);
  const site10 = `${((100 * layout.sizes[9]!) / count).toFixed(1)} %`;
  return listBenchSection(bench, {
    title: 'Keywords list',
    procedure: 'keywords.list',
    restPath: 'keywords',
    restTotal: (b) => (b as { data: Page }).data.pagination.total,
    trpcTotal: (b) => (b as { result: { data: Page } }).result.data.pagination.total,
    bareTotal: (b) => (b as Page).pagination.total,
    seed: async ({ handle }) => {
      await seedKeywordData(handle.db, count);
      return keywordDataLine(handle.db);
    },
    variants: [
      { name: 'plain (newest first)', query: {} },
      { name: `website filter (site10, ${site10})`, query: { targetWebsite: 'site10.example' } },
      { name: 'status used', query: { status: 'used' } },
      { name: 'group filter', query: { groupId: Math.ceil(KEYWORD_GROUPS / 4) } },
      { name: 'selective search', query: { search: uniqueSeededKeyword(layout, 123_457).text } },
      { name: 'broad search', query: { search: KEYWORDS_BROAD_SEARCH } },
      { name: 'sorted by volume', query: { sort: 'search_volume' } },
      { name: 'sorted by competition', query: { sort: 'competition' } },
      { name: 'sorted by score', query: { sort: 'score' } },
      { name: 'sorted by keyword, A–Z', query: { sort: 'keyword_text', order: 'asc' } },
      { name: 'website filter, sorted by score', query: { targetWebsite: 'site10.example', sort: 'score' } },
      { name: 'page 500', query: { page: 500 } },
    ],
    soak: false,
  });
}
