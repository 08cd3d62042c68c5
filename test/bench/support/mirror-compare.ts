// Two mirror files compared dataset by dataset: the same datasets, and in each the same rows with the
// same content hashes. The fleet bench holds each real seat's mirror, synced through the relay, to one
// synced straight from the warehouse server. One dataset's rows are held at a time (a dataset of
// 1,000,000 items is a map of that many ids, the file's other datasets are not).
import { allDatasets } from '../../../electron/core/db/read/datasets.ts';
import { datasetRows } from '../../../electron/core/db/read/dataset-rows.ts';
import { openMirror } from '../../../electron/core/entrances/mirror-files.ts';
import { tableOf } from '../../../electron/core/lists/registry.ts';

export interface RowsDifference {
  /** Rows the expected side holds and the other does not. */
  missing: number;
  /** Rows the other side holds and the expected does not. */
  extra: number;
  /** Rows both hold with another content hash. */
  differing: number;
  /** A few of the ids that differ, for the message. */
  sample: string[];
}

export interface MirrorComparison {
  /** Datasets compared row by row. */
  compared: string[];
  /** Datasets left out by the caller's `skip`, on either side (said, not compared). */
  skipped: string[];
  /** Datasets one side holds and the other does not. */
  onlyExpected: string[];
  onlyActual: string[];
  /** Compared datasets whose rows differ. */
  differences: Map<string, RowsDifference>;
}

type Row = { id: string; hash: number };

/** What differs between two sets of rows, by id and content hash. */
export function compareRows(expected: Iterable<Row>, actual: Iterable<Row>): RowsDifference {
  const want = new Map<string, number>();
  for (const r of expected) want.set(r.id, r.hash);
  const out: RowsDifference = { missing: 0, extra: 0, differing: 0, sample: [] };
  const note = (id: string) => {
    if (out.sample.length < 5) out.sample.push(id);
  };
  for (const r of actual) {
    const hash = want.get(r.id);
    if (hash === undefined) {
      out.extra++;
      note(r.id);
      continue;
    }
    if (hash !== r.hash) {
      out.differing++;
      note(r.id);
    }
    want.delete(r.id);
  }
  out.missing = want.size;
  for (const id of want.keys()) note(id);
  return out;
}

const isSame = (d: RowsDifference) => d.missing === 0 && d.extra === 0 && d.differing === 0;

/** Every read dataset of two mirror files (by key), row by row; `skip` leaves a dataset out, whichever side holds it, named. */
export function compareMirrors(expectedFile: string, actualFile: string, skip: (key: string) => boolean = () => false): MirrorComparison {
  const expected = openMirror(expectedFile, { readonly: true });
  const actual = openMirror(actualFile, { readonly: true });
  try {
    const read = (db: typeof expected) => new Map(allDatasets(db).filter((d) => d.last_success_at !== null).map((d) => [d.key, d]));
    const want = read(expected);
    const have = read(actual);
    const skipped = [...new Set([...want.keys(), ...have.keys()])].filter(skip).sort();
    for (const key of skipped) {
      want.delete(key);
      have.delete(key);
    }
    const out: MirrorComparison = { compared: [], skipped, onlyExpected: [...want.keys()].filter((k) => !have.has(k)), onlyActual: [...have.keys()].filter((k) => !want.has(k)), differences: new Map() };
    for (const [key, d] of want) {
      const other = have.get(key);
      if (!other) continue;
      out.compared.push(key);
      const difference = compareRows(datasetRows(expected, tableOf(d.list), d.dataset_id), datasetRows(actual, tableOf(other.list), other.dataset_id));
      if (!isSame(difference)) out.differences.set(key, difference);
    }
    return out;
  } finally {
    expected.close();
    actual.close();
  }
}

/** Whether the comparison found the two mirrors equal (skipped datasets aside). */
export const mirrorsEqual = (c: MirrorComparison) => c.onlyExpected.length === 0 && c.onlyActual.length === 0 && c.differences.size === 0 && c.compared.length > 0;

/** The comparison in words, for the bench's log and its error. */
export function describeComparison(c: MirrorComparison): string {
  const parts = [`${c.compared.length} datasets compared`];
  if (c.skipped.length) parts.push(`${c.skipped.length} skipped (${c.skipped.join(', ')})`);
  if (c.onlyExpected.length) parts.push(`missing datasets: ${c.onlyExpected.join(', ')}`);
  if (c.onlyActual.length) parts.push(`extra datasets: ${c.onlyActual.join(', ')}`);
  for (const [key, d] of c.differences) parts.push(`${key}: ${d.missing} rows missing, ${d.extra} extra, ${d.differing} with another hash (e.g. ${d.sample.join(', ')})`);
  return parts.join('; ');
}
