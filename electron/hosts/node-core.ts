// The core as the browser host and the CLI construct it: settings through `conf` in the data folder.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createCore, type Core, type CoreDeps } from '../core/core.ts';
import { defaultDataDir } from '../core/data-dir.ts';
import { createConfSettingsStore } from '../core/settings/conf-settings-store.ts';
import type { HostKind } from '../contract/types.ts';

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export interface NodeCoreOptions {
  host: HostKind;
  dataDir?: string;
  overrides?: Partial<CoreDeps>;
}

export function createNodeCore(options: NodeCoreOptions): Core {
  const dataDir = options.dataDir ?? defaultDataDir();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const demo = inProcessDemo(dataDir);
  const core = createCore({
    host: options.host,
    version: packageVersion(),
    dataDir,
    settings: createConfSettingsStore(dataDir),
    exportDir: process.cwd(),
    startDemoServer: demo.start,
    ...options.overrides,
  });
  return {
    ...core,
    async close() {
      await core.close();
      await demo.close();
    },
  };
}

/** The "Demo warehouse" of the sign-in screen: started on first use, reused, closed with the core. */
function inProcessDemo(dataDir: string) {
  let running: Promise<{ url: string; close(): Promise<void> }> | null = null;
  return {
    start(): Promise<{ url: string }> {
      running ??= import('../demo/index.ts')
        .then(({ startDemoServer }) => startDemoServer({ dataFile: path.join(dataDir, 'demo-server.sqlite') }))
        .catch((error: unknown) => {
          running = null;
          throw error;
        });
      return running;
    },
    async close(): Promise<void> {
      const server = running && (await running.catch(() => null));
      running = null;
      await server?.close();
    },
  };
}
