// The built Electron main (out/main/index.js), started on Node with the fake `electron`: proves the
// bundle's imports resolve and it opens the hardened window on the built renderer and preload.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('the built Electron main bundle', () => {
  const data = tempDir();
  afterAll(() => data.remove());

  it('starts, loads the built renderer with the built preload, and answers only its own page', () => {
    const run = spawnSync(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'test/build/main-bundle-child.ts'), path.join(root, 'out/main/index.js')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, AISLE_TEST_DATA: data.path },
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
    expect(report.loadedUrl).toMatch(/^file:\/\//);
    expect(fileURLToPath(report.loadedUrl)).toBe(path.join(root, 'out/renderer/index.html'));
    expect(report.webPreferences.preload).toBe(path.join(root, 'out/preload/index.cjs'));
    expect(existsSync(report.webPreferences.preload)).toBe(true);
    expect(report.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(report.sandbox).toBe(true);
    expect(report.channels).toEqual(['aisle:call']);
    expect(report.own).toMatchObject({ ok: true, value: { name: 'Aisle', host: 'electron' } });
    expect(report.foreign).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });
});
