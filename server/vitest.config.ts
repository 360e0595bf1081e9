import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // A rolling restart needs several processes, so PostgreSQL and Redis: its file is run only where both
    // are given (the PostgreSQL suite in CI), so no other run lists it as skipped or empty.
    exclude: [
      '**/node_modules/**',
      ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
        ? []
        : ['test/rolling-restart.test.ts']),
    ],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two workers suit these two-core machines.
    maxWorkers: 2,
  },
});
