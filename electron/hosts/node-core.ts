// The core as the browser host and the CLI construct it: settings through `conf` in the data folder.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { AisleError } from '../contract/errors.ts';
import { createConfSettingsStore, createCore, defaultDataDir, type Core, type CoreDeps } from '../core/index.ts';
import type { HostKind } from '../contract/types.ts';
import { createFileLogger } from './file-logger.ts';
import { inProcessDemo } from './in-process-demo.ts';

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export interface NodeCoreOptions {
  host: HostKind;
  dataDir?: string;
  overrides?: Partial<CoreDeps>;
  /** Where warnings and errors are echoed besides the log file (the browser host: its terminal). */
  echo?: (line: string) => void;
}

/**
 * Throws an AisleError in words when the data folder cannot be one (a file stands where it should
 * be) or its settings file is a folder: the host prints one sentence instead of a stack trace.
 */
export function prepareDataDir(dataDir: string): void {
  const settingsFile = path.join(dataDir, 'settings.json');
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      throw new AisleError('invalid_argument', `The data folder ${dataDir} is a file, not a folder: move that file away, or choose another data folder.`);
    }
    throw new AisleError('invalid_argument', `The data folder ${dataDir} cannot be created (${code ?? (error as Error).message}).`);
  }
  if (statSync(settingsFile, { throwIfNoEntry: false })?.isDirectory()) {
    throw new AisleError('invalid_argument', `The settings file ${settingsFile} is a folder, not a file: move that folder away and start Aisle again (default settings are then used).`);
  }
}

export function createNodeCore(options: NodeCoreOptions): Core {
  const dataDir = options.dataDir ?? defaultDataDir();
  prepareDataDir(dataDir);
  const log = options.overrides?.log ?? createFileLogger(dataDir, { echo: options.echo });
  const demo = inProcessDemo(dataDir);
  const settings = options.overrides?.settings ?? createConfSettingsStore(dataDir, { warn: (message, fields) => log.warn(message, fields) });
  const core = createCore({
    log,
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
