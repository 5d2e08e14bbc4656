import { hashPassword } from '@blogfleet/api';
import type { BenchDb } from './db';
import { listBenchSection } from './list-bench';
import { seedUsers, selectiveUsername, USERS_BROAD_SEARCH } from './seed';
import { fmt } from './stats';

export const USERS = 1_000_000;

type Page = { pagination: { total: number } };

/** `users.list` at a million users. */
export function usersListSection(bench: BenchDb, count = USERS): Promise<string> {
  return listBenchSection(bench, {
    title: 'Users list',
    procedure: 'users.list',
    restPath: 'users',
    restTotal: (b) => (b as { data: Page }).data.pagination.total,
    trpcTotal: (b) => (b as { result: { data: Page } }).result.data.pagination.total,
    bareTotal: (b) => (b as Page).pagination.total,
    seed: async ({ handle }) => {
      await seedUsers(handle.db, count, await hashPassword('bench-password-1'));
      return `${fmt(count)} seeded users (first.last + number, mail hosts in realistic shares, created at random times over three years), 1 in 1,000 an admin`;
    },
    variants: [
      { name: 'plain', query: {} },
      { name: 'selective search', query: { search: selectiveUsername(123_457) } },
      { name: 'broad search', query: { search: USERS_BROAD_SEARCH } },
      // The same, with the total counted (capped count, then the planner's estimate) on every request.
      {
        name: 'broad search, counted each time',
        query: { search: USERS_BROAD_SEARCH },
        countCacheSeconds: 0,
      },
      { name: 'role filter', query: { role: 'admin' } },
      { name: 'page 1000', query: { page: 1000 } },
    ],
    soak: true,
  });
}
