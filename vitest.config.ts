import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['sidecar/test/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
