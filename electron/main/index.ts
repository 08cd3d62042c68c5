// Electron host entry: starts the app and its one hardened window.
import { app } from 'electron';
import { startElectronHost } from './electron-host.ts';

startElectronHost().catch((error: unknown) => {
  console.error('[aisle] could not start:', error instanceof Error ? error.message : String(error));
  app.exit(1);
});
