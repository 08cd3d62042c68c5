// The one application window. Its options are written out literally (not built) so that
// electronegativity can check them; test/main/security.test.ts pins them. A kiosk (kiosk.json)
// fills the screen and has no developer tools.
import { BrowserWindow } from 'electron';

export function createMainWindow(preloadPath: string, options: { kiosk: boolean } = { kiosk: false }): BrowserWindow {
  return new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 800,
    minHeight: 600,
    show: false,
    backgroundColor: '#f4f5f7',
    kiosk: options.kiosk,
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
      devTools: !options.kiosk,
    },
  });
}
