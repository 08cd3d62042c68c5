import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

// `npm test`: unit and integration tests on Node 22 (the project's own `node` package).
// The Electron host is tested against a fake `electron` module: its binary cannot run here.
// Renderer component tests (test/renderer) run in happy-dom.
export default defineConfig({
  plugins: [vue()],
  resolve: {
    alias: {
      electron: fileURLToPath(new URL('./test/fakes/electron.ts', import.meta.url)),
      // electron-updater loads `electron` itself: a host test that turns updates on gets this stand-in
      'electron-updater': fileURLToPath(new URL('./test/fakes/electron-updater.ts', import.meta.url)),
      // renderer/tsconfig.json's paths, for the renderer's sources under test
      '@contract': fileURLToPath(new URL('./electron/contract', import.meta.url)),
    },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // electron-store imports `electron`; inlining it lets the alias above give it the fake.
    server: { deps: { inline: ['electron-store'] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/.artifacts/**', 'test/e2e/**', 'test/build/**', 'test/bench/**', 'test/reliability/**', 'test/interop/**', 'test/renderer/**', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: { name: 'renderer', include: ['test/renderer/**/*.test.ts'], environment: 'happy-dom' },
      },
    ],
  },
});
