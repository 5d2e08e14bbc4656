import type { BenchDb } from './db';
import { listBenchSection } from './list-bench';
import { DOMAIN_TARGETS, DOMAINS_BROAD_SEARCH, seedDomains, selectiveDomain } from './seed';
import { fmt } from './stats';

export const DOMAINS = 1_000_000;

type Meta = { meta: { pagination: { total: number } } };

/** `domains.list` (REST `data` + `meta.pagination`) at a million domains. */
export function domainsListSection(bench: BenchDb, count = DOMAINS): Promise<string> {
  return listBenchSection(bench, {
    title: 'Domains list',
    procedure: 'domains.list',
    restPath: 'domains',
    restTotal: (b) => (b as Meta).meta.pagination.total,
    trpcTotal: (b) => (b as { result: { data: Meta } }).result.data.meta.pagination.total,
    bareTotal: (b) => (b as Meta).meta.pagination.total,
    seed: async ({ handle }) => {
      await seedDomains(handle.db, count);
      return `${fmt(count)} seeded domains (two words + number + one of 10 TLDs) for ${DOMAIN_TARGETS} target websites (skewed), 70 % available, 12 % purchased, the rest pending, approved or taken, created at random times over three years`;
    },
    variants: [
      { name: 'plain', query: {} },
      { name: 'selective search', query: { search: selectiveDomain(123_457) } },
      { name: 'broad search', query: { search: DOMAINS_BROAD_SEARCH } },
      { name: 'status filter', query: { status: 'purchased' } },
      { name: 'target filter', query: { target_website: 'blog150.example' } },
      { name: 'sorted by name', query: { sort: 'domain_name', order: 'asc' } },
      { name: 'sorted by target, page 100', query: { sort: 'target_website', page: 100 } },
    ],
    soak: false,
  });
}
