// The core as the browser host and the CLI construct it: settings through `conf` in the data folder.
import { mkdirSync, readFileSync } from 'node:fs';
import { createCore, type Core, type CoreDeps } from '../core/core.ts';
import { defaultDataDir } from '../core/data-dir.ts';
import { createConfSettingsStore } from '../core/settings/conf-settings-store.ts';
import type { HostKind } from '../contract/types.ts';
import { inProcessDemo } from './in-process-demo.ts';

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
  const settings = options.overrides?.settings ?? createConfSettingsStore(dataDir);
  const core = createCore({
    host: options.host,
    version: packageVersion(),
    dataDir,
    settings,
    exportDir: process.cwd(),
    startDemoServer: demo.start,
    // A CLI command is over in seconds; nobody walks away from it.
    idleLock: options.host !== 'cli',
    ...options.overrides,
  });
  return {
    ...core,
    async close() {
      await core.close();
      await demo.close();
      settings.close();
    },
  };
}
