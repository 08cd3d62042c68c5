// The hardened window and the navigation rules, against the fake `electron` module.
import { beforeEach, describe, expect, it } from 'vitest';
import { hardenWebContents, isAppUrl } from '../../electron/main/security.ts';
import { prepareApp, rendererUrl } from '../../electron/main/electron-host.ts';
import { createMainWindow } from '../../electron/main/window.ts';
import { app, BrowserWindow, FakeWebContents, resetFakeElectron } from '../fakes/electron.ts';

const APP_URL = 'file:///opt/Aisle/resources/app.asar/out/renderer/index.html';

describe('the main window', () => {
  beforeEach(() => resetFakeElectron());

  it('is created with the hardened options', () => {
    createMainWindow('/app/out/preload/index.cjs');
    const prefs = BrowserWindow.created[0].options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
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
    });
    // Nothing that loosens them may sneak in.
    for (const key of ['enableBlinkFeatures', 'additionalArguments', 'enableRemoteModule', 'contextIsolationForSubFrames']) expect(prefs).not.toHaveProperty(key);
  });

  it('every web contents the app creates gets the navigation rules', () => {
    prepareApp(() => APP_URL);
    createMainWindow('/p.cjs');
    const contents = BrowserWindow.created[0].webContents;
    expect(contents.openHandler).not.toBeNull();
    expect(contents.emitCancellable('will-navigate', 'https://evil.example/')).toBe(true);
  });
});

describe('navigation rules', () => {
  let contents: FakeWebContents;
  beforeEach(() => {
    resetFakeElectron();
    contents = new FakeWebContents();
    hardenWebContents(contents as never, () => APP_URL);
  });

  it('denies every new window, even for https links', () => {
    for (const url of ['https://example.com/', 'http://127.0.0.1/', APP_URL, 'javascript:alert(1)']) {
      expect(contents.openHandler?.({ url })).toEqual({ action: 'deny' });
    }
  });

  it('prevents navigation and redirects away from the app page', () => {
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'http://localhost:5173/', 'data:text/html,hi']) {
      expect(contents.emitCancellable('will-navigate', url)).toBe(true);
      expect(contents.emitCancellable('will-redirect', url)).toBe(true);
    }
    expect(contents.emitCancellable('will-navigate', APP_URL + '#/search')).toBe(false);
  });

  it('refuses to attach a webview', () => {
    expect(contents.emitCancellable('will-attach-webview', {}, { src: 'https://evil.example/' })).toBe(true);
  });
});

describe('isAppUrl', () => {
  it('matches only the app page (file://) or the dev server origin', () => {
    expect(isAppUrl(APP_URL + '?x=1#/a', APP_URL)).toBe(true);
    expect(isAppUrl('file:///opt/Aisle/other.html', APP_URL)).toBe(false);
    expect(isAppUrl('http://localhost:5173/#/x', 'http://localhost:5173/')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
    expect(isAppUrl('not a url', APP_URL)).toBe(false);
  });

  it('the fake app records the sandbox switch', () => {
    prepareApp(() => APP_URL);
    expect(app.sandboxEnabled).toBe(true);
  });
});

describe('rendererUrl', () => {
  it('uses the dev server only when not packaged and only on loopback', () => {
    expect(rendererUrl(false, { ELECTRON_RENDERER_URL: 'http://localhost:5173' })).toBe('http://localhost:5173');
    expect(rendererUrl(true, { ELECTRON_RENDERER_URL: 'http://localhost:5173' })).toMatch(/^file:\/\/.*\/renderer\/index\.html$/);
    expect(rendererUrl(false, { ELECTRON_RENDERER_URL: 'https://evil.example/' })).toMatch(/^file:/);
    expect(rendererUrl(false, {})).toMatch(/^file:/);
  });
});
