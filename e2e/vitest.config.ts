import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // a page on a busy 2-core machine can take more than the default second to show a change
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // each journey starts its own server + browser; two at a time fit 2 cores
    maxWorkers: 2,
  },
});
