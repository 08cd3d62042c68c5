import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:package`: checks over the build in out/ (`npm run build` first): electron-builder's
// configuration offline, and the Electron main bundle started against the fake `electron`.
// Separate from `npm test` because it needs that build.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/build/**/*.build.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
