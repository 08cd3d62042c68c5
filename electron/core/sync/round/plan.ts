// Which datasets a round reads, in which order: the global ones first (the accounts and
// facilities among them), then those scoped by the accounts and facilities mirrored, then each
// facility's stock, which follows its history and the items (their deletions).
import type { DatasetSpec } from '../../mirror/dataset-state.ts';
import { globalDatasets, scopedDatasets } from '../dataset-registry.ts';
import { scopeNames } from '../unplanned-datasets.ts';
import { readDataset } from './read-dataset.ts';
import type { RoundState } from './round-state.ts';

export interface Planned {
  /** Every dataset the round planned (read, or skipped by `only`). */
  specs: DatasetSpec[];
  /** The scopes' names before the round: one the server no longer lists is named in what the user is told. */
  names: Map<string, string>;
}

export async function readPlanned(r: RoundState): Promise<Planned> {
  const { db, options } = r;
  const names = options.only ? new Map<string, string>() : scopeNames(db, options.plan);
  const globals = globalDatasets(options.plan);
  await readAll(r, globals);
  r.scoped = scopedDatasets(db, options.plan);
  // stock read in part follows its facility's history and every items dataset (their deletions)
  await readAll(r, r.scoped.filter((s) => !s.refresh));
  await readAll(r, r.scoped.filter((s) => s.refresh));
  return { specs: [...globals, ...r.scoped], names };
}

/** The datasets (those of `only`, when given) read a few at a time. */
async function readAll(r: RoundState, specs: DatasetSpec[]): Promise<void> {
  const { only, signal, concurrency } = r.options;
  const wanted = only ? specs.filter((s) => only.includes(s.key)) : specs;
  let next = 0;
  const worker = async () => {
    // past the round's deadline the datasets left are still gone through, each failed in words
    while (next < wanted.length && !signal?.aborted) await readDataset(r, wanted[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency ?? 3) }, worker));
}
