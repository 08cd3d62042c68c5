// field-map.json is IT's file, but whatever lies at its path is read as a hostile value would be:
// only a regular file (a FIFO would block the core's thread for ever, a device would never end), and
// parsed so that `__proto__` or `constructor` never reach an object's prototype.
import { execFileSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { ensureDataset } from '../../electron/core/db/write/datasets.ts';
import { beginSnapshot } from '../../electron/core/mirror/apply-snapshot.ts';
import { applyFieldMapFile, readFieldMapFile } from '../../electron/core/lists/field-map-file.ts';
import { stockSpec } from '../support/dataset-specs.ts';
import { tempDir } from '../support/temp-dir.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

const dirs: ReturnType<typeof tempDir>[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
  // what pollution would have left behind, removed so that it cannot leak into other tests
  for (const key of ['code', 'sku', 'polluted']) delete (Object.prototype as Record<string, unknown>)[key];
});

function folder(): string {
  const dir = tempDir('aisle-field-map-');
  dirs.push(dir);
  return dir.path;
}

describe('field-map.json as a hostile value', () => {
  it('parses `__proto__` and `constructor` as names refused in words, never as prototypes', () => {
    const file = path.join(folder(), 'field-map.json');
    writeFileSync(file, '{ "__proto__": { "code": "x", "polluted": "yes" }, "constructor": { "prototype": { "sku": "y" } }, "items": { "sku": "itemNo", "__proto__": { "polluted": "yes" } } }');
    const read = readFieldMapFile(file);
    expect(({} as Record<string, unknown>).code).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).sku).toBeUndefined();
    expect(read.state).toBe('read');
    expect(JSON.parse(JSON.stringify(read.overrides))).toEqual({ items: { sku: 'itemNo' } });
    expect(read.warning).toMatch(/"__proto__" is not a list name/);
    expect(read.warning).toMatch(/"constructor" is not a list name/);
  });

  it.runIf(process.platform !== 'win32')('reads a FIFO at its path (or a symlink to one) as not a file, at once, in words', () => {
    const dir = folder();
    const fifo = path.join(dir, 'field-map.json');
    execFileSync('mkfifo', [fifo]);
    const started = performance.now();
    const read = readFieldMapFile(fifo);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(read).toMatchObject({ state: 'invalid', overrides: {} });
    expect(read.warning).toMatch(/is not a regular file/);

    const other = folder();
    const link = path.join(other, 'field-map.json');
    symlinkSync(fifo, link);
    expect(readFieldMapFile(link).warning).toMatch(/is not a regular file/);
    // a device: /dev/zero would never end
    expect(readFieldMapFile('/dev/zero').warning).toMatch(/is not a regular file/);
  });

  it('still reads a regular file, and one a symlink points to', () => {
    const dir = folder();
    const file = path.join(dir, 'real.json');
    writeFileSync(file, '{ "items": { "sku": "itemNo" } }');
    const link = path.join(dir, 'field-map.json');
    symlinkSync(file, link);
    expect(readFieldMapFile(link)).toMatchObject({ state: 'read', overrides: { items: { sku: 'itemNo' } }, warning: null });
  });
});

describe('field-map.json naming a field its column cannot take', () => {
  let db: WriteDb;
  let folderPath: string;
  eachTestMirror((opened, at) => {
    db = opened;
    folderPath = at;
  });

  it('says so in words and keeps that list as last read, instead of failing every round', () => {
    const spec = stockSpec('f1');
    const applier = beginSnapshot(db, ensureDataset(db, spec), spec);
    for (const n of [1, 2]) applier.add(JSON.stringify({ id: `s-${n}`, sku: `W-${n}`, qty_on_hand: n, modifiedon: '2026-11-29T10:00:00.000Z', note: 'recounted' }));
    applier.finish({ etag: null, at: new Date().toISOString(), allowMassDelete: true });
    const file = path.join(folderPath, 'field-map.json');
    writeFileSync(file, '{ "inventory": { "modified_on": "note" } }');
    const applied = applyFieldMapFile(db, file);
    expect(applied.reextracted).toEqual([]);
    expect(applied.warning).toMatch(/inventory: the field `note` \(read as modified_on\) holds "recounted", which is not a time Aisle can read/);
    expect(db.prepare('SELECT DISTINCT modified_on FROM inventory').pluck().all()).toEqual(['2026-11-29T10:00:00.000Z']);
  });
});
