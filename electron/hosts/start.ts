// `npm start`: Electron where its binary is present, otherwise the browser host, said in one line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBrowserHost } from './browser/browser-host.ts';
import { createNodeCore } from './node-core.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rendererIndex = path.join(root, 'out/renderer/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfStale(): void {
  const builtAt = existsSync(rendererIndex) ? statSync(rendererIndex).mtimeMs : 0;
  const sourcesAt = Math.max(newestMtime(path.join(root, 'renderer')), newestMtime(path.join(root, 'electron')));
  if (builtAt >= sourcesAt && !process.argv.includes('--rebuild')) return;
  const result = spawnSync(path.join(root, 'node_modules/.bin/electron-vite'), ['build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) {
    console.error('aisle: the build failed (see above); nothing was started.');
    process.exit(1);
  }
}

/** The Electron binary, if this machine has one (it is fetched on first use and cannot be here). */
function electronBinary(): string | null {
  const dir = path.join(root, 'node_modules/electron');
  const pathFile = path.join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = path.join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

buildIfStale();
const electron = process.env.AISLE_BROWSER_HOST ? null : electronBinary();
if (electron) {
  const child = spawn(electron, [root], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  const core = createNodeCore({ host: 'browser' });
  const host = await startBrowserHost({ core, rendererDir: path.join(root, 'out/renderer'), port: Number(process.env.AISLE_PORT ?? 0) });
  console.log(`Aisle: Electron is not installed on this machine, so the browser host is serving the app — open ${host.url}`);
  const stop = async () => {
    await host.close();
    await core.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
