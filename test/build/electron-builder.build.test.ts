// The installers' configuration, checked offline: electron-builder packs a Linux x64 `dir` target
// with `electronDist` pointing at a placeholder (Electron's binary cannot be downloaded here), which
// exercises the schema, the `files` globs, the asar and `asarUnpack`. The output cannot run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync, type Dirent } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const asar = require('@electron/asar') as { listPackage(file: string, options?: object): string[] };
const config = require('../../build/electron-builder.config.cjs') as Record<string, unknown> & { linux: { target: string[] }; win: { target: string[] }; mac: { target: string[] } };

const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron's own defaults, '1' on, '0' off: RunAsNode, cookie encryption, NODE_OPTIONS, --inspect, asar integrity, only asar, browser V8 snapshot, file:// privileges. */
const SHIPPED_WIRE = '10110001';

/** The environment of `npm run dist`: without vitest's variables, which make electron-builder go quiet. */
function builderEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', NODE_ENV: 'production' };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  return env;
}

describe('electron-builder configuration', () => {
  const work = tempDir('aisle-dist-');
  const output = path.join(work.path, 'release');
  const resources = path.join(output, 'linux-unpacked/resources');
  let log = '';
  let files: string[] = [];

  beforeAll(() => {
    expect(existsSync(path.join(root, 'out/main/index.js')), 'run `npm run build` first').toBe(true);
    const electronDist = path.join(work.path, 'electron-dist');
    mkdirSync(electronDist);
    // the placeholder carries a fuse wire as Electron ships it (sentinel, version 1, eight fuses at
    // their defaults), so electron-builder flips the fuses on it as on the real binary
    writeFileSync(path.join(electronDist, 'electron'), Buffer.concat([Buffer.from('placeholder\0' + FUSE_SENTINEL), Buffer.from([1, SHIPPED_WIRE.length]), Buffer.from(SHIPPED_WIRE), Buffer.from('\0')]), { mode: 0o755 });
    writeFileSync(path.join(electronDist, 'version'), require('electron/package.json').version);
    const run = spawnSync(
      path.join(root, 'node_modules/.bin/node'),
      [path.join(root, 'node_modules/electron-builder/cli.js'), '--config', 'build/electron-builder.config.cjs', '--linux', 'dir', '--x64', `-c.electronDist=${electronDist}`, `-c.directories.output=${output}`, '--publish', 'never'],
      { cwd: root, encoding: 'utf8', env: builderEnv() },
    );
    log = run.stdout + run.stderr;
    expect(run.status, log).toBe(0);
    files = asar.listPackage(path.join(resources, 'app.asar'), { isPack: false }).map((f) => f.replaceAll('\\', '/'));
  });

  afterAll(() => work.remove());

  it('targets AppImage and deb, NSIS, dmg, with no native rebuild and native files unpacked', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis', 'msi']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.npmRebuild).toBe(false);
    expect(config.asarUnpack).toContain('**/*.node');
    expect(log).toMatch(/skipped dependencies rebuild/);
  });

  it('deploys to fleets: an NSIS installer with an install-mode choice, a per-machine MSI, notarization only with credentials', () => {
    const c = config as unknown as { nsis: Record<string, unknown>; msi: Record<string, unknown>; mac: Record<string, unknown> };
    expect(c.nsis).toMatchObject({ oneClick: false, perMachine: false });
    expect(c.msi).toMatchObject({ perMachine: true, upgradeCode: expect.stringMatching(/^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/) });
    expect(c.mac.notarize).toBe(Boolean(process.env.APPLE_API_KEY || process.env.APPLE_ID || process.env.APPLE_KEYCHAIN_PROFILE));
  });

  it('updates from a generic feed: latest.yml with hashes, differential NSIS packages, electron-updater packed', () => {
    const c = config as unknown as { publish: { provider: string }[]; nsis: Record<string, unknown>; win: Record<string, unknown> };
    expect(c.publish.map((p) => p.provider)).toEqual(['generic']);
    expect(c.nsis.differentialPackage).toBe(true);
    // electron-updater checks a Windows update's signature against the app's publisher unless told not to
    expect(c.win.verifyUpdateCodeSignature).not.toBe(false);
    expect(files).toContain('/node_modules/electron-updater/package.json');
    expect(readFileSync(path.join(resources, 'app-update.yml'), 'utf8')).toMatch(/^provider: generic$/m);
  });

  it('flips the fuses: no running as Node, no NODE_OPTIONS or inspector, encrypted cookies, only the integrity-checked asar', () => {
    const binary = readFileSync(path.join(output, 'linux-unpacked/aisle'));
    const at = binary.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length;
    const wire = binary.subarray(at + 2, at + 2 + binary[at + 1]).toString('latin1');
    expect(wire[0], 'RunAsNode').toBe('0');
    expect(wire[1], 'EnableCookieEncryption').toBe('1');
    expect(wire[2], 'EnableNodeOptionsEnvironmentVariable').toBe('0');
    expect(wire[3], 'EnableNodeCliInspectArguments').toBe('0');
    expect(wire[4], 'EnableEmbeddedAsarIntegrityValidation').toBe('1');
    expect(wire[5], 'OnlyLoadAppFromAsar').toBe('1');
    // the two fuses the config leaves alone keep Electron's values
    expect(wire.slice(6)).toBe(SHIPPED_WIRE.slice(6));
  });

  it('packs the build and the runtime dependencies, and nothing else of the project', () => {
    for (const needed of ['/package.json', '/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html', '/node_modules/better-sqlite3/lib/index.js', '/node_modules/electron-store/index.js', '/node_modules/zod/package.json', '/node_modules/axios/package.json']) {
      expect(files, needed).toContain(needed);
    }
    const stray = files.filter((f) => /^\/(electron|renderer|test|build|\.ci|docs|src)\//.test(f) || f.endsWith('.map') || /^\/node_modules\/(vue|vitest|electron|electron-builder|playwright-core|typescript|vite)\//.test(f));
    expect(stray).toEqual([]);
    expect(files.filter((f) => f.startsWith('/node_modules/better-sqlite3/') && /\/(deps|src)\//.test(f))).toEqual([]);
  });

  it("packs every built file of out/ (main, its workers, preload, renderer), not the CLI's bundle", () => {
    const built = (readdirSync(path.join(root, 'out'), { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.map'))
      .map((entry) => '/' + path.relative(root, path.join(entry.parentPath, entry.name)).replaceAll('\\', '/'))
      // out/cli: the CLI's bundle runs from a project folder on its Node, the app does not carry it
      .filter((f) => !f.startsWith('/out/cli/'));
    expect(built.length).toBeGreaterThan(3);
    expect(built.filter((f) => !files.includes(f))).toEqual([]);
    expect(files.filter((f) => f.startsWith('/out/cli/'))).toEqual([]);
  });

  it('ships only the linux-x64 better-sqlite3 prebuild, outside the asar', () => {
    const prebuilds = path.join(resources, 'app.asar.unpacked/node_modules/better-sqlite3/prebuilds');
    expect(readdirSync(prebuilds)).toEqual(['linux-x64.node']);
    expect(files.filter((f) => f.endsWith('.node'))).toEqual(['/node_modules/better-sqlite3/prebuilds/linux-x64.node']);
  });

  it("ships the GS1 syntax dictionary's license and source beside the app (its AI table is generated from it)", () => {
    const shipped = path.join(resources, 'third_party/gs1-syntax-dictionary');
    expect(readdirSync(shipped).sort()).toEqual(['LICENSE', 'SOURCE.md']);
    expect(readFileSync(path.join(shipped, 'LICENSE'), 'utf8')).toMatch(/Apache License/);
  });
});
