// Dataset bookkeeping has one writer, db/write/datasets.ts: the `datasets` table and the facts kept
// of each dataset in meta are written there and nowhere else, so removing a dataset removes every
// one of them (a fact left behind would show as a removed dataset's note, or be read by a new
// dataset given the same id).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { metaEntries } from '../../electron/core/db/read/meta.ts';
import { DATASET_META_PREFIXES, readMissing, readRejected } from '../../electron/core/db/read/datasets.ts';
import {
  ensureDataset, markKeptWhileScopeGone, markListReading, markLogFrom, markLogServerNewest, noteMissing, noteRejected,
} from '../../electron/core/db/write/datasets.ts';
import { dropDataset } from '../../electron/core/db/write/snapshot/drop-dataset.ts';
import { stockSpec } from '../support/dataset-specs.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

let db: WriteDb;
eachTestMirror((opened) => (db = opened));

const root = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(rel) : /\.(ts|mjs)$/.test(entry.name) ? [rel] : [];
  });
}

/** Every fact of a dataset the rounds note, written as each step writes it. */
function noteEverything(datasetId: number): void {
  noteRejected(db, datasetId, 2, 'has no id');
  noteMissing(db, datasetId, { list: 'inventory', column: 'sku', field: 'sku', nowCarried: ['itemNumber'] }, '2026-01-01T00:00:00.000Z');
  markLogFrom(db, datasetId, '2025-12-01T00:00:00.000Z');
  markLogServerNewest(db, datasetId, '2026-01-01T00:00:00.000Z');
  markKeptWhileScopeGone(db, datasetId, { since: '2026-01-01T00:00:00.000Z', name: 'North' }, { code: 'scope_gone', message: 'gone' });
  markListReading(db, datasetId, JSON.stringify({ key: 'k', pages: 1 }));
}

const factsOf = (datasetId: number) => [...metaEntries(db).keys()].filter((key) => key.endsWith(`:${datasetId}`));

describe('dataset bookkeeping', () => {
  it('a dataset removed takes every fact kept of it, and leaves the others\'', () => {
    const gone = ensureDataset(db, stockSpec('F1'));
    const kept = ensureDataset(db, stockSpec('F2'));
    noteEverything(gone);
    noteEverything(kept);
    expect(factsOf(gone)).toHaveLength(DATASET_META_PREFIXES.length);

    dropDataset(db, gone, 'inventory');

    expect(factsOf(gone)).toEqual([]);
    expect(factsOf(kept)).toHaveLength(DATASET_META_PREFIXES.length);
    expect([...readMissing(db).keys()]).toEqual([kept]);
    expect([...readRejected(db).keys()]).toEqual([kept]);
    expect(db.prepare('SELECT dataset_id FROM datasets').pluck().all()).toEqual([kept]);
  });

  it('no other file writes the datasets table or names a dataset\'s facts in meta', () => {
    const writer = 'electron/core/db/write/datasets.ts';
    const reader = 'electron/core/db/read/datasets.ts';
    const keyText = new RegExp(`['\`](${DATASET_META_PREFIXES.join('|')})`);
    const offenders = sources('electron/core')
      // the migrations are the schema's history, each frozen as it was shipped
      .filter((file) => file !== writer && !file.startsWith('electron/core/db/migrations/'))
      .flatMap((file) =>
        readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .map((line, n) => ({ line, at: `${file}:${n + 1}` }))
          .filter(({ line }) => /\b(INSERT INTO|UPDATE|DELETE FROM) datasets\b/i.test(line) || (file !== reader && keyText.test(line)))
          .map(({ at }) => at),
      );
    expect(offenders).toEqual([]);
  });
});
