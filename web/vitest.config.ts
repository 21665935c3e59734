import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Threads start faster than forks; most of the suite's time is environment set-up.
    pool: 'threads',
    // CI runs this suite beside the PGlite server suite on 2 cores; a multi-step render
    // (two pages of a feed) can take several seconds there without anything being wrong.
    testTimeout: 20_000,
  },
});
