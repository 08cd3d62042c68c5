// Updates for a fleet: electron-updater reads the on-premises feed the machine policy names
// (`updateFeed`, a generic provider: latest.yml beside the installers); without one, nothing is
// checked. electron-updater downloads in the background (differentially where the installer has a
// blockmap: NSIS and AppImage), checks the file's SHA-512 against the feed's latest.yml, and on
// Windows the installer's signature against the app's publisher. It is installed only when no sync
// round is running, and while someone is signed in only when they agree; a declined update is
// installed when Aisle quits.
import type { Logger } from '../core/index.ts';

/** The part of electron-updater's `autoUpdater` Aisle uses (a fake stands in for it in tests). */
export interface UpdaterPort {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  on(event: 'checking-for-update' | 'update-available' | 'update-not-available' | 'update-downloaded' | 'error', listener: (arg: unknown) => void): unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

export interface UpdateFacts {
  syncing(): boolean;
  signedIn(): boolean;
  /** Asks the person at the workstation to restart now for `version`; true when they agree. */
  ask(version: string): Promise<boolean>;
  /** Calls back when a round starts or ends, or the session changes; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

export type InstallDecision = 'install' | 'wait-for-sync' | 'ask';

/** Never mid-sync; never under a signed-in worker without asking. */
export function installDecision(facts: { syncing: boolean; signedIn: boolean }): InstallDecision {
  if (facts.syncing) return 'wait-for-sync';
  if (facts.signedIn) return 'ask';
  return 'install';
}

/** How often the feed is asked for a newer version. */
export const CHECK_EVERY_MS = 4 * 60 * 60_000;

export interface UpdatesOptions {
  feed: string | null;
  /** Only an installed app updates (a development run has nothing to replace). */
  packaged: boolean;
  /** electron-updater's autoUpdater, loaded only when updates are on. */
  updater: () => UpdaterPort | Promise<UpdaterPort>;
  facts: UpdateFacts;
  log: Logger;
  checkEveryMs?: number;
}

export interface Updates {
  /** Asks the feed now (also done at start and every CHECK_EVERY_MS). */
  check(): Promise<void>;
  stop(): void;
}

export async function startUpdates(options: UpdatesOptions): Promise<Updates | null> {
  const { log, facts } = options;
  if (!options.feed) {
    log.info('update: off, the machine policy names no updateFeed');
    return null;
  }
  if (!options.packaged) {
    log.info('update: off in a development run', { feed: options.feed });
    return null;
  }
  let updater: UpdaterPort;
  try {
    updater = await options.updater();
  } catch (error) {
    // the app runs on without updates: IT reads why in the log
    log.error('update: off, the updater could not be loaded', { feed: options.feed, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
  updater.setFeedURL({ provider: 'generic', url: options.feed });
  updater.autoDownload = true;
  // a declined update goes in when Aisle quits, after the core has closed (no round is cut)
  updater.autoInstallOnAppQuit = true;
  let ready: string | null = null;
  let asking = false;
  let declined: string | null = null;
  let waitingLogged = false;

  const consider = async () => {
    if (!ready || asking || declined === ready) return;
    const decision = installDecision({ syncing: facts.syncing(), signedIn: facts.signedIn() });
    if (decision === 'wait-for-sync') {
      if (!waitingLogged) log.info('update: waiting for the sync round to end', { version: ready });
      waitingLogged = true;
      return;
    }
    if (decision === 'ask') {
      asking = true;
      const version = ready;
      const agreed = await facts.ask(version).catch(() => false);
      asking = false;
      if (!agreed) {
        declined = version;
        log.info('update: postponed by the user, installed when Aisle quits', { version });
        return;
      }
      // a round may have started while the question was open
      if (facts.syncing()) {
        log.info('update: waiting for the sync round to end', { version });
        return;
      }
    }
    log.info('update: installing and restarting', { version: ready, asked: decision === 'ask' });
    updater.quitAndInstall(true, true);
  };

  updater.on('checking-for-update', () => log.info('update: checking', { feed: options.feed }));
  updater.on('update-available', (info) => log.info('update: downloading', { version: versionOf(info) }));
  updater.on('update-not-available', (info) => log.info('update: up to date', { version: versionOf(info) }));
  updater.on('error', (error) => log.error('update: failed', { feed: options.feed, error: error instanceof Error ? error.message : String(error) }));
  updater.on('update-downloaded', (info) => {
    ready = versionOf(info);
    waitingLogged = false;
    log.info('update: downloaded and verified', { version: ready });
    void consider();
  });
  const unsubscribe = facts.onChange(() => void consider());

  const check = async () => {
    try {
      await updater.checkForUpdates();
    } catch {
      // told through the 'error' event, which logs it
    }
  };
  void check();
  const timer = setInterval(() => void check(), options.checkEveryMs ?? CHECK_EVERY_MS);
  timer.unref();
  return {
    check,
    stop() {
      clearInterval(timer);
      unsubscribe();
    },
  };
}

function versionOf(info: unknown): string {
  const version = (info as { version?: unknown } | null)?.version;
  return typeof version === 'string' ? version : 'unknown';
}
