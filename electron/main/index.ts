// Electron host entry: starts the app and its one hardened window.
import { startElectronHost } from './electron-host.ts';

void startElectronHost();
