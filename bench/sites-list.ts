import type { BenchDb } from './db';
import { listBenchSection } from './list-bench';
import { seedSites } from './seed';
import { fmt } from './stats';

export const SITES = 10_000;
const POSTS_PER_SITE = 10;

type Meta = { meta: { pagination: { total: number } } };

/** `sites.list` (REST `data` + `meta.pagination`, each site with its post statistics) at 10,000 sites. */
export function sitesListSection(bench: BenchDb, count = SITES): Promise<string> {
  return listBenchSection(bench, {
    title: 'Sites list',
    procedure: 'sites.list',
    restPath: 'sites',
    restTotal: (b) => (b as Meta).meta.pagination.total,
    trpcTotal: (b) => (b as { result: { data: Meta } }).result.data.meta.pagination.total,
    bareTotal: (b) => (b as Meta).meta.pagination.total,
    seed: async ({ handle }) => {
      await seedSites(handle.db, count, POSTS_PER_SITE);
      return `${fmt(count)} seeded sites (80 % active, 10 % inactive, 10 % in setup; en, tr, es), ${fmt(count * POSTS_PER_SITE)} synced posts (${POSTS_PER_SITE} each: 60 % published, 30 % drafts, 10 % scheduled) counted into every row's statistics, a screenshot for every other site`;
    },
    variants: [
      { name: 'plain', query: {} },
      { name: 'status filter', query: { status: 'inactive' } },
      { name: 'language filter', query: { targeted_language: 'tr' } },
      { name: 'domain search', query: { domain: 'fleet777' } },
      { name: 'deep page (250 of 500)', query: { page: 250 } },
      { name: '100 per page', query: { limit: 100 } },
    ],
    soak: false,
  });
}
