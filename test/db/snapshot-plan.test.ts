// The data layer's apply knows no list: everything it must know of one comes in its plan. Here a
// plan made in the test, for a list no registry names, stores its records with the plan's
// extractor, decides the map from the plan's sample size, and holds an answer when the plan says so,
// with what the plan was asked.
import { describe, expect, it } from 'vitest';
import { AisleError } from '../../electron/contract/errors.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { ensureDataset } from '../../electron/core/db/write/datasets.ts';
import { beginSnapshotOf, type SnapshotPlan } from '../../electron/core/db/write/snapshot/apply-snapshot.ts';
import { TABLE_SHAPES } from '../../electron/core/db/tables.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

let db: WriteDb;
eachTestMirror((opened) => (db = opened));

const scope = { table: 'records', list: 'bins', scopeId: null, label: 'Bins' } as const;
const dataset = { key: 'bins', list: 'bins', scopeKind: 'global', scopeId: null, path: '/bins' } as const;

/** A plan whose map reads `ref` as the code and `title` as the name; `held` answers whether an answer is held, and records what it was asked. */
function planOf(held: (previousRows: number, gone: number, rowsAfter: number) => boolean, asked: unknown[][], decided: number[]): SnapshotPlan {
  const compiled = {
    map: { id: 'key', code: 'ref', name: 'title' },
    id: (r: Record<string, unknown>) => (typeof r.key === 'string' ? r.key : null),
    extract: (r: Record<string, unknown>, s: { list: string; scopeId: string | null }) => [s.list, s.scopeId, r.ref, `sort:${String(r.ref)}`, r.title, null, null],
  };
  return {
    table: TABLE_SHAPES.records,
    sampleSize: 2,
    openFieldMap: () => ({
      compiled: null,
      watch: null,
      decide: (sample) => {
        decided.push(sample.length);
        return compiled;
      },
      fieldByNames: () => null,
    }),
    limits: () => ({ rows: 1_000, bytes: 1_000_000, check: () => undefined, announced: () => undefined }),
    isHeld: (previousRows, gone, rowsAfter, proven, percent) => {
      asked.push([previousRows, gone, rowsAfter, proven, percent]);
      return held(previousRows, gone, rowsAfter);
    },
    fieldValue: (record, field) => record[field],
    missingFieldError: () => new AisleError('bad_response', 'missing'),
  };
}

function apply(plan: SnapshotPlan, records: object[]) {
  const applier = beginSnapshotOf(db, ensureDataset(db, dataset), scope, plan, null);
  for (const record of records) applier.add(JSON.stringify(record));
  return applier.finish({ etag: null, at: '2026-01-01T00:00:00.000Z', allowMassDelete: false, announcedTotal: null });
}

const stored = () => db.prepare("SELECT id, code, code_sort, name FROM records WHERE list = 'bins' ORDER BY id").raw().all();

describe('a snapshot apply with a plan of its list', () => {
  it('stores records by the plan\'s extractor, decided on the plan\'s sample, and holds an answer when the plan says so', () => {
    const asked: unknown[][] = [];
    const decided: number[] = [];
    const bins = [1, 2, 3].map((n) => ({ key: `b${n}`, ref: `B-${n}`, title: `Bin ${n}` }));
    expect(apply(planOf(() => false, asked, decided), bins)).toMatchObject({ kind: 'applied', inserted: 3 });
    expect(decided).toEqual([2]);
    expect(stored()).toEqual(bins.map((b) => [b.key, b.ref, `sort:${b.ref}`, b.title]));

    // the same plan's guard holds an answer that would delete two of three: nothing of it is applied
    const holding = planOf((previousRows, gone) => gone * 2 > previousRows, asked, decided);
    expect(apply(holding, bins.slice(0, 1))).toMatchObject({ kind: 'held', held: { wouldDelete: 2 } });
    expect(asked.at(-1)).toEqual([3, 2, 1, false, undefined]);
    expect(stored()).toHaveLength(3);
  });
});
