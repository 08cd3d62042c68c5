import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:reliability`: faults, kills, hostile input, secrets, hardening, load and the fleet.
// Files run one after another (they measure); the global teardown writes docs/RELIABILITY.md from
// the figures the tests recorded. RELIABILITY_PROFILE=ci runs the CI-sized version.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  resolve: {
    alias: { electron: fileURLToPath(new URL('../fakes/electron.ts', import.meta.url)) },
  },
  test: {
    include: ['test/reliability/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    globalSetup: ['test/reliability/support/global-setup.ts'],
    setupFiles: ['test/reliability/support/track-failures.ts'],
    server: { deps: { inline: ['electron-store'] } },
  },
});
