import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'electron/main/index.ts'),
          // the sync worker thread, loaded beside index.js (core/sync/sync-worker-client.ts)
          'sync-worker': resolve(__dirname, 'electron/core/sync/sync-worker.ts'),
          // the full-text index's helper thread, loaded beside them (core/db/write/search-index-builder.ts)
          'search-index-worker': resolve(__dirname, 'electron/core/db/write/search-index-worker.mjs'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [vue()],
    // renderer/tsconfig.json's paths: the contract the renderer shares with main and the hosts
    resolve: { alias: { '@contract': resolve(__dirname, 'electron/contract') } },
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } },
    },
  },
});
