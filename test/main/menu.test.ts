// A packaged app's menu offers no developer tools, reload or links out, on any platform.
import { describe, expect, it } from 'vitest';
import { applicationMenu } from '../../electron/main/menu.ts';

/** Every role and label in a menu template, submenus included. */
function entries(template: unknown): string[] {
  if (!Array.isArray(template)) return [];
  return template.flatMap((item: { role?: string; label?: string; submenu?: unknown }) => [item.role ?? item.label ?? '', ...entries(item.submenu)]);
}

describe('the application menu', () => {
  it('is none at all on Windows and Linux once packaged', () => {
    expect(applicationMenu('win32', true)).toBeNull();
    expect(applicationMenu('linux', true)).toBeNull();
  });

  it('on macOS keeps the app, Edit and Window menus (Quit, copy and paste live there), nothing else', () => {
    const template = applicationMenu('darwin', true);
    expect(entries(template)).toEqual(['appMenu', 'editMenu', 'windowMenu']);
    expect(entries(template).some((e) => /devtools|reload|help|viewmenu/i.test(e))).toBe(false);
  });

  it('a kiosk has none, packaged or not, but macOS\'s Edit menu (no Quit, no Hide)', () => {
    for (const packaged of [true, false]) {
      expect(applicationMenu('win32', packaged, true)).toBeNull();
      expect(applicationMenu('linux', packaged, true)).toBeNull();
      expect(entries(applicationMenu('darwin', packaged, true))).toEqual(['editMenu']);
    }
  });

  it('is left as Electron makes it in development (developer tools wanted there)', () => {
    for (const platform of ['win32', 'linux', 'darwin'] as const) expect(applicationMenu(platform, false)).toBe('default');
  });
});
