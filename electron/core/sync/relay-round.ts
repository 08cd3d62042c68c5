// A sync round from a site relay: when the server URL answered as a relay (GET /relay/v1/info) at
// the mirror's first round, each dataset is brought forward from the relay's generations
// (relay-seat.ts) instead of asking the warehouse server. Only a mirror that holds nothing yet asks
// (a short question, once), so a workstation of a warehouse server pays nothing after its first
// round. A relay that answered before and does not now fails the round in words naming the call;
// the mirror is kept as it was, dated as it was, unless the `siteRelayFallback` setting says
// 'vendor': the round then reads the warehouse server the relay named, directly, and says so.
//
// The sync worker calls it only with the `siteRelay` setting: the first question is one request
// more in a new mirror's first round, which a workstation of a warehouse server should not pay.
import { AisleError } from '../../contract/errors.ts';
import { allDatasets } from '../db/read/datasets.ts';
import { getMeta } from '../db/read/meta.ts';
import type { WriteDb } from '../db/handles.ts';
import { isPinnedServer, serverOrNull } from '../session/kiosk-policy.ts';
import { putMeta } from '../db/write/meta.ts';
import { dropDatasetsLeftCatalog, forgetRelayGeneration, relayCatalogForSeat, relayInfo, syncDatasetFromRelay, type CatalogEntry, type RelayInfo, type SeatRelayOptions } from './relay-seat.ts';
import type { RoundOptions, RoundResult } from './round/types.ts';

/** The mirror's meta entry naming the relay it syncs from. */
const RELAY_URL = 'relay_url';
/** The mirror's meta entry naming the warehouse server that relay reads (its info). */
const RELAY_SERVER = 'relay_server';
/** How long a first round waits for a relay's info before it asks the warehouse server. */
const DISCOVERY_TIMEOUT_MS = 3_000;
/** Failures that say the relay is not there (nginx answers 502 or 504 for a relay that is down), not that the seat may not read. */
const UNREACHABLE = new Set(['offline', 'timeout', 'server_error']);

export interface RelayRoundOptions extends Pick<RoundOptions, 'baseUrl' | 'accessToken' | 'refreshAfterUnauthorized' | 'onProgress' | 'only' | 'allowMassDelete'> {
  /** The `siteRelayFallback` setting: 'vendor' turns to the warehouse server when the relay does not answer. */
  fallback?: 'vendor' | 'none';
  /** A round from the warehouse server at this address, as the worker runs one. */
  serverRound?: (baseUrl: string) => Promise<RoundResult>;
  /** The machine policy's allowedServers (null or absent: any): the seat's token goes to no other server. */
  allowedServers?: readonly string[] | null;
}

/** A round from the relay at `options.baseUrl`, or null when that address is no relay (a round from the warehouse server then runs). */
export async function relayRound(db: WriteDb, options: RelayRoundOptions): Promise<RoundResult | null> {
  const known = getMeta(db, RELAY_URL) === options.baseUrl;
  if (!known && allDatasets(db).some((d) => d.last_success_at !== null)) return null;
  // no answer at all: a new mirror takes the address for a warehouse server's (whose round says
  // what fails); a mirror of this relay is told why the relay did not answer
  let info: RelayInfo | null = null;
  let unanswered: unknown = null;
  try {
    info = await relayInfo(options.baseUrl, DISCOVERY_TIMEOUT_MS);
  } catch (error) {
    unanswered = error;
  }
  if (!info && !known) return null;
  const startedAt = new Date().toISOString();
  let seat: SeatRelayOptions = { relayUrl: options.baseUrl, token: await options.accessToken() };
  // a token the relay (the warehouse server) refuses is refreshed once, as a round does
  const once = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof AisleError && error.code === 'unauthorized')) throw error;
      seat = { ...seat, token: await options.refreshAfterUnauthorized(seat.token) };
      return work();
    }
  };
  let catalog: CatalogEntry[];
  try {
    if (unanswered) throw unanswered;
    if (!info) throw new AisleError('offline', `The site relay at ${options.baseUrl} does not answer (GET /relay/v1/info); the mirror is kept as it was.`);
    putMeta(db, RELAY_URL, options.baseUrl);
    if (info.server) putMeta(db, RELAY_SERVER, info.server);
    catalog = await once(() => relayCatalogForSeat(seat));
  } catch (error) {
    if (options.fallback === 'vendor' && options.serverRound && error instanceof AisleError && UNREACHABLE.has(error.code)) return fallbackRound(db, options, options.serverRound, error);
    throw error;
  }
  // a round of every dataset drops those the relay no longer lists, as a round from the server
  // drops those it no longer plans; a round for some datasets only knows nothing of the others
  const notices = options.only ? [] : dropDatasetsLeftCatalog(db, catalog);
  const datasets: RoundResult['datasets'] = [];
  // a round for some datasets only (a held one confirmed) brings those, and lets those delete most of their rows
  for (const entry of catalog.filter((e) => !options.only || options.only.includes(e.key))) {
    try {
      const done = await once(() => syncDatasetFromRelay(db, entry, seat, { allowMassDelete: options.allowMassDelete?.includes(entry.key) ?? false }));
      progress(options, entry, done.outcome === 'applied' ? 'done' : done.outcome, done.rows, null);
      datasets.push({ key: entry.key, outcome: done.outcome, rows: done.rows, bytes: 0, error: null });
    } catch (error) {
      const e = error instanceof AisleError ? error : new AisleError('internal', (error as Error).message);
      progress(options, entry, 'error', 0, e);
      datasets.push({ key: entry.key, outcome: 'error', rows: 0, bytes: 0, error: { code: e.code, message: e.message } });
    }
  }
  return { startedAt, finishedAt: new Date().toISOString(), datasets, notices };
}

/**
 * The relay does not answer and the setting allows it: a round from the warehouse server the relay
 * named, into the same mirror. Each dataset it brings is the server's, no longer a relay generation
 * (forgetRelayGeneration); the round's notice says which relay failed, how, and which server was read.
 */
async function fallbackRound(db: WriteDb, options: RelayRoundOptions, serverRound: (baseUrl: string) => Promise<RoundResult>, cause: AisleError): Promise<RoundResult> {
  const server = getMeta(db, RELAY_SERVER);
  if (!server) throw new AisleError(cause.code, `${cause.message} The relay never named its warehouse server (GET /relay/v1/info has no "server"), so the siteRelayFallback setting has none to turn to.`, { cause });
  const allowed = options.allowedServers;
  if (allowed && !allowed.some((a) => isPinnedServer(server, serverOrNull(a) ?? a))) {
    throw new AisleError(cause.code, `${cause.message} The relay names the warehouse server ${server}, which the machine policy's allowedServers (${allowed.join(', ')}) does not list, so the siteRelayFallback setting does not turn to it.`, { cause });
  }
  const result = await serverRound(server);
  for (const d of result.datasets) if (d.outcome === 'applied') forgetRelayGeneration(db, d.key);
  return { ...result, notices: [{ code: 'relay_fallback', relay: options.baseUrl, server, detail: cause.message }, ...result.notices] };
}

function progress(options: Pick<RoundOptions, 'onProgress'>, entry: CatalogEntry, phase: 'done' | 'unchanged' | 'held' | 'error', rows: number, error: AisleError | null): void {
  options.onProgress?.({ key: entry.key, list: entry.list, scopeId: entry.scopeId, phase, rows, bytes: 0, expectedRows: null, error: error ? { code: error.code, message: error.message } : null });
}
