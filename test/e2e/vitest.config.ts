import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:e2e`: the renderer in Debian's Chromium through the browser host. Needs a build
// (`npm run build`) and /usr/bin/chromium.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  // renderer/tsconfig.json's paths, should a test import a renderer module
  resolve: { alias: { '@contract': fileURLToPath(new URL('../../electron/contract', import.meta.url)) } },
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    // Chromium on a shared two-core machine: give polled conditions time.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
