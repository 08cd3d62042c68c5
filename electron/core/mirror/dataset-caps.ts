// Bounds on one dataset's answer, so that a server (broken, or hostile) cannot fill the disk or turn
// a list of twelve into ten million, while a big honest list is never refused. Each bound comes
// from evidence, and the answer must stay within all of them
// (docs/decisions/0017-caps-follow-the-evidence.md):
// - what the dataset held before: ten times its rows and bytes, and at least a floor (settings);
//   a new dataset has no history, so this bound does not apply to it;
// - what the server announced for the list: no more records than its total, and no more bytes than
//   ten times what that many records of the size seen so far would be (at least the floor);
// - the room on the disk: what the answer writes may use half of the free space beyond a spare
//   margin (the other half is for copying it from the WAL into the file); measured as it goes.
// Before a dataset starts, the disk must have room for twice its size plus the spare margin.
import { statfsSync, statSync } from 'node:fs';
import path from 'node:path';
import { AisleError, noticeError } from '../../contract/errors.ts';
import { sizeInEnglish as megabytes, type NoticeList } from '../../contract/notices.ts';
import type { ReadDb } from '../db/handles.ts';
import type { TableName } from '../db/tables.ts';
import type { DatasetLimits } from '../db/write/snapshot/plan.ts';
import { averageRawLength } from '../db/read/list-rows.ts';

export interface DatasetCaps {
  /** Rows an answer may always hold for a dataset that held rows; more when it held more. */
  minRows: number;
  /** Bytes of records an answer may always hold (a dataset that held rows, or one the server announced). */
  minBytes: number;
  /** Free space kept on the mirror's disk beyond what the answer may use. */
  spareBytes: number;
}

/** An answer may hold this many times what the dataset held last time, or what its announced total makes likely. */
export const GROWTH_FACTOR = 10;
const MB = 1024 * 1024;
export const DEFAULT_CAPS: DatasetCaps = { minRows: 100_000, minBytes: 256 * MB, spareBytes: 64 * MB };
/** Stored rows read to estimate a dataset's bytes per row. */
const SAMPLE_ROWS = 1000;
/** The disk is looked at again after this many bytes or records of an answer: tiny records cost disk too. */
const DISK_CHECK_BYTES = 4 * MB;
const DISK_CHECK_ROWS = 65_536;

const number = (n: number) => n.toLocaleString('en-US');

/** A dataset as the user is told of it: its list, and the account or facility it is of (none: a global list). */
export interface NamedDataset {
  list: NoticeList;
  scopeName: string | null;
}

/**
 * The caps of one dataset's answer (read once per dataset: a count and a sample of its rows), after
 * checking that the disk holding the mirror has room for it. Throws `mirror_error` when it has not.
 */
export function datasetLimits(db: ReadDb, table: TableName, datasetId: number, previousRows: number, caps: DatasetCaps, named: NamedDataset): DatasetLimits {
  const perRow = previousRows ? averageRawLength(db, table, datasetId, SAMPLE_ROWS) : 0;
  const previousBytes = Math.round(previousRows * perRow);
  const disk = db.memory ? null : new DiskRoom(db.name, caps.spareBytes, named);
  disk?.checkStart(previousBytes);
  const what = `${named.list.label}${named.scopeName === null ? '' : ` of ${named.scopeName}`}`;
  const kept = previousRows > 0;
  const history = { rows: kept ? Math.max(caps.minRows, GROWTH_FACTOR * previousRows) : Infinity, bytes: kept ? Math.max(caps.minBytes, GROWTH_FACTOR * previousBytes) : Infinity };
  let total: { rows: number; bytes: number; name: string } | null = null;
  const setting = (name: string) => `If the list really grew this much, raise the setting ${name}.`;
  const stopped = 'the download was stopped and the last good data kept';

  const pastCap = (received: number, bytes: number): AisleError | null => {
    if (total && received > total.rows) return new AisleError('bad_response', `${what}: the server sent more than the ${number(total.rows)} records it announced${total.name}; ${stopped}.`);
    if (received > history.rows) {
      const announced = total ? ` The server announced ${number(total.rows)}.` : '';
      return new AisleError('bad_response', `${what}: the server sent more than ${number(history.rows)} records (the cap: ${GROWTH_FACTOR} times the ${number(previousRows)} kept, at least ${number(caps.minRows)}); ${stopped}.${announced} ${setting('datasetCapMinRows')}`);
    }
    if (total && bytes > total.bytes) {
      return new AisleError(
        'bad_response',
        `${what}: the server sent more than ${megabytes(total.bytes)} for the ${number(total.rows)} records it announced (the cap: ${GROWTH_FACTOR} times what that many records of the size seen so far would be, at least ${megabytes(caps.minBytes)}); ${stopped} after ${number(received)} records.`,
      );
    }
    if (bytes > history.bytes) {
      return new AisleError(
        'bad_response',
        `${what}: the server sent more than ${megabytes(history.bytes)} of records (the cap: ${GROWTH_FACTOR} times the ${megabytes(previousBytes)} kept, at least ${megabytes(caps.minBytes)}); ${stopped} after ${number(received)} records. ${setting('datasetCapMinMegabytes')}`,
      );
    }
    return null;
  };

  let nextDiskCheck = disk ? { rows: DISK_CHECK_ROWS, bytes: DISK_CHECK_BYTES } : { rows: Infinity, bytes: Infinity };
  const limits = {
    rows: 0,
    bytes: 0,
    check(received: number, bytes: number) {
      const error = pastCap(received, bytes);
      if (error) throw error;
      if (disk) {
        disk.check(received, total?.rows ?? null);
        nextDiskCheck = { rows: received + DISK_CHECK_ROWS, bytes: bytes + DISK_CHECK_BYTES };
      }
      settle();
    },
    announced(announcedTotal: number, received: number, bytes: number, name: string | null = null) {
      if (total) return;
      // the size of the records seen so far is the evidence of what the rest may weigh
      const perRecord = received > 0 ? bytes / received : 0;
      total = { rows: announcedTotal, bytes: perRecord > 0 ? Math.max(caps.minBytes, GROWTH_FACTOR * announcedTotal * perRecord) : Infinity, name: name ? ` (${name})` : '' };
      settle();
    },
  };
  /** The next counts at which `check` is called: the nearest cap, or the next look at the disk. */
  function settle() {
    limits.rows = Math.min(history.rows, total?.rows ?? Infinity, nextDiskCheck.rows);
    limits.bytes = Math.min(history.bytes, total?.bytes ?? Infinity, nextDiskCheck.bytes);
  }
  settle();
  return limits;
}

/**
 * The room on the disk holding the mirror, for one answer: half of what was free beyond the spare
 * margin when it started. What the answer used is the larger of two measures: how much the disk's
 * free space fell (every file the apply writes, its WAL, a helper's index), and how much the WAL grew
 * (this apply's own writes, whatever else happens on the disk).
 */
class DiskRoom {
  readonly #folder: string;
  readonly #wal: string;
  readonly #spare: number;
  readonly #named: NamedDataset;
  #free = 0;
  #walAtStart = 0;

  constructor(file: string, spare: number, named: NamedDataset) {
    this.#folder = path.dirname(file);
    this.#wal = `${file}-wal`;
    this.#spare = spare;
    this.#named = named;
  }

  /** Refuses to start a dataset when the disk has less free than twice its size plus the spare margin. */
  checkStart(datasetBytes: number): void {
    this.#free = this.#freeNow();
    this.#walAtStart = this.#walBytes();
    const needed = 2 * datasetBytes + this.#spare;
    if (this.#free >= needed) return;
    throw noticeError('mirror_error', { code: 'disk_space_short', ...this.#named, folder: this.#folder, free: this.#free, needed, datasetBytes, spare: this.#spare });
  }

  /** Stops the answer once it used more than its room. */
  check(records: number, announced: number | null): void {
    const room = Math.max(0, Math.floor((this.#free - this.#spare) / 2));
    const used = Math.max(this.#free - this.#freeNow(), this.#walBytes() - this.#walAtStart);
    if (used <= room) return;
    throw noticeError('mirror_error', { code: 'answer_past_disk_room', ...this.#named, folder: this.#folder, used, room, free: this.#free, spare: this.#spare, records, announced });
  }

  #freeNow(): number {
    const stats = statfsSync(this.#folder);
    return stats.bavail * stats.bsize;
  }

  #walBytes(): number {
    try {
      return statSync(this.#wal).size;
    } catch {
      return 0;
    }
  }
}
