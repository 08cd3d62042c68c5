// The application menu. Electron's default one would offer whoever stands at a shared workstation
// the developer tools (a console onto the window's bridge to main), reloads that throw away the
// screen, and "Learn More" links to electronjs.org. A packaged Aisle has none of it: on Windows and
// Linux no menu at all (editing keys work in fields without one; the text size setting stands in
// for zoom); on macOS, where the editing keys and Quit live in the menu, the app, Edit and Window
// menus only, which Electron words in the system's language. A development build keeps the default.
// A kiosk (kiosk.json), packaged or not, has no menu but macOS's Edit menu: no Quit, no Hide.
import { Menu, type MenuItemConstructorOptions } from 'electron';

/** The menu to install: a template, `null` for none, or `'default'` to leave Electron's own. */
export function applicationMenu(platform: NodeJS.Platform, isPackaged: boolean, kiosk = false): MenuItemConstructorOptions[] | null | 'default' {
  if (kiosk) return platform === 'darwin' ? [{ role: 'editMenu' }] : null;
  if (!isPackaged) return 'default';
  if (platform === 'darwin') return [{ role: 'appMenu' }, { role: 'editMenu' }, { role: 'windowMenu' }];
  return null;
}

export function installApplicationMenu(platform: NodeJS.Platform, isPackaged: boolean, kiosk = false): void {
  const menu = applicationMenu(platform, isPackaged, kiosk);
  if (menu === 'default') return;
  Menu.setApplicationMenu(menu === null ? null : Menu.buildFromTemplate(menu));
}
