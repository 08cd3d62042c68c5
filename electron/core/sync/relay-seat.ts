// A workstation's side of the site relay: the catalog, then per dataset the changes since the
// generation its mirror holds (or the dataset whole, when it has none or is behind the relay's
// horizon), applied by the mirror's own snapshot applier in one transaction with the generation it
// reaches: a mirror holds one generation of a dataset or the next, never a mix, and the mass-deletion
// guard holds a generation that would delete most of a list, as it holds a server's answer. The
// dataset is dated by the relay's reading of the warehouse server, not by when the seat fetched it.
// Changes go to the applier as a set of changes: only the rows they name are read and written.
//
// The sync worker runs it instead of a round when the server URL is a relay (relay-round.ts).
import { AisleError } from '../../contract/errors.ts';
import type { RelayDatasetHead } from '../db/relay-pg/reads.ts';
import type { Notice } from '../../contract/types.ts';
import { datasetByKey } from '../db/read/datasets.ts';
import { scopeNamesById } from '../db/read/scopes.ts';
import { getMeta, metaEntries } from '../db/read/meta.ts';
import type { WriteDb } from '../db/handles.ts';
import { ensureDataset, markHeld, markUnchanged } from '../db/write/datasets.ts';
import { dropDataset } from '../db/write/snapshot/drop-dataset.ts';
import { deleteMeta, putMeta } from '../db/write/meta.ts';
import { ID_PART } from '../db/write/snapshot/apply-snapshot.ts';
import { beginSnapshot } from '../mirror/apply-snapshot.ts';
import { listLabel, tableOf } from '../lists/registry.ts';
import { RELAY_PATH_PREFIX } from '../mirror/dataset-state.ts';
import { JsonArraySplitter } from './json-array-splitter.ts';
import { ScopeLists } from './unplanned-datasets.ts';
import { relayGet, relayStreamGet } from './relay-http.ts';

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
  /** Records the applier took (a set of changes: the changed rows only, whatever the dataset's size). */
  received?: number;
}

/** What a relay says of itself: the warehouse server it reads (null when it names none, or none that is an http(s) address). */
export interface RelayInfo {
  server: string | null;
}

/**
 * The relay's info at this address (GET /relay/v1/info), or null when what answers there is no
 * relay. No answer at all is an `offline` AisleError saying why (relay-http.ts).
 */
export async function relayInfo(url: string, timeoutMs = 10_000): Promise<RelayInfo | null> {
  const res = await relayGet(url, '/relay/v1/info', { timeoutMs, failed: `The site relay at ${url} does not answer (GET /relay/v1/info)` });
  if (res.status !== 200) return null;
  let body: { relay?: unknown; server?: unknown };
  try {
    body = JSON.parse(res.body.toString('utf8')) as { relay?: unknown; server?: unknown };
  } catch {
    return null;
  }
  if (body === null || typeof body !== 'object' || body.relay !== 'aisle') return null;
  const server = typeof body.server === 'string' && /^https?:\/\/[^\s/]+/i.test(body.server) ? body.server : null;
  return { server };
}

const seatHeaders = (options: SeatRelayOptions) => ({ Authorization: `Bearer ${options.token}`, 'Accept-Encoding': 'gzip' });
const what = (options: SeatRelayOptions, path: string) => `GET ${path} of the site relay at ${options.relayUrl}`;

async function get(options: SeatRelayOptions, path: string): Promise<Buffer> {
  const res = await relayGet(options.relayUrl, path, { headers: seatHeaders(options), timeoutMs: options.timeoutMs ?? 120_000, failed: `${what(options, path)} did not answer` });
  if (res.status === 200) return res.body;
  throw answerError(what(options, path), res.status, res.body);
}

/** An answer of status 200 as it streams (a dataset whole). */
async function stream(options: SeatRelayOptions, path: string): Promise<AsyncIterable<Buffer>> {
  const res = await relayStreamGet(options.relayUrl, path, { headers: seatHeaders(options), idleMs: options.timeoutMs ?? 120_000, failed: `${what(options, path)} did not answer` });
  if ('stream' in res) return res.stream;
  throw answerError(what(options, path), res.status, res.body);
}

function answerError(what: string, status: number, body: Buffer): AisleError {
  let message = '';
  try {
    message = String((JSON.parse(body.toString('utf8')) as { message?: unknown }).message ?? '');
  } catch {
    message = '';
  }
  const code = status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : status === 404 || status === 409 || status === 410 ? 'not_found' : 'server_error';
  return new AisleError(code, `${what} answered ${status}${message ? `: ${message}` : ''}; the mirror is kept as it was.`, { status });
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
  splitter.push(body, (bytes) => out.push(changeOf(bytes)));
  if (!splitter.ended) throw new AisleError('bad_response', 'The site relay\'s answer ended before its array did.');
  return out;
}

/** Each row of a dataset whole as it streams; the answer is whole only once its array has ended. */
async function eachWholeRow(body: AsyncIterable<Buffer>, key: string, add: (raw: string) => void): Promise<void> {
  const splitter = new JsonArraySplitter();
  const take = (bytes: Buffer) => {
    const c = changeOf(bytes);
    if (c.raw === null) throw new AisleError('bad_response', `The site relay's ${key} whole holds a deletion (of ${c.id}); a dataset whole is its live rows only.`);
    add(c.raw);
  };
  for await (const chunk of body) splitter.push(chunk, take);
  if (!splitter.ended) throw new AisleError('bad_response', `The site relay's ${key} whole ended before its array did; the mirror is kept as it was.`);
}

function changeOf(bytes: Buffer): Change {
  const text = bytes.toString('utf8');
  const head = JSON.parse(text) as { id?: unknown; deleted?: unknown };
  if (typeof head.id !== 'string') throw new AisleError('bad_response', 'The site relay sent a change without an id.');
  if (head.deleted === true) return { id: head.id, raw: null };
  const at = text.indexOf('"record":');
  if (at < 0 || !text.endsWith('}')) throw new AisleError('bad_response', `The site relay sent a change of ${head.id} without its record.`);
  return { id: head.id, raw: text.slice(at + '"record":'.length, -1) };
}

/**
 * The last change of each id. Changes of several generations name a row once per generation that
 * changed it: a row changed in one and deleted in a later one is deleted, and the applier's part by
 * id would keep the earlier record if it were given it.
 */
function lastOfEach(changes: Change[]): Change[] {
  const last = new Map<string, string | null>();
  for (const c of changes) last.set(c.id, c.raw);
  return [...last].map(([id, raw]) => ({ id, raw }));
}

const GENERATION_PREFIX = 'relay_generation:';
const generationKey = (entry: Pick<CatalogEntry, 'license' | 'key'>) => `${GENERATION_PREFIX}${entry.license}:${entry.key}`;

/** The generation of a dataset this mirror holds from the relay (0: none). */
export function seatGeneration(db: WriteDb, entry: Pick<CatalogEntry, 'license' | 'key'>): number {
  return Number(getMeta(db, generationKey(entry)) ?? 0);
}

/**
 * The mirror's dataset no longer holds a relay generation: it was read from the warehouse server
 * itself (a fallback round), so the relay's changes since a generation would not bring it to the
 * relay's next one (a row that came and went between the two readings has no tombstone). The relay's
 * next round for it reads it whole.
 */
export function forgetRelayGeneration(db: WriteDb, key: string): void {
  for (const metaKey of metaEntries(db, GENERATION_PREFIX).keys()) {
    const rest = metaKey.slice(GENERATION_PREFIX.length);
    if (rest.slice(rest.indexOf(':') + 1) === key) deleteMeta(db, metaKey);
  }
}

/**
 * Drops from the mirror each dataset it holds from the relay (it has a relay generation of it) that
 * the relay's catalog no longer lists: the relay took it out because its own mirror dropped it (a
 * facility or account gone from the warehouse server's lists), as this mirror would have, synced
 * directly. Its rows and state go in one transaction with its generation. Only for a catalog read
 * whole, in a round of every dataset. Says it as a round from the server would: one notice a scope
 * whose datasets were removed.
 */
export function dropDatasetsLeftCatalog(db: WriteDb, catalog: readonly CatalogEntry[]): Notice[] {
  const listed = new Set(catalog.map((e) => generationKey(e)));
  // the scopes' names before anything goes (the accounts or facilities list may already lack them)
  const names = scopeNamesById(db, true);
  const removed = new ScopeLists();
  for (const metaKey of metaEntries(db, GENERATION_PREFIX).keys()) {
    if (listed.has(metaKey)) continue;
    const rest = metaKey.slice(GENERATION_PREFIX.length);
    const row = datasetByKey(db, rest.slice(rest.indexOf(':') + 1));
    if (!row) {
      deleteMeta(db, metaKey);
      continue;
    }
    dropDataset(db, row.dataset_id, tableOf(row.list), () => deleteMeta(db, metaKey));
    if (row.scope_kind === 'global' || row.scope_id === null) continue;
    removed.note(row, names.get(row.scope_id) ?? row.scope_id);
  }
  return removed.notices('scope_removed');
}

export async function syncDatasetFromRelay(db: WriteDb, entry: CatalogEntry, options: SeatRelayOptions, { allowMassDelete = false }: { allowMassDelete?: boolean } = {}): Promise<SeatDatasetOutcome> {
  // the dataset is marked as the relay's (its path) only once the relay has answered for it
  const dataset = () => ensureDataset(db, { key: entry.key, list: entry.list, scopeKind: entry.scopeKind as 'global' | 'account' | 'facility', scopeId: entry.scopeId, path: `${RELAY_PATH_PREFIX}${entry.key}` });
  const held = seatGeneration(db, entry);
  const at = entry.readAt ?? new Date().toISOString();
  if (held === entry.generation) {
    markUnchanged(db, dataset(), at);
    return { key: entry.key, outcome: 'unchanged', read: null, generation: held, rows: 0 };
  }
  const table = tableOf(entry.list);
  const byChanges = held > 0 && held >= entry.horizon && held < entry.generation;
  const path = byChanges
    ? `/relay/v1/changes/${encodeURIComponent(entry.license)}/${encodeURIComponent(entry.key)}/${held}/${entry.generation}`
    : `/relay/v1/whole/${encodeURIComponent(entry.license)}/${encodeURIComponent(entry.key)}/${entry.generation}`;
  const changes = byChanges ? lastOfEach(changesOf(await get(options, path))) : null;
  const whole = changes === null ? await stream(options, path) : null;
  const datasetId = dataset();
  // changes go through the applier as a set of changes (a part by id: the rows it names as they now
  // are, the ids without a row deleted), so their cost is the change's, not the dataset's; a whole
  // reading is a whole answer, applied as it streams and committed only once it has ended
  const part = changes ? { column: ID_PART, values: changes.map((c) => c.id) } : null;
  const applier = beginSnapshot(db, datasetId, { table, list: entry.list, scopeId: entry.scopeId, label: listLabel(entry.list) }, part);
  try {
    if (changes) for (const c of changes) if (c.raw !== null) applier.add(c.raw);
    if (whole) await eachWholeRow(whole, entry.key, (raw) => applier.add(raw));
  } catch (error) {
    applier.abort();
    throw error;
  }
  const result = applier.finish({ etag: null, at, allowMassDelete, alsoCommit: () => putMeta(db, generationKey(entry), String(entry.generation)) });
  if (result.kind === 'held') {
    markHeld(db, datasetId, result.held);
    return { key: entry.key, outcome: 'held', read: byChanges ? 'changes' : 'whole', generation: held, rows: result.held.rows };
  }
  return { key: entry.key, outcome: 'applied', read: byChanges ? 'changes' : 'whole', generation: entry.generation, rows: result.rows, received: applier.received };
}
