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
    // The suite is pure logic plus a few small renders; keep it snappy.
    testTimeout: 5000,
  },
});
