// Bounds on one dataset's answer, so that a server (broken, or hostile) cannot fill the disk: an
// answer that never ends, or ten million tiny records where there were twelve, stops at the cap and
// is rolled back, the last good data kept. The caps sit far above real data: ten times what the
// dataset held last time, and at least a floor (settings) for a new or small dataset. Before a
// dataset starts, the disk must have room for twice its size plus a spare margin.
import { statfsSync } from 'node:fs';
import path from 'node:path';
import { AisleError, noticeError } from '../../contract/errors.ts';
import { sizeInEnglish as megabytes, type NoticeList } from '../../contract/notices.ts';
import type { ReadDb } from '../db/connection.ts';
import { averageRawLength } from '../db/read/list-rows.ts';

export interface DatasetCaps {
  /** Rows an answer may always hold (a new or small dataset); more when the dataset held more. */
  minRows: number;
  /** Bytes of records an answer may always hold. */
  minBytes: number;
  /** Free space kept on the mirror's disk beyond twice the dataset's size. */
  spareBytes: number;
}

/** An answer may hold this many times what the dataset held last time. */
export const GROWTH_FACTOR = 10;
const MB = 1024 * 1024;
export const DEFAULT_CAPS: DatasetCaps = { minRows: 100_000, minBytes: 256 * MB, spareBytes: 64 * MB };
/** Stored rows read to estimate a dataset's bytes per row. */
const SAMPLE_ROWS = 1000;

export interface DatasetLimits {
  rows: number;
  bytes: number;
  /** The error for an answer past a cap, in words naming the dataset and the cap. */
  exceeded(rows: number): AisleError;
}

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
export function datasetLimits(db: ReadDb, table: string, datasetId: number, previousRows: number, caps: DatasetCaps, named: NamedDataset): DatasetLimits {
  const perRow = previousRows ? averageRawLength(db, table, datasetId, SAMPLE_ROWS) : 0;
  const previousBytes = Math.round(previousRows * perRow);
  checkFreeSpace(db, previousBytes, caps.spareBytes, named);
  const what = `${named.list.label}${named.scopeName === null ? '' : ` of ${named.scopeName}`}`;
  const rows = Math.max(caps.minRows, GROWTH_FACTOR * previousRows);
  const bytes = Math.max(caps.minBytes, GROWTH_FACTOR * previousBytes);
  const setting = (name: string) => `If the list really grew this much, raise the setting ${name}.`;
  return {
    rows,
    bytes,
    exceeded: (received) =>
      new AisleError(
        'bad_response',
        received > rows
          ? `${what}: the server sent more than ${number(rows)} records (the cap: ${GROWTH_FACTOR} times the ${number(previousRows)} kept, at least ${number(caps.minRows)}); the download was stopped and the last good data kept. ${setting('datasetCapMinRows')}`
          : `${what}: the server sent more than ${megabytes(bytes)} of records (the cap: ${GROWTH_FACTOR} times the ${megabytes(previousBytes)} kept, at least ${megabytes(caps.minBytes)}); the download was stopped and the last good data kept after ${number(received)} records. ${setting('datasetCapMinMegabytes')}`,
      ),
  };
}

/** Refuses to start a dataset when the mirror's disk has less free than twice its size plus the spare margin. */
function checkFreeSpace(db: ReadDb, datasetBytes: number, spare: number, named: NamedDataset): void {
  if (db.memory) return;
  const folder = path.dirname(db.name);
  const stats = statfsSync(folder);
  const free = stats.bavail * stats.bsize;
  const needed = 2 * datasetBytes + spare;
  if (free >= needed) return;
  throw noticeError('mirror_error', { code: 'disk_space_short', ...named, folder, free, needed, datasetBytes, spare });
}
