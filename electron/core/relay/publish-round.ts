// After the relay's sync round: each dataset of its mirror that changed becomes one new generation
// in PostgreSQL, in one transaction: the rows whose content hash differs (or that are new), a
// tombstone for each row the mirror no longer holds, and one immutable chunk of exactly those
// changes. The mirror is what the core's round left (whole readings only, mass deletions held), so
// the relay publishes nothing the core did not accept. A dataset whose reading is the one its last
// generation came from (same ETag) only has its reading time brought forward.
//
// A log (history) is the exception to "a row the mirror no longer holds is a tombstone": a mirror
// keeps a log's events round after round, so a relay's new mirror (one taking over) holds fewer than
// the generation it continues. A log's event leaves a generation only as it leaves a workstation's
// mirror: by falling before the window the mirror keeps, or behind the newest `historyMaxEvents` a
// mirror keeps of a busy log; one the mirror merely never read stays while there is room.
import type pg from 'pg';
import { allDatasets, logEvents, logWindowFrom, type DatasetRow } from '../db/read/datasets.ts';
import { datasetRows, logRows } from '../db/read/dataset-rows.ts';
import type { ReadDb } from '../db/handles.ts';
import { beginPublish, type PublishTx } from '../db/relay-pg/publish.ts';
import { tableOf } from '../lists/registry.ts';
import { HISTORY_MAX_EVENTS } from '../sync/dataset-registry.ts';
import { changeElement, gzipChunk } from './chunk-format.ts';

/** Generations of changes kept as chunks; a seat further behind gets the dataset whole. */
export const DEFAULT_HORIZON_GENERATIONS = 288;
const BATCH_ROWS = 2_000;

export interface PublishOptions {
  /** The license whose service user's mirror this is. */
  scope: string;
  horizonGenerations?: number;
  /** The most events the relay's mirror keeps of a log (its sync's `historyMaxEvents`). */
  historyMaxEvents?: number;
}

export interface PublishedDataset {
  key: string;
  generation: number;
  changed: number;
  deleted: number;
}

export async function publishMirror(db: ReadDb, pool: pg.Pool, options: PublishOptions): Promise<PublishedDataset[]> {
  const out: PublishedDataset[] = [];
  for (const d of allDatasets(db)) {
    // never read whole yet: nothing the relay could stand behind
    if (d.last_success_at === null) continue;
    out.push(await publishDataset(db, pool, d, options));
  }
  return out;
}

async function publishDataset(db: ReadDb, pool: pg.Pool, d: DatasetRow, options: PublishOptions): Promise<PublishedDataset> {
  const tx = await beginPublish(pool, { scope: options.scope, key: d.key, list: d.list, scopeKind: d.scope_kind, scopeId: d.scope_id });
  try {
    if (tx.generation > 0 && d.etag !== null && tx.sourceEtag === d.etag) {
      await tx.commit({ generation: tx.generation, horizon: tx.horizon, sourceEtag: d.etag, readAt: d.last_success_at });
      return { key: d.key, generation: tx.generation, changed: 0, deleted: 0 };
    }
    const result = await writeChanges(db, tx, d, options.horizonGenerations ?? DEFAULT_HORIZON_GENERATIONS, options.historyMaxEvents ?? HISTORY_MAX_EVENTS);
    return { key: d.key, ...result };
  } catch (error) {
    await tx.rollback().catch(() => undefined);
    throw error;
  }
}

async function writeChanges(db: ReadDb, tx: PublishTx, d: DatasetRow, horizonGenerations: number, historyMaxEvents: number): Promise<Omit<PublishedDataset, 'key'>> {
  const live = await tx.liveHashes();
  const generation = tx.generation + 1;
  // A first load is not kept as a chunk: a seat with nothing gets the dataset whole anyway.
  const keepChunk = tx.generation > 0;
  const elements: string[] = [];
  let batch: { id: string; hash: number; raw: string }[] = [];
  let changed = 0;
  const table = tableOf(d.list);
  // a log's window start (null for other lists): its events before it are the only ones it drops
  const windowFrom = logWindowFrom(db, d.dataset_id);
  for (const row of windowFrom === null ? datasetRows(db, table, d.dataset_id) : logRows(db, table, d.dataset_id)) {
    const before = live.get(row.id);
    live.delete(row.id);
    if (before === row.hash) continue;
    changed++;
    batch.push(row);
    if (keepChunk) elements.push(changeElement({ id: row.id, hash: row.hash, raw: row.raw, generation }));
    if (batch.length >= BATCH_ROWS) {
      await tx.writeRows(batch, generation);
      batch = [];
    }
  }
  await tx.writeRows(batch, generation);
  const gone = windowFrom === null ? [...live.keys()] : await leftTheLog(tx, [...live.keys()], windowFrom, historyMaxEvents - logEvents(db, d.dataset_id, table));
  for (let i = 0; i < gone.length; i += BATCH_ROWS) await tx.writeTombstones(gone.slice(i, i + BATCH_ROWS), generation);
  if (keepChunk) for (const id of gone) elements.push(changeElement({ id, hash: null, raw: null, generation }));
  if (changed === 0 && gone.length === 0) {
    await tx.commit({ generation: tx.generation, horizon: tx.horizon, sourceEtag: d.etag, readAt: d.last_success_at });
    return { generation: tx.generation, changed: 0, deleted: 0 };
  }
  if (keepChunk) await tx.writeChunk(generation, changed, gone.length, gzipChunk(elements));
  const horizon = keepChunk ? Math.max(tx.horizon, generation - horizonGenerations) : generation;
  if (horizon > tx.horizon) await tx.dropBelow(horizon);
  await tx.commit({ generation, horizon, sourceEtag: d.etag, readAt: d.last_success_at });
  return { generation, changed, deleted: gone.length };
}

/**
 * Of a log's live events the mirror does not hold, those a workstation's mirror no longer holds
 * either: the ones before the window, and past the newest `historyMaxEvents` (a mirror keeps no more; a
 * new mirror's events are the server's newest, so the others fill the room left, newest first). An
 * event written without a time (by a relay before times were kept) cannot be placed, and goes as
 * any row would.
 */
async function leftTheLog(tx: PublishTx, ids: string[], windowFrom: string, room: number): Promise<string[]> {
  const out: string[] = [];
  const kept: { id: string; time: string }[] = [];
  for (let i = 0; i < ids.length; i += BATCH_ROWS) {
    const times = await tx.eventTimes(ids.slice(i, i + BATCH_ROWS));
    for (const [id, time] of times) {
      if (time === null || time < windowFrom) out.push(id);
      else kept.push({ id, time });
    }
  }
  kept.sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));
  for (const e of kept.slice(Math.max(0, room))) out.push(e.id);
  return out;
}
