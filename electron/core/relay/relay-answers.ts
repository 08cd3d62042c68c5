// The relay's answers to seats, as facts a host turns into HTTP: the catalog a seat may see, and a
// dataset's changes between two generations, or the dataset whole. A changes answer between two
// given generations never changes once made, so it is served as immutable with a strong ETag (a
// site's nginx then keeps one copy for every seat); a whole answer at a generation likewise.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { AisleError } from '../../contract/errors.ts';
import { readWholeDataset, relayCatalog, relayChunks, relayDatasetHead, type RelayDatasetHead } from '../db/relay-pg/reads.ts';
import { arrayOfChunks, changeElement } from './chunk-format.ts';
import type { CatalogEntry } from '../sync/relay-seat.ts';
import { seatMaySee, type SeatScope } from './seat-scope.ts';

export async function seatCatalog(pool: pg.Pool, seat: SeatScope): Promise<CatalogEntry[]> {
  const heads = await relayCatalog(pool, seat.licenseId);
  return heads.filter((h) => seatMaySee(seat, seat.licenseId, h.scopeKind, h.scopeId)).map((h) => ({ ...h, license: seat.licenseId }));
}

/** A dataset this seat may see, or an AisleError in words (403 for another scope, 404 for none). */
export async function visibleDataset(pool: pg.Pool, seat: SeatScope, license: string, key: string): Promise<RelayDatasetHead> {
  const head = license === seat.licenseId ? await relayDatasetHead(pool, license, key) : null;
  if (head && !seatMaySee(seat, license, head.scopeKind, head.scopeId)) {
    throw new AisleError('forbidden', `The relay does not serve ${key} to ${seat.email}: the warehouse server names no such facility in that user's profile (GET /v1/auth/pub/jwt/list).`);
  }
  if (license !== seat.licenseId) throw new AisleError('forbidden', `The relay does not serve license ${license}'s data to ${seat.email}, whose session is under license ${seat.licenseId} (GET /v1/auth/pub/jwt).`);
  if (!head || head.generation === 0) throw new AisleError('not_found', `The relay holds no dataset ${key} for license ${license}.`);
  return head;
}

export interface ImmutableBody {
  etag: string;
  /** gzip: the parts are gzip members (read as one stream); identity: plain JSON text. */
  encoding: 'gzip' | 'identity';
  body: AsyncIterable<Buffer> | Iterable<Buffer>;
}

const tag = (...parts: (string | number)[]) => `"${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 27)}"`;

/** The changes of generations from+1 … to, from the kept chunks. */
export async function changesBetween(pool: pg.Pool, head: RelayDatasetHead, license: string, from: number, to: number): Promise<ImmutableBody> {
  if (!(Number.isSafeInteger(from) && Number.isSafeInteger(to) && from >= 0 && from < to)) throw new AisleError('invalid_argument', 'Changes are asked from one generation to a later one (whole numbers).');
  if (to > head.generation) throw new AisleError('not_found', `${head.key} has no generation ${to} yet (it is at ${head.generation}).`);
  if (from < head.horizon) throw new AisleError('not_found', `${head.key}: generation ${from} is older than the relay keeps changes for (from ${head.horizon}); read the dataset whole.`, { status: 410 });
  const chunks = await relayChunks(pool, license, head.key, from, to);
  if (!chunks) throw new AisleError('not_found', `${head.key}: the changes from generation ${from} are no longer kept; read the dataset whole.`, { status: 410 });
  return { etag: tag('changes', license, head.key, from, to), encoding: 'gzip', body: arrayOfChunks(chunks) };
}

/** Every live row of the dataset at its current generation (`at` must be it), as one JSON array. */
export function wholeAt(pool: pg.Pool, head: RelayDatasetHead, license: string, at: number): ImmutableBody {
  if (at !== head.generation) throw new AisleError('not_found', `${head.key} is at generation ${head.generation}, not ${at}: ask the catalog again.`, { status: 409 });
  return { etag: tag('whole', license, head.key, at), encoding: 'identity', body: wholeElements(pool, license, head.key, at) };
}

async function* wholeElements(pool: pg.Pool, license: string, key: string, at: number): AsyncGenerator<Buffer> {
  // pages are handed over one at a time: PostgreSQL reads the next while this one streams, and no
  // more, so a slow seat holds one page in memory, not the dataset
  const hand: { over: ((page: string | null) => void) | null; taken: (() => void) | null; stopped: boolean } = { over: null, taken: null, stopped: false };
  const nextPage = () => new Promise<string | null>((resolve) => (hand.over = resolve));
  let pending = nextPage();
  let first = true;
  const stopped = () => new AisleError('internal', 'The seat stopped reading.');
  const reading = readWholeDataset(pool, license, key, 2_000, async (rows) => {
    // the seat went away while this page was fetched: nobody will take it, so waiting for that
    // would hold the connection in its transaction for good
    if (hand.stopped) throw stopped();
    const text = rows.map((r) => changeElement({ id: r.id, hash: r.hash, raw: r.raw, generation: r.generation })).join(',');
    const taken = new Promise<void>((resolve) => (hand.taken = resolve));
    hand.over?.((first ? '' : ',') + text);
    first = false;
    await taken;
    // the seat went away: end the read (and its transaction) instead of waiting for it
    if (hand.stopped) throw stopped();
  });
  const ended = reading.then(
    () => hand.over?.(null),
    () => hand.over?.(null),
  );
  try {
    yield Buffer.from('[');
    for (;;) {
      const page = await pending;
      if (page === null) break;
      pending = nextPage();
      hand.taken?.();
      yield Buffer.from(page);
    }
    await ended;
    const generation = await reading;
    if (generation !== at) throw new AisleError('not_found', `${key} moved on to generation ${generation} while it was read; ask the catalog again.`, { status: 409 });
    yield Buffer.from(']');
  } finally {
    hand.stopped = true;
    hand.taken?.();
    await reading.catch(() => undefined);
  }
}
