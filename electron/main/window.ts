// The one application window. Its options are written out literally (not built) so that
// electronegativity can check them; test/main/window.test.ts pins them.
import { BrowserWindow } from 'electron';

export function createMainWindow(preloadPath: string): BrowserWindow {
  return new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 800,
    minHeight: 600,
    show: false,
    backgroundColor: '#f4f5f7',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    },
  });
}
