// The walk: the stored rows of a dataset in rid order (stored-batches.ts), met beside the snapshot. A server
// that sends its list in a stable order meets them one by one, so an unchanged row costs no index lookup.
import type { WriteDb } from '../../handles.ts';
import { SEEN } from './flags.ts';
import { StoredBatches } from './stored-batches.ts';
import type { StoredRow } from './types.ts';

/** Stored rows the walk looks past for an element's id before it asks the id's index. */
const LOOK_AHEAD = 8;

export class StoredWalk {
  /** The rows read, flagged WALKED, and the ranges jumped over. */
  readonly batches: StoredBatches;
  #batch: StoredRow[] = [];
  #at = 0;
  /** A row of this dataset the snapshot held far ahead of the walk, found by its id; null after a row met in the walk. */
  #ahead: number | null = null;
  readonly #flags: Uint8Array;

  /** `walk` false: a dataset's answer whose rows are found by id (a part, an adding answer, an empty dataset). */
  constructor(db: WriteDb, table: string, datasetId: number, maxRid: number, flags: Uint8Array, walk: boolean) {
    this.batches = new StoredBatches(db, table, datasetId, maxRid, flags, walk);
    this.#flags = flags;
  }

  /** The next stored row not yet met (rows the snapshot held out of order are passed over). */
  peek(): StoredRow | undefined {
    for (;;) {
      while (this.#at < this.#batch.length && this.#flags[this.#batch[this.#at].rid] & SEEN) this.#at++;
      if (this.#at < this.#batch.length) return this.#batch[this.#at];
      this.#batch = this.batches.next();
      this.#at = 0;
      if (!this.#batch.length) return undefined;
    }
  }

  take(): StoredRow | undefined {
    const row = this.peek();
    this.#at++;
    this.#ahead = null;
    return row;
  }

  /**
   * A row of this dataset found by its id, not in the walk. Found ahead of the walk, it is one
   * row out of order (a row added by an earlier round, stored after all others: the walk goes on
   * where it is), or the first after rows the server no longer sends: the walk follows it once
   * the next row is found beyond it too.
   */
  foundOutOfOrder(rid: number): void {
    const next = this.peek();
    if (next === undefined ? rid <= this.batches.after : rid < next.rid) return; // behind the walk
    if (this.#ahead !== null && rid > this.#ahead) {
      this.#skipTo(rid);
      this.#ahead = null;
    } else {
      this.#ahead = rid;
    }
  }

  /** The row of this id among the next few read (rows the server no longer sends are passed over), else undefined. */
  takeAhead(id: string): StoredRow | undefined {
    const end = Math.min(this.#at + LOOK_AHEAD, this.#batch.length);
    for (let i = this.#at + 1; i < end; i++) {
      if (this.#batch[i].id !== id) continue;
      this.#at = i;
      return this.take();
    }
    return undefined;
  }

  /** After a row found out of order: continue the walk after it. */
  #skipTo(rid: number): void {
    while (this.#at < this.#batch.length && this.#batch[this.#at].rid <= rid) this.#at++;
    if (this.#at >= this.#batch.length && this.batches.after < rid) {
      this.batches.jumpTo(rid);
      this.#batch = [];
      this.#at = 0;
    }
  }
}
