import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default, one fewer than the cores, is one worker on a 2-core
    // machine (CI's): the embedded database runs inside the worker, so the
    // second core sat idle. Two workers there take the API tier from 57 s to
    // 45 s on a sample of its files, and on PostgreSQL from 436 to 250 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['tests/support/one-query-at-a-time.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A screen reaching a state: Vitest's 1 s default was too short on CI's busy
          // 2-core machine (two browsers and two servers), where a send or a refetch
          // sometimes takes longer. A met state still ends the wait at once.
          expect: { poll: { timeout: 10_000 } },
          maxWorkers: 2,
          // After the unit and API tests, which run in their own group.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // Servers killed mid-write and restarted, fsync, races (tests/resilience).
          // On the embedded database; with TEST_DATABASE_URL, on PostgreSQL
          // instead, as the API tests do (npm run test:resilience, .ci/run).
          name: 'resilience',
          include: ['tests/resilience/**/*.test.ts'],
          setupFiles: ['tests/support/one-query-at-a-time.ts'],
          testTimeout: 600_000,
          hookTimeout: 180_000,
          // One file at a time, after the rest: each starts and kills servers of its own.
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
