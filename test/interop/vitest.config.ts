import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:interop`: the client against servers we did not write (server profiles of the demo
// server, and Prism serving docs/interface.openapi.yaml). AISLE_INTEROP_PROFILES sets how many
// random profiles run (CI: a few; the npm script: 100); AISLE_INTEROP_SEED replays a failure.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  resolve: {
    alias: { electron: fileURLToPath(new URL('../fakes/electron.ts', import.meta.url)) },
  },
  test: {
    include: ['test/interop/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    server: { deps: { inline: ['electron-store'] } },
  },
});
