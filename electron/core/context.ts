// What a host hands the core (`CoreDeps`) and what every part of the core is given in return
// (`CoreContext`). These are types only, kept apart from core.ts so that the parts core.ts wires
// together can name them without importing the file that imports them.
import type { HostKind } from '../contract/types.ts';
import type { RequestLog } from './api/request-log.ts';
import type { CoreEvents } from './events.ts';
import type { MachinePolicy } from './settings/machine-policy.ts';
import type { SettingsStore } from './settings/settings-store.ts';

/** Encryption at rest for secrets the user asked us to remember (Electron's safeStorage). */
export interface SecretBox {
  isAvailable(): boolean;
  encrypt(plain: string): Buffer;
  decrypt(cipher: Buffer): string;
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** The kiosk exit password as kiosk.json holds it: a salted scrypt key and its cost. */
export interface ExitPassword {
  salt: string;
  hash: string;
  cost: { N: number; r: number; p: number };
}

/**
 * Off; on with its exit password; or on with a file that cannot be read (`exit: null`). A damaged
 * file keeps the workstation locked down (IT meant a kiosk) but nothing opens it from inside Aisle:
 * IT fixes or removes the file.
 */
export type KioskPolicy = { enabled: false } | { enabled: true; exit: ExitPassword | null; server: string | null; problem?: string };

/** What a host that can be a kiosk gives the core (the Electron host). */
export interface KioskHost {
  policy: KioskPolicy;
  /** Closes the app: called once the exit password was given. */
  leave(): void;
}

export interface CoreDeps {
  /** The machine policy IT deployed (settings/machine-policy.ts), already applied to `settings` by the host. */
  policy?: MachinePolicy;
  host: HostKind;
  version: string;
  dataDir: string;
  settings: SettingsStore;
  secrets?: SecretBox | null;
  log?: Logger;
  /** Starts the demo warehouse in-process (hosts that can); resolves to its base URL. */
  startDemoServer?: () => Promise<{ url: string }>;
  /** Where CSV exports are written (Electron: Downloads; CLI: cwd). */
  exportDir?: string;
  /** The sync worker's entry (default: sync-worker.ts beside its client; the Electron build passes its bundled copy). */
  syncWorkerUrl?: URL;
  /** How long after a round, idle, the mirror's daily integrity check runs (default a minute; tests shorten it). */
  idleCheckMs?: number;
  /** Sync by itself after sign-in, on a timer and when back online (default true; the CLI syncs on command). */
  autoSync?: boolean;
  /** Lock the session after `lockAfterMinutes` without input (default true; the CLI's commands are short). */
  idleLock?: boolean;
  /** Upgrades a mirror file written by an older Aisle (default: in the sync worker, upgradeInWorker). */
  upgradeMirror?: (file: string) => Promise<void>;
  /** Kiosk mode, in a host that can lock its window down (Electron); none elsewhere. */
  kiosk?: KioskHost;
}

export interface CoreContext {
  deps: CoreDeps;
  events: CoreEvents;
  log: Logger;
  /** The requests made to the server lately (the diagnostics page). */
  requests: RequestLog;
}
