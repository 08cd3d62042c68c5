// The core as the browser host and the CLI construct it: settings through `conf` in the data folder.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { AisleError } from '../contract/errors.ts';
import {
  createAisleLogger,
  createConfSettingsStore,
  createCore,
  defaultDataDir,
  ENV_NETWORK,
  readMachinePolicy,
  settingsUnderPolicy,
  useNetwork,
  type AisleLogger,
  type Core,
  type CoreDeps,
  type Logger,
  type SettingsStore,
} from '../core/index.ts';
import type { HostKind } from '../contract/types.ts';
import { inProcessDemo } from './in-process-demo.ts';
import { logPolicy } from './policy-log.ts';

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
  /** Echo every entry, not only warnings and errors (the CLI's --verbose). */
  verbose?: boolean;
}

/**
 * The log of a host without Electron: the day's file in the data folder, kept as many days as the
 * settings say (read at each new day, so a change needs no restart).
 */
export function createHostLogger(host: HostKind, dataDir: string, options: { echo?: (line: string) => void; verbose?: boolean; settings?: () => SettingsStore | null } = {}): AisleLogger {
  return createAisleLogger(dataDir, {
    host,
    level: options.verbose ? 'debug' : 'info',
    echo: options.echo,
    echoLevel: options.verbose ? 'debug' : 'warn',
    keepDays: () => options.settings?.()?.get().logKeepDays ?? 14,
  });
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

/** The core, with the log it writes to (the host logs its own events there too). */
export type NodeCore = Core & { log: Logger };

export function createNodeCore(options: NodeCoreOptions): NodeCore {
  const dataDir = options.dataDir ?? defaultDataDir();
  prepareDataDir(dataDir);
  let settings: SettingsStore | null = null;
  const log = options.overrides?.log ?? createHostLogger(options.host, dataDir, { echo: options.echo, verbose: options.verbose, settings: () => settings });
  const policy = options.overrides?.policy ?? readMachinePolicy(dataDir);
  logPolicy(log, policy);
  // the CLI and the browser host: the proxy from the environment, Node's CAs (NODE_EXTRA_CA_CERTS) and the policy's bundle
  useNetwork({ ...ENV_NETWORK, caBundleFile: policy.caBundleFile });
  const demo = inProcessDemo(dataDir);
  settings = settingsUnderPolicy(options.overrides?.settings ?? createConfSettingsStore(dataDir, { warn: (message, fields) => log.warn(message, fields) }), policy);
  const core = createCore({
    log,
    host: options.host,
    version: packageVersion(),
    dataDir,
    exportDir: process.cwd(),
    startDemoServer: demo.start,
    // A CLI command is over in seconds; nobody walks away from it.
    idleLock: options.host !== 'cli',
    ...options.overrides,
    settings,
    policy,
  });
  return {
    ...core,
    log,
    async close() {
      await core.close();
      await demo.close();
      settings.close();
    },
  };
}
