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
// mirror keeps of a busy log (of the mirror's events and the generation's together); one the mirror
// merely never read stays while it is among those.
import type pg from 'pg';
import { allDatasets, logWindowFrom, type DatasetRow } from '../db/read/datasets.ts';
import { datasetRows, logRows, logTimes } from '../db/read/dataset-rows.ts';
import type { ReadDb } from '../db/handles.ts';
import { newestEvents, type LogEvent } from '../db/log-order.ts';
import { beginPublish, type PublishTx } from '../db/relay-pg/publish.ts';
import { tableOf, type TableName } from '../lists/registry.ts';
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
    if (tx.generation > 0 && !tx.removed && d.etag !== null && tx.sourceEtag === d.etag) {
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
  // A first load is not kept as a chunk: a seat with nothing gets the dataset whole anyway. So is a
  // dataset back after its removal: its old rows left with no tombstones, so every seat reads it whole.
  const keepChunk = tx.generation > 0 && !tx.removed;
  const elements: string[] = [];
  let batch: { id: string; hash: number; raw: string }[] = [];
  let changed = 0;
  const table = tableOf(d.list);
  // a log's window start (null for other lists), and the events its generation holds
  const windowFrom = logWindowFrom(db, d.dataset_id);
  const logKeeps = windowFrom === null ? null : await logGeneration(db, tx, table, d.dataset_id, live, windowFrom, historyMaxEvents);
  for (const row of windowFrom === null ? datasetRows(db, table, d.dataset_id) : logRows(db, table, d.dataset_id)) {
    // an event past the newest a workstation keeps: a tombstone below if the generation held it
    if (logKeeps && !logKeeps.has(row.id)) continue;
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
  const gone = logKeeps === null ? [...live.keys()] : [...live.keys()].filter((id) => !logKeeps.has(id));
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
 * The events a log's generation holds: the relay's mirror's and those the generation held that the
 * mirror does not (a new mirror reads fewer), within the window, and of them the newest
 * `maxEvents` (in log-order.ts's order), as a workstation's mirror keeps them round after round. An
 * event written without a time (by a relay before times were kept) cannot be placed, and goes as any
 * row would.
 */
async function logGeneration(db: ReadDb, tx: PublishTx, table: TableName, datasetId: number, live: ReadonlyMap<string, number>, windowFrom: string, maxEvents: number): Promise<Set<string>> {
  const events: LogEvent[] = [];
  const inMirror = new Set<string>();
  for (const e of logTimes(db, table, datasetId)) {
    inMirror.add(e.id);
    events.push(e);
  }
  const others = [...live.keys()].filter((id) => !inMirror.has(id));
  for (let i = 0; i < others.length; i += BATCH_ROWS) {
    for (const [id, time] of await tx.eventTimes(others.slice(i, i + BATCH_ROWS))) if (time !== null && time >= windowFrom) events.push({ id, time });
  }
  // in the order a workstation's mirror cuts by: among events of one instant, by their ids
  return new Set(newestEvents(events, maxEvents).map((e) => e.id));
}
