// The shape of the generated warehouse: sizes, the revision state, and where each record lives.
// Records themselves are generated on demand by the other files in this folder.
import { KIND, Rng, hash } from './random.ts';

/**
 * The time between two revisions, and over which a revision's events are spread: the app's default
 * sync interval, so that a round after each revision sees what a round every 5 minutes sees. (At a
 * minute apart, the sync's 2-minute margin for late events, before schema 11 queued the items that
 * moved, took in the two revisions before: a round after revision 4 read 2.7 times the stock of one
 * after revision 1.)
 */
export const REVISION_INTERVAL_MS = 5 * 60_000;

export interface WorldOptions {
  seed: number;
  items: number;
  facilities: number;
  accounts: number;
  /** Midnight UTC of the day the data is anchored to (history ends there, expiries count from it). */
  anchorMs: number;
  historyDays: number;
  revision: number;
  /** Index of an account whose items mostly vanish (mass-deletion simulation), or null. */
  massDeleteAccount: number | null;
  /** History's times are written at this offset from UTC, in minutes (default 0: UTC, `Z`). */
  historyOffsetMinutes?: number;
}

const DAY = 86_400_000;
const PRIMES = [1_000_003, 999_983, 104_729, 7_919];

/** Changes made at one revision, drawn from (seed, revision). */
interface RevisionChanges {
  changed: number[];
  deleted: number[];
  inventoryChanged: number[];
}

export class World {
  readonly seed: number;
  readonly baseItems: number;
  readonly facilities: number;
  readonly accounts: number;
  readonly locations: number;
  readonly anchorMs: number;
  readonly historyDays: number;
  readonly historyOffsetMinutes: number;
  readonly addPerRevision: number;
  /** Inventory placement: record j sits at location (j * P + C) mod L. */
  private readonly placeP: number;
  private readonly placeC: number;
  private readonly placePInverse: number;

  revision = 0;
  massDeleteAccount: number | null = null;
  /** item index -> revisions that changed it, ascending */
  private itemRevs = new Map<number, number[]>();
  /** inventory record index -> revisions that changed it (beyond its item's changes), ascending */
  private recordRevs = new Map<number, number[]>();
  private deletedAt = new Map<number, number>();
  private accountVersion: number[] = [];
  private facilityVersion: number[] = [];

  constructor(options: WorldOptions) {
    this.seed = options.seed >>> 0;
    this.baseItems = options.items;
    this.facilities = options.facilities;
    this.accounts = options.accounts;
    this.locations = Math.max(options.facilities * 40, Math.round(options.items / 5));
    this.anchorMs = options.anchorMs;
    this.historyDays = options.historyDays;
    this.historyOffsetMinutes = options.historyOffsetMinutes ?? 0;
    this.addPerRevision = Math.max(2, Math.round(options.items / 1000));
    this.placeP = PRIMES.find((p) => this.locations % p !== 0 && p !== this.locations) ?? 1;
    this.placeC = hash(this.seed, KIND.placement, 0) % this.locations;
    this.placePInverse = modInverse(this.placeP % this.locations, this.locations);
    this.setState(options.revision, options.massDeleteAccount);
  }

  /** Rebuilds the change sets for revisions 1..revision: the same inputs give the same state. */
  setState(revision: number, massDeleteAccount: number | null): void {
    this.revision = revision;
    this.massDeleteAccount = massDeleteAccount;
    this.itemRevs = new Map();
    this.recordRevs = new Map();
    this.deletedAt = new Map();
    this.accountVersion = new Array<number>(this.accounts).fill(0);
    this.facilityVersion = new Array<number>(this.facilities).fill(0);
    for (let k = 1; k <= revision; k++) {
      const changes = this.changesAt(k);
      for (const i of changes.changed) {
        if (this.deletedAt.has(i)) continue;
        push(this.itemRevs, i, k);
        this.touchItem(i, k);
      }
      for (const j of changes.inventoryChanged) {
        if (this.deletedAt.has(j >> 1)) continue;
        push(this.recordRevs, j, k);
        this.facilityVersion[this.facilityOfLocation(this.locationOfRecord(j))] = k;
      }
      for (const i of changes.deleted) {
        if (this.deletedAt.has(i)) continue;
        this.deletedAt.set(i, k);
        this.touchItem(i, k);
      }
      const firstAdded = this.baseItems + (k - 1) * this.addPerRevision;
      for (let i = firstAdded; i < firstAdded + this.addPerRevision; i++) this.touchItem(i, k);
    }
  }

  private changesAt(k: number): RevisionChanges {
    const rng = new Rng(this.seed, KIND.revision, k);
    const before = this.baseItems + (k - 1) * this.addPerRevision;
    const draw = (count: number, range: number) => Array.from({ length: count }, () => rng.int(0, range - 1));
    return {
      changed: draw(Math.max(1, Math.round(this.baseItems * 0.01)), before),
      deleted: draw(Math.max(1, Math.round(this.baseItems * 0.005)), before),
      inventoryChanged: draw(Math.max(1, Math.round(this.baseItems * 0.005)), before * 2),
    };
  }

  private touchItem(i: number, k: number): void {
    this.accountVersion[this.accountOfItem(i)] = k;
    for (const j of [2 * i, 2 * i + 1]) this.facilityVersion[this.facilityOfLocation(this.locationOfRecord(j))] = k;
  }

  // --- items ---------------------------------------------------------------------------------

  /** Item indices in use at this revision are below this bound (some are deleted). */
  get itemBound(): number {
    return this.baseItems + this.revision * this.addPerRevision;
  }

  accountOfItem(i: number): number {
    return i % this.accounts;
  }

  /** Revision that added the item (0 for the base data). */
  addedAt(i: number): number {
    return i < this.baseItems ? 0 : 1 + Math.floor((i - this.baseItems) / this.addPerRevision);
  }

  itemExists(i: number): boolean {
    if (i < 0 || i >= this.itemBound || !Number.isInteger(i)) return false;
    if (this.deletedAt.has(i)) return false;
    if (this.massDeleteAccount === this.accountOfItem(i) && hash(this.seed, KIND.massDelete, i) % 10 !== 0) return false;
    return true;
  }

  /**
   * Records with events of revisions (changed records, the records of changed and of added items),
   * deleted ones included (check itemExists); a record may come more than once.
   */
  *revisedRecords(): Generator<number> {
    yield* this.recordRevs.keys();
    for (const i of this.itemRevs.keys()) yield* [2 * i, 2 * i + 1];
    for (let j = 2 * this.baseItems; j < 2 * this.itemBound; j++) yield j;
  }

  /** The revisions at which the item's content changed (not counting its creation). */
  itemChanges(i: number): readonly number[] {
    return this.itemRevs.get(i) ?? NONE;
  }

  /** The revision whose content the item shows: its last change, or when it was added. */
  itemVersion(i: number): number {
    const changes = this.itemRevs.get(i);
    return changes ? changes[changes.length - 1] : this.addedAt(i);
  }

  /** Indices of one account's items, in list order (deleted ones included; check itemExists). */
  *itemIndicesOfAccount(account: number): Generator<number> {
    for (let i = account; i < this.itemBound; i += this.accounts) yield i;
  }

  // --- locations and inventory placement -------------------------------------------------------

  firstLocationOf(facility: number): number {
    return Math.floor((facility * this.locations) / this.facilities);
  }

  facilityOfLocation(location: number): number {
    let f = Math.min(this.facilities - 1, Math.floor((location * this.facilities) / this.locations));
    while (f + 1 < this.facilities && this.firstLocationOf(f + 1) <= location) f++;
    while (f > 0 && this.firstLocationOf(f) > location) f--;
    return f;
  }

  /** Inventory record j belongs to item j >> 1 (two records per item). */
  locationOfRecord(j: number): number {
    return (((j % this.locations) * this.placeP) % this.locations + this.placeC) % this.locations;
  }

  /** Record indices placed at a location, ascending (check recordExists). */
  *recordsAtLocation(location: number): Generator<number> {
    const first = (((location - this.placeC + this.locations) % this.locations) * this.placePInverse) % this.locations;
    const bound = 2 * this.itemBound;
    for (let j = first; j < bound; j += this.locations) yield j;
  }

  recordChanges(j: number): readonly number[] {
    const own = this.recordRevs.get(j);
    const item = this.itemRevs.get(j >> 1);
    if (!own) return item ?? NONE;
    if (!item) return own;
    return [...new Set([...own, ...item])].sort((a, b) => a - b);
  }

  // --- versions, for ETags -------------------------------------------------------------------

  /** The last revision that changed this account's items (mass deletion counts). */
  itemsVersionOf(account: number): string {
    return `${this.accountVersion[account]}${this.massDeleteAccount === account ? ':mass' : ''}`;
  }

  /** The last revision that changed inventory in this facility (all facilities when null). */
  inventoryVersionOf(facility: number | null): string {
    const version = facility === null ? Math.max(0, ...this.facilityVersion) : this.facilityVersion[facility];
    return `${version}${this.massDeleteAccount === null ? '' : `:mass${this.massDeleteAccount}`}`;
  }

  // --- time ----------------------------------------------------------------------------------

  /** When a revision happened: the base data ends at the anchor, revision k is k intervals later. */
  revisionTime(k: number): number {
    return this.anchorMs + k * REVISION_INTERVAL_MS;
  }

  /** A base-data timestamp within the history window, drawn from rng. */
  pastTime(rng: Rng): number {
    return this.anchorMs - 3_600_000 - Math.floor(rng.next() * this.historyDays * DAY);
  }
}

const NONE: readonly number[] = [];

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (list[list.length - 1] !== value) list.push(value);
}

function modInverse(a: number, m: number): number {
  if (m === 1) return 0;
  let [oldR, r] = [a, m];
  let [oldS, s] = [1, 0];
  while (r !== 0) {
    const q = Math.floor(oldR / r);
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

export const DAY_MS = DAY;
