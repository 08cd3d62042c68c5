// Child process of main-bundle.build.test.ts: loads the built out/main/index.js on Node with the fake
// `electron`, waits for the window, makes one call through the registered IPC handler, prints JSON.
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

register('./electron-alias-hooks.mjs', import.meta.url);
const fake = await import('../fakes/electron.ts');
const dataDir = process.env.AISLE_TEST_DATA ?? '';
fake.app.paths = { userData: dataDir, downloads: dataDir };

await import(pathToFileURL(process.argv[2]).href);
const started = Date.now();
while (!fake.BrowserWindow.created[0]?.loadedUrl) {
  if (Date.now() - started > 10_000) throw new Error('the bundle opened no window');
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const window = fake.BrowserWindow.created[0];
const handler = fake.ipcMain.handlers.get('aisle:call');
const call = (url: string) => handler?.({ senderFrame: { url, parent: null } }, 'app.info', {});
console.log(
  JSON.stringify({
    loadedUrl: window.loadedUrl,
    webPreferences: window.options.webPreferences,
    channels: [...fake.ipcMain.handlers.keys()],
    sandbox: fake.app.sandboxEnabled,
    own: await call(window.loadedUrl ?? ''),
    foreign: await call('https://evil.example/'),
  }),
);
process.exit(0);
