// The stored rows of a dataset read in rid order, a batch at a time, each flagged as walked when read:
// the walk (walk.ts) meets them beside the snapshot.
import type { WriteDb } from '../../handles.ts';
import { WALKED } from './flags.ts';
import type { StoredRow } from './types.ts';

const BATCH = 2048;

export class StoredBatches {
  /** The last rid read (or jumped to). */
  after = 0;
  /** Stored rows read. */
  walked = 0;
  /** rid ranges (after, before), exclusive, jumped over unread. */
  readonly unread: number[] = [];
  #done: boolean;
  readonly #read: () => StoredRow[];
  readonly #flags: Uint8Array;

  /** `walk` false: nothing is read (a dataset's answer whose rows are found by id). */
  constructor(db: WriteDb, table: string, datasetId: number, maxRid: number, flags: Uint8Array, walk: boolean) {
    const scan = db.prepare(`SELECT rid, id, hash FROM ${table} WHERE dataset_id = ? AND rid > ? AND rid <= ? ORDER BY rid LIMIT ${BATCH}`);
    this.#read = () => scan.all(datasetId, this.after, maxRid) as StoredRow[];
    this.#flags = flags;
    this.#done = !walk;
  }

  /** The next batch after `after`, flagged as walked; empty once all are read. */
  next(): StoredRow[] {
    if (this.#done) return [];
    const batch = this.#read();
    if (batch.length < BATCH) this.#done = true;
    for (const row of batch) this.#flags[row.rid] |= WALKED;
    this.walked += batch.length;
    if (batch.length) this.after = batch[batch.length - 1].rid;
    return batch;
  }

  /** Go on after this rid, leaving the rows before it unread (gone.ts reads them at the end). */
  jumpTo(rid: number): void {
    this.unread.push(this.after, rid);
    this.after = rid;
  }
}
