import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/*/test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    pool: 'forks',
    // Generous: a loaded 2-core CI machine runs the app-starting tests several times slower.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // A loaded 2-core machine (browser, server, database) can take seconds to show what a poll waits for.
    expect: { poll: { timeout: 10_000 } },
    // Two cores: each file opens its own database, so more workers only queue on the CPU.
    maxWorkers: 2,
  },
});
