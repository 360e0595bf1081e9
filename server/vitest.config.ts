import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two workers suit these two-core machines.
    maxWorkers: 2,
  },
});
