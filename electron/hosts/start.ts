// `npm start`: Electron where its binary is present, otherwise the browser host, said in one line.
// Options (after `npm start --`): --browser (browser host even with Electron), --host <address>
// (listen on another interface than loopback: only when asked), --port <n>, --rebuild.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
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

function buildIfStale(force: boolean): void {
  const builtAt = existsSync(rendererIndex) ? statSync(rendererIndex).mtimeMs : 0;
  const sourcesAt = Math.max(newestMtime(path.join(root, 'renderer')), newestMtime(path.join(root, 'electron')));
  if (builtAt >= sourcesAt && !force) return;
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) fail('the build failed (see above); nothing was started.');
}

/** The Electron binary, if this machine has one (it is fetched on first use and cannot be here). */
function electronBinary(): string | null {
  const dir = path.join(root, 'node_modules/electron');
  const pathFile = path.join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = path.join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

function fail(message: string): never {
  console.error(`aisle: ${message}`);
  process.exit(1);
}

function parseOptions() {
  try {
    return parseArgs({
      options: {
        browser: { type: 'boolean', default: false },
        host: { type: 'string' },
        port: { type: 'string' },
        rebuild: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)} (try npm start -- --help)`);
  }
}

const options = parseOptions();
if (options.help) {
  console.log('Usage: npm start [-- --browser] [--host <address>] [--port <n>] [--rebuild]');
  process.exit(0);
}
const port = Number(options.port ?? process.env.AISLE_PORT ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, not "${options.port}".`);

buildIfStale(options.rebuild);
const electron = options.browser || process.env.AISLE_BROWSER_HOST ? null : electronBinary();
if (electron) {
  const child = spawn(electron, [root], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  let core: ReturnType<typeof createNodeCore>;
  try {
    core = createNodeCore({ host: 'browser', echo: (line) => console.error(line) });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const log = core.log;
  const host = await startBrowserHost({ core, rendererDir: path.join(root, 'out/renderer'), host: options.host, port, log }).catch((error: unknown) =>
    fail(`the browser host could not listen: ${error instanceof Error ? error.message : String(error)}`),
  );
  const why = electron === null && !options.browser && !process.env.AISLE_BROWSER_HOST ? 'Electron is not installed on this machine, so the browser host is serving the app' : 'The browser host is serving the app';
  console.log(`Aisle: ${why} — open ${host.url}`);
  if (host.address !== '127.0.0.1') console.log(`Aisle: listening on ${host.address} as asked (--host): anyone who can reach it and has the link can use the app.`);
  const stop = async () => {
    await host.close();
    await core.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
