// Electron's security checklist, applied to the session and to every web contents the app creates:
// no permissions, the CSP on every response, no navigation away from the app's own page, no new
// windows, no <webview>.
import type { Session, WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../hosts/content-security-policy.ts';

/** The app's own page: file:// of the built renderer (or the dev server's origin in development). */
export function isAppUrl(url: string, appUrl: string): boolean {
  try {
    const given = new URL(url);
    const own = new URL(appUrl);
    if (own.protocol === 'file:') return given.protocol === 'file:' && given.pathname === own.pathname;
    return given.origin === own.origin;
  } catch {
    return false;
  }
}

export function hardenSession(target: Session): void {
  target.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  target.setPermissionCheckHandler(() => false);
  target.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
}

export function hardenWebContents(contents: WebContents, appUrl: () => string): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, appUrl())) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, appUrl())) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
