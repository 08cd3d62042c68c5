// A workstation's side of the site relay: the catalog, then per dataset the changes since the
// generation its mirror holds (or the dataset whole, when it has none or is behind the relay's
// horizon), applied by the mirror's own snapshot applier in one transaction with the generation it
// reaches: a mirror holds one generation of a dataset or the next, never a mix, and the mass-deletion
// guard holds a generation that would delete most of a list, as it holds a server's answer. The
// dataset is dated by the relay's reading of the warehouse server, not by when the seat fetched it.
//
// The sync worker runs it instead of a round when the server URL is a relay (relay-round.ts).
import { AisleError } from '../../contract/errors.ts';
import { datasetRows } from '../db/read/dataset-rows.ts';
import type { RelayDatasetHead } from '../db/relay-pg/reads.ts';
import { getMeta } from '../db/read/meta.ts';
import type { WriteDb } from '../db/handles.ts';
import { ensureDataset, markHeld, markUnchanged } from '../db/write/datasets.ts';
import { putMeta } from '../db/write/meta.ts';
import { beginSnapshot } from '../mirror/apply-snapshot.ts';
import { listLabel, tableOf } from '../lists/registry.ts';
import { JsonArraySplitter } from './json-array-splitter.ts';

/** A dataset of a relay's catalog: what the relay holds of it, and the license it belongs to. */
export interface CatalogEntry extends RelayDatasetHead {
  license: string;
}

export interface SeatRelayOptions {
  /** The site's address (nginx in front of the relay). */
  relayUrl: string;
  /** The seat's own token from the warehouse server. */
  token: string;
  timeoutMs?: number;
}

export interface SeatDatasetOutcome {
  key: string;
  outcome: 'applied' | 'unchanged' | 'held';
  /** How the relay sent it. */
  read: 'changes' | 'whole' | null;
  generation: number;
  rows: number;
}

/** Whether a relay answers at this address (GET /relay/v1/info). */
export async function isRelay(url: string, timeoutMs = 10_000): Promise<boolean> {
  try {
    const res = await fetch(new URL('/relay/v1/info', url), { signal: AbortSignal.timeout(timeoutMs) });
    if (res.status !== 200) return false;
    const body = (await res.json()) as { relay?: unknown };
    return body.relay === 'aisle';
  } catch {
    return false;
  }
}

async function get(options: SeatRelayOptions, path: string): Promise<Buffer> {
  const what = `GET ${path} of the site relay at ${options.relayUrl}`;
  let res: Response;
  try {
    res = await fetch(new URL(path, options.relayUrl), { headers: { Authorization: `Bearer ${options.token}`, 'Accept-Encoding': 'gzip' }, signal: AbortSignal.timeout(options.timeoutMs ?? 120_000) });
  } catch (error) {
    throw new AisleError('offline', `${what} did not answer (${(error as Error).message}); the mirror is kept as it was.`, { cause: error });
  }
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status === 200) return body;
  let message = '';
  try {
    message = String((JSON.parse(body.toString('utf8')) as { message?: unknown }).message ?? '');
  } catch {
    message = '';
  }
  const code = res.status === 401 ? 'unauthorized' : res.status === 403 ? 'forbidden' : res.status === 404 || res.status === 409 || res.status === 410 ? 'not_found' : 'server_error';
  throw new AisleError(code, `${what} answered ${res.status}${message ? `: ${message}` : ''}; the mirror is kept as it was.`, { status: res.status });
}

/** The datasets the relay serves this seat. */
export async function relayCatalogForSeat(options: SeatRelayOptions): Promise<CatalogEntry[]> {
  const body = await get(options, '/relay/v1/catalog');
  return (JSON.parse(body.toString('utf8')) as { datasets: CatalogEntry[] }).datasets;
}

interface Change {
  id: string;
  /** The record exactly as the warehouse server sent it; null for a deletion. */
  raw: string | null;
}

/**
 * The changes of a relay answer. Each element is {"id", "hash", "generation", "record"} as the relay
 * writes them (chunk-format.ts): the record is the element's last member, so its text is cut out as
 * it is, never parsed and written again, and its content hash stays the server's bytes'.
 */
function changesOf(body: Buffer): Change[] {
  const out: Change[] = [];
  const splitter = new JsonArraySplitter();
  splitter.push(body, (bytes) => {
    const text = bytes.toString('utf8');
    const head = JSON.parse(text) as { id?: unknown; deleted?: unknown };
    if (typeof head.id !== 'string') throw new AisleError('bad_response', 'The site relay sent a change without an id.');
    if (head.deleted === true) {
      out.push({ id: head.id, raw: null });
      return;
    }
    const at = text.indexOf('"record":');
    if (at < 0 || !text.endsWith('}')) throw new AisleError('bad_response', `The site relay sent a change of ${head.id} without its record.`);
    out.push({ id: head.id, raw: text.slice(at + '"record":'.length, -1) });
  });
  if (!splitter.ended) throw new AisleError('bad_response', 'The site relay\'s answer ended before its array did.');
  return out;
}

const generationKey = (entry: Pick<CatalogEntry, 'license' | 'key'>) => `relay_generation:${entry.license}:${entry.key}`;

/** The generation of a dataset this mirror holds from the relay (0: none). */
export function seatGeneration(db: WriteDb, entry: Pick<CatalogEntry, 'license' | 'key'>): number {
  return Number(getMeta(db, generationKey(entry)) ?? 0);
}

export async function syncDatasetFromRelay(db: WriteDb, entry: CatalogEntry, options: SeatRelayOptions): Promise<SeatDatasetOutcome> {
  const datasetId = ensureDataset(db, { key: entry.key, list: entry.list, scopeKind: entry.scopeKind as 'global' | 'account' | 'facility', scopeId: entry.scopeId, path: `relay:${entry.key}` });
  const held = seatGeneration(db, entry);
  const at = entry.readAt ?? new Date().toISOString();
  if (held === entry.generation) {
    markUnchanged(db, datasetId, at);
    return { key: entry.key, outcome: 'unchanged', read: null, generation: held, rows: 0 };
  }
  const table = tableOf(entry.list);
  const byChanges = held > 0 && held >= entry.horizon && held < entry.generation;
  const path = byChanges
    ? `/relay/v1/changes/${encodeURIComponent(entry.license)}/${encodeURIComponent(entry.key)}/${held}/${entry.generation}`
    : `/relay/v1/whole/${encodeURIComponent(entry.license)}/${encodeURIComponent(entry.key)}/${entry.generation}`;
  const changes = changesOf(await get(options, path));
  // The applier takes whole answers: the dataset as the mirror holds it, with the changes made.
  let records: Iterable<string>;
  if (byChanges) {
    const rows = new Map<string, string>();
    for (const row of datasetRows(db, table, datasetId)) rows.set(row.id, row.raw);
    for (const c of changes) {
      if (c.raw === null) rows.delete(c.id);
      else rows.set(c.id, c.raw);
    }
    records = rows.values();
  } else {
    records = changes.flatMap((c) => (c.raw === null ? [] : [c.raw]));
  }
  const applier = beginSnapshot(db, datasetId, { table, list: entry.list, scopeId: entry.scopeId, label: listLabel(entry.list) });
  try {
    for (const raw of records) applier.add(raw);
  } catch (error) {
    applier.abort();
    throw error;
  }
  const result = applier.finish({ etag: null, at, allowMassDelete: false, alsoCommit: () => putMeta(db, generationKey(entry), String(entry.generation)) });
  if (result.kind === 'held') {
    markHeld(db, datasetId, result.held);
    return { key: entry.key, outcome: 'held', read: byChanges ? 'changes' : 'whole', generation: held, rows: result.held.rows };
  }
  return { key: entry.key, outcome: 'applied', read: byChanges ? 'changes' : 'whole', generation: entry.generation, rows: result.rows };
}
