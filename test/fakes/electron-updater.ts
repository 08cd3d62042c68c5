// A stand-in for electron-updater's autoUpdater in tests that start the Electron host with an
// update feed: it records the feed and the checks, and never downloads.
import { EventEmitter } from 'node:events';

class FakeAutoUpdater extends EventEmitter {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  feed: unknown = null;
  checks = 0;
  installs = 0;
  setFeedURL(options: unknown) {
    this.feed = options;
  }
  async checkForUpdates() {
    this.checks++;
    return null;
  }
  quitAndInstall() {
    this.installs++;
  }
}

export const autoUpdater = new FakeAutoUpdater();
export default { autoUpdater };
