// Result and event payload types of the contract. Plain data only: everything here survives
// structured clone (IPC) and JSON (browser host).
import type { Notice } from './notices.ts';
import type { ProbeError, ProbeFact } from './probe-facts.ts';

export type { Notice, NoticeCode } from './notices.ts';
export type { ProbeError, ProbeFact } from './probe-facts.ts';

export type HostKind = 'electron' | 'browser' | 'cli';

/** The machine policy IT deployed, as the settings page shows it: which settings it locks, and why it may not be in force. */
export interface PolicyStatus {
  file: string;
  source: 'file' | 'last-good' | 'none';
  problem: string | null;
  locked: string[];
  allowedServers: string[] | null;
  demoAllowed: boolean;
  updateFeed: string | null;
}

/** The diagnostics file written for IT: where, how big, what it holds. */
export interface DiagnosticsBundle {
  file: string;
  bytes: number;
  entries: string[];
}

export interface AppInfo {
  name: string;
  version: string;
  host: HostKind;
  platform: string;
  dataDir: string;
  /** Whether "remember me" can keep the password encrypted by the OS keychain; when not, the box is not offered. */
  canRemember: boolean;
}

/** Kiosk mode (kiosk.json, set by IT): whether it is on, whether an exit password can be checked, the one server to sign in to. */
export interface KioskStatus {
  enabled: boolean;
  canExit: boolean;
  server: string | null;
}

// ---- settings ---------------------------------------------------------------------------------

export type Theme = 'light' | 'dark' | 'contrast';
export type Language = 'auto' | 'en' | 'es';
/** Text size in percent of the normal (or floor mode's) size. */
export type TextSize = 100 | 125 | 150;
export type PastedLines = 'answer' | 'scan-list';

export interface Settings {
  /** Last server used: a base URL, or 'demo' for the in-process demo warehouse. */
  server: string;
  lastEmail: string;
  syncIntervalMinutes: number;
  /** Facility ids kept offline; empty means "the user's facilities". */
  offlineFacilities: string[];
  /**
   * The workstation's home facility (an id): its locations come first in search, and Enter on a
   * code several facilities have opens its location. '' means the signed-in user's first facility.
   */
  homeFacility: string;
  /** List names kept offline; empty means "all lists". */
  offlineLists: string[];
  /** Minutes after which a dataset's data is flagged stale, per list name; `default` for the rest. */
  staleAfterMinutes: Record<string, number>;
  historyDays: number;
  /** A facility's whole stock is read at least this often; between, only the items its history says moved. 0: every round. */
  stockFullCheckMinutes: number;
  /** The server URL may be a site relay (docs/relay.md): a new mirror's first round asks it GET /relay/v1/info, and syncs from the relay when it answers. */
  siteRelay: boolean;
  /**
   * When the site relay a mirror syncs from does not answer: 'vendor' syncs that round from the
   * warehouse server the relay names (its info), and says so; 'none' keeps the mirror and fails the round in words.
   */
  siteRelayFallback: 'vendor' | 'none';
  /** Records asked for per page from a server that showed it pages its lists (it may answer fewer: its own cap is followed). */
  pageSize: number;
  /** Each list request's deadline, from asking to its last byte: this many seconds... */
  listDeadlineSeconds: number;
  /** ...and this many more per MB the list's last complete reading had. */
  listDeadlineSecondsPerMB: number;
  /** A sync round's deadline: the lists not read by then are failed, in words, until the next round. */
  roundDeadlineMinutes: number;
  /** A list read page by page has this long for all its pages; past it the list fails, in words, and keeps its last good data. */
  pagedListDeadlineMinutes: number;
  /** Each sign-in, refresh and sign-out request's deadline, from asking to its last byte (from the next sign-in on). */
  authDeadlineSeconds: number;
  /** Sign in to a plain http:// server that is not this machine (with a warning); false refuses it. A kiosk's policy can forbid it too. */
  allowPlainHttp: boolean;
  theme: Theme;
  floorMode: boolean;
  /** Type and targets larger still, for a screen read from further away: per workstation, like the theme. */
  textSize: TextSize;
  /** A tone after each scan: found, several matches, or nothing. */
  scanSound: boolean;
  /** CSV exports laid out for Excel (a byte order mark, CRLF line ends); plain UTF-8 with LF when false. */
  csvForExcel: boolean;
  /** Several codes pasted into the search box: answered one line per code, or sent to the scan list (the user's last choice). */
  pastedLines: PastedLines;
  /** The workstation's language: the sign-in screen's, and that of users who chose none of their own. */
  language: Language;
  /** A user's own choice of language, by e-mail: theirs wherever they sign in on this workstation. */
  languages: Record<string, Language>;
  /** Visible columns per user and list: key `${email}|${list}`. */
  columns: Record<string, string[]>;
  /** Column widths a user set, per user and list (key as `columns`): pixels at 100 % text size, by column. */
  columnWidths: Record<string, Record<string, number>>;
  /** Shared workstations: lock the session after this many minutes with no input; 0 never locks. */
  lockAfterMinutes: number;
  /** Shared workstations: a locked session may open with its user's PIN (set on the session screen). */
  unlockWithPin: boolean;
  /** The network label printer beside this workstation: `host` or `host:port` (9100 when left out); '' for none. */
  labelPrinter: string;
  /** The labels loaded in it: 2 x 1 in (shelf and bin) or 4 x 6 in. */
  labelSize: LabelSize;
  /**
   * A dataset that held rows may receive 10 times as many, and at least this many: past it, the
   * download stops. A new dataset is bounded by the server's announced total and the room on the disk.
   */
  datasetCapMinRows: number;
  /** As datasetCapMinRows, for the bytes of its records (and its pages' kept envelopes), in megabytes. */
  datasetCapMinMegabytes: number;
  /** A catalog list (not stock or history) whose reading would shrink it by more than this share (percent), with no total from the server to prove it whole, is held for confirmation. */
  shrinkHoldPercent: number;
  /** Days of log files kept in the data folder's logs/ (today's counted). */
  logKeepDays: number;
}

export type LabelSize = '2x1' | '4x6';

/** A label sent to the printer. */
export interface LabelPrinted {
  printer: string;
  copies: number;
  bytes: number;
}

// ---- session ----------------------------------------------------------------------------------

export type SessionState = 'signed-out' | 'signed-in' | 'offline' | 'expired';

export interface LicenseView {
  id: string;
  license_type: string;
  description: string;
  customer_name: string;
  enabled: boolean;
  production: boolean;
  number_full_users: number;
  number_rf_users: number;
  number_ro_users: number;
  number_facilities: number;
}

export interface FacilityRef {
  id: string;
  code: string;
  name: string;
}

export interface SessionView {
  state: SessionState;
  server: string | null;
  email: string | null;
  userName: string | null;
  locale: string | null;
  licenseId: string | null;
  licenseType: string | null;
  /** The server's session identifier (`sn`). */
  sessionId: string | null;
  expiresAt: string | null;
  zoneIdStr: string | null;
  facilities: FacilityRef[];
  roles: { id: string; name: string }[];
  /** Locked (idle, or by the user): only the password, or signing out, opens it again. */
  locked: boolean;
  /** What the user should be told about this session, as facts the window words (which facilities are kept offline and why, a plain http:// server). */
  notices?: Notice[];
}

/** Unlock PINs: whether this workstation allows them, and whether the signed-in user has one here. */
export interface PinStatus {
  allowed: boolean;
  set: boolean;
}

export type SignInResult =
  | { status: 'signed-in'; session: SessionView }
  | { status: 'choose-license'; licenses: LicenseView[]; rememberedLicenseId: string | null };

/** Session information as the server returns it (spec 2.5). */
export interface SessionInfo {
  userEmail: string;
  licenseId: string;
  sn: string;
  expiresAt: string;
  zoneIdStr: string;
}

/** One of the signed-in user's open sessions (this workstation's or another), as the server lists them. */
export interface OpenSession extends SessionInfo {
  /** When the session began; null when the server does not say. */
  createdAt: string | null;
  /** The session this app is signed in with. */
  current: boolean;
}

/** A User record as the server returns it (spec 2.7); unknown fields are kept. */
export type UserRecord = Record<string, unknown> & { id: string; email: string; name?: string };

export type ConnectivityState = 'online' | 'offline' | 'refused' | 'unknown';

export interface Connectivity {
  state: ConnectivityState;
  /** When the state last changed (ISO). */
  since: string;
  lastCheckedAt: string | null;
}

// ---- sync -------------------------------------------------------------------------------------

export type ScopeKind = 'global' | 'account' | 'facility';

export interface DataAge {
  /** Last successful sync of the data behind an answer (ISO), or null if never synced. */
  syncedAt: string | null;
  stale: boolean;
  staleAfterMinutes: number;
}

export interface DatasetStatus {
  key: string;
  list: string;
  label: string;
  scope: { kind: ScopeKind; id: string | null; name: string | null };
  lastSuccessAt: string | null;
  lastAttemptAt: string | null;
  etag: string | null;
  rows: number;
  /** `notice`: the fact behind the error, when it is one the window words itself (a disk without room). */
  lastError: { code: string; message: string; notice?: Notice } | null;
  stale: boolean;
  staleAfterMinutes: number;
  /**
   * A stock brought up to date in part between full readings (only the items its history says
   * moved): when it was last read whole. Null for every other dataset (each success reads it whole).
   */
  fullCheckAt: string | null;
  /** A snapshot held back because it would delete most of the dataset. */
  held: { currentRows: number; incomingRows: number; wouldDelete: number; receivedAt: string } | null;
  syncing: boolean;
  /** Its data came from a site relay (dated by the relay's reading of the warehouse server), not from the warehouse server itself. */
  viaRelay?: boolean;
}

export interface SyncStatus {
  /** The offline data file, written by an older Aisle, is being upgraded for this version: it opens by itself shortly (datasets is empty meanwhile). */
  preparing: boolean;
  /** A fact about the offline data file to tell the user (a damaged file was moved aside and is synced afresh, a full disk), or null. */
  notice?: Notice | null;
  running: boolean;
  lastRoundStartedAt: string | null;
  lastRoundFinishedAt: string | null;
  nextRoundAt: string | null;
  datasets: DatasetStatus[];
  /**
   * What the last round tells the user, as facts the window words: an account or facility the server
   * no longer lists, its datasets kept until a later round confirms it, or removed then. Empty or absent: nothing.
   */
  notices?: Notice[];
  /** What the status line says, decided once by the core for every host (see SyncSummary). */
  summary: SyncSummary;
}

/**
 * The workstation's sync in facts that never contradict each other:
 * - `state`: `never` nothing was ever brought; `failed` the last attempt brought nothing (every
 *   list failed, or the sync failed before any list); `problems` some lists failed or wait for a
 *   decision; `out-of-date` nothing failed but some data is older than it should be; `up-to-date`
 *   nothing failed and nothing is old.
 * - `lastDataAt`: the last time a sync brought data (the newest list read), not the last attempt.
 * - `problems`: the failures grouped by cause (one code and message), each with the lists it hit.
 * - `failedBefore`: a sync that failed before reading any list (sign-in refused, server not
 *   reached), when it is newer than every list's last attempt; recorded in the data folder.
 */
export interface SyncSummary {
  state: 'never' | 'failed' | 'problems' | 'out-of-date' | 'up-to-date';
  lastDataAt: string | null;
  /**
   * When the least recently read list was last read (the data read is at least this new); null when
   * no list was read. A list never read is said by `state`, not by this time.
   */
  oldestDataAt: string | null;
  lists: number;
  failedLists: number;
  problems: SyncProblem[];
  /**
   * How many causes need someone to act: the problems with `attention`, and a sync that failed
   * before any list for a cause not the network's. The number every host shows beside the state.
   */
  attention: number;
  failedBefore: SyncFailure | null;
  /** Every list read so far came from a site relay: the times are the relay's readings, and are said as such ("as of 10:43 via site relay"). */
  viaRelay?: boolean;
}

export interface SyncProblem {
  /** The cause: an error code (`offline`, `unauthorized`…) or `held` for lists waiting for a decision. */
  code: string;
  /** The cause in the server's or the core's words (the first list's); empty for `held`. */
  message: string;
  notice?: Notice;
  /** Whether someone must act on it: false for the network's causes (offline, timeout), which pass by themselves and the state line says. */
  attention: boolean;
  /** The lists it hit, by label and scope name. */
  lists: { key: string; list: string; label: string; scopeName: string | null }[];
}

/** A sync that failed before any list was read: when, and why (an AisleError's code and message). */
export interface SyncFailure {
  at: string;
  code: string;
  message: string;
  /** The server and e-mail the sync was for, when known. */
  server?: string;
  email?: string;
}

export type SyncPhase = 'queued' | 'downloading' | 'applying' | 'unchanged' | 'done' | 'held' | 'error';

export interface SyncProgress {
  key: string;
  list: string;
  scopeId: string | null;
  /** The scope's kind and name, as the round knows them (absent from a relay's progress). */
  scopeKind?: ScopeKind;
  scopeName?: string | null;
  phase: SyncPhase;
  rows: number;
  bytes: number;
  /** Row count of the previous snapshot, to draw a progress bar; null when unknown. */
  expectedRows: number | null;
  /** `notice`: the fact behind the error, when it is one the window words itself. */
  error: { code: string; message: string; notice?: Notice } | null;
}

// ---- lookup -----------------------------------------------------------------------------------

export type RecordKind =
  | 'item'
  | 'location'
  | 'account'
  | 'customer'
  | 'carrier'
  | 'channel'
  | 'facility'
  | 'user'
  | 'hazmat'
  | 'other';

export type MatchKind = 'exact' | 'prefix' | 'word';

export interface SearchHit {
  kind: RecordKind;
  list: string;
  id: string;
  /** The code the user would recognise: SKU, location code, account id… */
  code: string | null;
  title: string;
  match: MatchKind;
  /** Which field matched (sku, upc, gtin, barcode, code, name, description…). */
  field: string;
  age: DataAge;
  /*
   * Facts, not words: the line under a hit is worded by each host (contract/hit-subtitle.ts), the
   * window in its language. Hits come in rank order (best match first), which the window keeps.
   */
  /**
   * A location's type, zone and facility (its name, else its code; null when the mirror does not
   * name it). `home`: the location is in the home facility (setting `homeFacility`): such locations
   * come first among locations.
   */
  place?: { type: string | null; zone: string | null; facility: string | null; facilityId?: string | null; home?: boolean };
  /**
   * An item's UPC and GTIN. Sent as facts, not as a line of text: a page of 50 items built 50
   * strings per keystroke, a fifth of what a search allocates.
   */
  barcodes?: { upc: string | null; gtin: string | null };
  /** Another list's record: its list's name as the list registry gives it, for a list a host has no word for. */
  listLabel?: string;
  /**
   * An item's stock in a search answer: on hand in the facilities whose stock is on this
   * workstation, and the location holding the most (the home facility's first), with its facility's
   * name. Absent when the workstation holds no stock at all. `covers`: the facilities the figure
   * sums (their names); `notHere`: the facilities whose stock is not on this workstation, which the
   * figure leaves out.
   */
  stock?: { onHand: number; top: { code: string; facility: string | null } | null; covers: string[]; notHere: string[] };
}

/** What a scan list row keeps of the record a scan named: enough to show it and open its page. */
/** What a scan named; a location with its facility's name (else code), as the same code can be in each facility. */
export type ScanHit = Pick<SearchHit, 'kind' | 'list' | 'id' | 'code' | 'title'> & { facility?: string | null };

export type ScanRowKind = 'item' | 'location' | 'other' | 'several' | 'none' | 'misread';

/** One row of the scan list (`scans.*`): a code scanned at a location, and how many times. */
export interface ScanRow {
  /** The row a scan adds to: where it was scanned and what it named (or, found nothing, the code). */
  key: string;
  /** The code as the scanner sent it (the last time). */
  code: string;
  kind: ScanRowKind;
  /** What the code named; null when it named nothing or several things. */
  hit: ScanHit | null;
  /** The location scanned before it; null before any (and for a location itself). */
  location: { id: string; code: string; facility?: string | null } | null;
  count: number;
  /** An item's on hand at that location in the mirror when it was scanned; null without a location. */
  onHandHere: number | null;
  /** Several matches: how many. */
  matches: number;
  /** When it was last scanned (ISO). */
  at: string;
}

/** The location the next scans are counted at. */
export interface ScanLocation {
  id: string;
  code: string;
  /** Its facility's name (the same code can be in each facility). */
  facility: string | null;
}

/** Rows a scan list keeps: a long count (a row is a code at a location), not a whole inventory. */
export const SCAN_ROWS_KEPT = 5000;

/** A user's scan list as kept on this workstation, newest row first. */
export interface SavedScanList {
  rows: ScanRow[];
  location: ScanLocation | null;
  /** When it was last written; null for none kept. */
  savedAt: string | null;
}

/** What `scans.save` kept: how many rows, and when (null: the list was empty, none is kept). */
export interface ScanListSaved {
  rows: number;
  savedAt: string | null;
}

/**
 * A record this user opened on this workstation (`recent.*`), newest first: the hit a search would
 * give for it, without a match, and when it was last opened.
 */
export interface RecentRecord extends Omit<SearchHit, 'match' | 'field'> {
  openedAt: string;
}

/**
 * One request to the server, as the diagnostics page lists it. It never holds a credential: no
 * token, no cookie, no password, and no body of the session's own requests (a sign-in's carries the
 * password).
 */
/**
 * Why a facility's stock is read whole and not only for the items that moved (core/db/stock-refresh/plan.ts):
 * no whole reading yet; one is due (Settings); the history or an items list not read this round;
 * the server's history went back; the last reading made by an earlier Aisle (which did not queue
 * the items that moved); the history kept not reaching back to the last reading; an event naming no
 * item; too many items moved; the part answered wrongly.
 */
export const WHOLE_STOCK_WHY = [
  'no-snapshot',
  'due',
  'history-not-read',
  'items-not-read',
  'history-went-back',
  'earlier-version',
  'history-short',
  'event-without-item',
  'too-many-moved',
  'part-failed',
] as const;
export type WholeStockWhy = (typeof WHOLE_STOCK_WHY)[number];

export interface RequestRecord {
  /** When it was sent (the newest, when `repeated` > 1). */
  at: string;
  /** Which part of Aisle asked: the session (sign-in, refresh, ping, …) or the sync (lists, inventory). */
  by: 'session' | 'sync';
  method: string;
  /** The whole URL, its query included. */
  url: string;
  /** The answer's status; null when none came (unreachable, timed out). */
  status: number | null;
  /** Until the answer's headers came (a list's body is read after, while it is stored). */
  ms: number;
  /** The server's clock when it answered (its Date header), ISO; null when it sent none. */
  serverDate: string | null;
  /** Why it failed, as Aisle says it; null for an answer it took (2xx, 304). */
  error: { code: string; message: string } | null;
  /** The JSON body of a sync request (an inventory query), to repeat it; null for none. */
  body: string | null;
  /** Why a facility's stock was asked for whole, between readings of the items that moved only; null for every other request. */
  why: WholeStockWhy | null;
  /** The same request with the same outcome, one after the other (a ping every minute): counted, not listed again. */
  repeated: number;
}

/** What an integrator checks first when the workstation and the server disagree. */
export interface Diagnostics {
  /** The server this workstation talks to (the signed-in session's, else the one in settings). */
  server: string | null;
  /**
   * The server's clock minus this workstation's, ms, from the newest answer with a Date header (to
   * within a second: the header's precision); null before any.
   */
  clockSkewMs: number | null;
  /** Requests since sign-in (or since the app started), the newest answer first, at most REQUESTS_KEPT. */
  requests: RequestRecord[];
}

export interface Gs1Element {
  ai: string;
  label: string;
  value: string;
}

export type ScanParse =
  | { kind: 'gs1'; elements: Gs1Element[]; gtin: string | null; lot: string | null; serial: string | null; expiry: string | null; quantity: number | null; sscc: string | null }
  | { kind: 'misread'; reason: string; raw: string }
  | { kind: 'plain'; text: string };

export interface SearchResult {
  query: string;
  scan: ScanParse;
  hits: SearchHit[];
  /** What the answer opens by itself (core/lookup/hit-to-open.ts): a window opens these, it does not decide them. */
  opens: SearchOpens;
  /** Several codes pasted at once: one result per line (with how that line's scan was read). */
  lines?: { query: string; hits: SearchHit[]; scan?: ScanParse }[];
  /**
   * Set when nothing matched as typed and the hits are of the words one edit away: the query as
   * found (`brackt` -> `bracket`), for "Showing results for bracket".
   */
  spelledAs?: string;
  tookMs: number;
}

/**
 * The hit (its index in `hits`) a scan opens straight away, and the hit Enter opens on the first
 * option; null: nothing opens, the user chooses (several matches; a location code in several
 * facilities, none of them home).
 */
export interface SearchOpens {
  scan: number | null;
  enter: number | null;
}

/** The stock statuses the interface names; a server may send others, shown as sent. */
export const STOCK_STATUSES = ['AVAILABLE', 'HOLD', 'DAMAGED'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number] | (string & {});

export interface InventoryRow {
  id: string;
  facilityId: string;
  locationId: string;
  locationCode: string;
  itemId: string;
  sku: string;
  description: string | null;
  lot: string | null;
  serial: string | null;
  expiry: string | null;
  expiryState: 'expired' | 'soon' | 'ok' | null;
  uom: string | null;
  onHand: number;
  allocated: number;
  available: number;
  status: StockStatus;
}

export interface InventoryTotals {
  facilityId: string;
  facilityName: string | null;
  onHand: number;
  allocated: number;
  available: number;
  locations: number;
}

/**
 * Whether the mirror holds a facility's stock: `complete` once its inventory was read whole at least
 * once (only then is a missing row a real zero); `loading` before that; `failed` when the reading
 * failed and none ever succeeded; `not-offered` when the server refused the stock call (404, 403);
 * `not-kept` when this workstation does not keep the facility's stock (or has not planned it yet).
 */
export type StockState = 'complete' | 'loading' | 'failed' | 'not-offered' | 'not-kept';

export interface FacilityStock {
  facilityId: string;
  facilityName: string | null;
  state: StockState;
  /** The inventory dataset's key (to match sync progress), null when not kept. */
  datasetKey: string | null;
  /** The last failure's message, for `failed` and `not-offered`. */
  error: string | null;
  /** The last failure's fact, when it is one the window words itself (a disk without room). */
  notice?: Notice;
}

export interface InventoryAnswer {
  rows: InventoryRow[];
  totals: InventoryTotals[];
  age: DataAge;
  /** The facilities the answer is about (the location's; for an item, every facility known) and whether their stock is here. */
  stock: FacilityStock[];
  /** The figures a page shows first, and whose they are (see StockSummary). */
  summary: StockSummary;
  /** Asked with `scanned` (a GS1 label's lot or serial): whether this workstation's stock of the item holds each. */
  scanned?: ScannedTracking[];
  /**
   * A location's answer: each item's on hand in it, summed over its rows, when the location's
   * facility's stock is here whole (an item not listed has none there); absent when it is not (no figure).
   */
  onHandByItem?: { itemId: string; onHand: number }[];
}

/**
 * A lot or serial a scan named, and whether the item's stock on this workstation holds it: `false`
 * is said only where some facility's stock is here whole; `null` when none is (no say either way).
 */
export interface ScannedTracking {
  kind: 'lot' | 'serial';
  value: string;
  held: boolean | null;
}

/** A facility named as the window shows it: its name, else its id. */
export interface FacilityName {
  facilityId: string;
  name: string;
}

/**
 * On hand, allocated and available summed over the facilities whose stock this workstation holds
 * whole (`covers`), never over others: a facility in `notHere` has no figure, not a 0. With `covers`
 * empty there is no figure at all (the numbers are 0 and must not be shown).
 */
export interface StockSummary {
  covers: FacilityName[];
  /** The facilities of the answer whose stock is not on this workstation (not kept, loading, failed, not offered). */
  notHere: FacilityName[];
  onHand: number;
  allocated: number;
  available: number;
}

/** The kinds of movement a history event records. */
export const HISTORY_TYPES = ['RECEIVE', 'PUTAWAY', 'PICK', 'MOVE', 'ADJUST', 'COUNT', 'SHIP'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

export interface HistoryEvent {
  id: string;
  type: HistoryType | string;
  createdon: string;
  userEmail: string | null;
  itemId: string | null;
  sku: string | null;
  locationCode: string | null;
  fromLocationCode: string | null;
  toLocationCode: string | null;
  qty: number | null;
  qtyBefore: number | null;
  qtyAfter: number | null;
  lot: string | null;
  reference: string | null;
  /** The facility of the event's location, by name (else its code); null when the mirror does not name it, never its id. */
  facility: string | null;
}

export interface HistoryAnswer {
  events: HistoryEvent[];
  age: DataAge;
  /**
   * How far back the mirror's history goes for these events' facilities (all kept facilities when
   * there are none): the oldest event kept. A facility keeps its window's events, at most the newest
   * 100,000 (HISTORY_MAX_EVENTS), so a very busy facility's history starts later than the window.
   */
  since: string | null;
}

export interface ColumnInfo {
  /** The server's field the column shows (a row's key): the field map's choice for a known column. */
  key: string;
  /** Main's English name; for a field Aisle does not know, the field's own name. */
  label: string;
  /**
   * What the column is, whatever the server calls its field: a known column's name (`sku`,
   * `pack_qty`, `modifiedon`), a known field's (`weight`, `saddr1`) or a reference's (`hazmat_id`),
   * the key its words are found by in every language. Absent: a field Aisle does not know, shown by
   * its own name as a server's field.
   */
  role?: string;
  type: 'string' | 'number' | 'boolean' | 'date';
  /** The list whose records this column's ids name: its cells hold that record's code or name. */
  refersTo?: string;
  /** Ids, internal numbers, icons, nested data: hidden until the user shows the column. */
  technical?: boolean;
  /** A date column whose values carry no time of day: shown as dates. */
  dateOnly?: boolean;
  /** A signed change of stock (negative: stock that left): shown with its sign and its direction in words. */
  stockChange?: boolean;
}

export interface ListInfo {
  list: string;
  label: string;
  kind: RecordKind;
  scopeKind: ScopeKind;
  columns: ColumnInfo[];
  /** The scopes present in the mirror for scoped lists (accounts or facilities). */
  scopes: { id: string; name: string }[];
}

export interface ListPage {
  list: string;
  scopeId: string | null;
  total: number;
  offset: number;
  columns: ColumnInfo[];
  rows: Record<string, unknown>[];
  age: DataAge;
}

export interface RecordDetail {
  kind: RecordKind;
  list: string;
  id: string;
  title: string;
  /** The record exactly as received, unknown fields included. */
  record: Record<string, unknown>;
  /** What the record is, by role, read through its list's field map: what a page shows (never a field by its name). */
  roles: RecordRoles;
  /** An item's or location's stock and history rows; another list's records under this one (an account's carriers) as `{ id, code, name }`. */
  related: { list: string; label: string; rows: Record<string, unknown>[] }[];
  age: DataAge;
}

/**
 * A record's facts by role, whatever its server calls the fields: `code` and `name` (an item's SKU
 * and description, a location's code), the unit its stock is counted in, the key facts a page shows
 * (in the order shown), and each record it names by id, resolved.
 */
export interface RecordRoles {
  code: string | null;
  name: string | null;
  unit: string | null;
  facts: RecordFact[];
  references: RecordReference[];
}

/**
 * One key fact. `role` is the field map's column (`upc`, `gtin`, `barcode`, `uom`, `pack_qty`,
 * `weight`, `lot_tracked`, `serial_tracked`, `enabled`; a location's `zone`, `type`, `check_digits`,
 * `pickable`): the window words it by that; `field` is the server's field it was read from.
 */
export interface RecordFact {
  role: string;
  field: string;
  value: string | number | boolean;
}

/**
 * A record this one names by id (an item's account, template, hazmat entry; a location's facility;
 * a carrier's account): `role` is the field map's column or the field's name as a known reference
 * (`account_id`, `facility_id`, `hazmat_id`, `template_id`); code and name as the mirror holds them.
 * Only records the mirror holds are given: a page links each one.
 */
export interface RecordReference {
  role: string;
  field: string;
  list: string;
  id: string;
  code: string | null;
  name: string | null;
}

export interface ExportResult {
  /** Where the file was written (Electron, CLI), or a URL to download it (browser host). */
  location: string;
  rows: number;
}

/** What the probe's sync round did with one dataset (a list, of one account or facility for a scoped list). */
export interface ProbeList {
  key: string;
  list: string;
  /** The list's English name (the window names it in other languages). */
  label: string;
  scopeId: string | null;
  scopeName: string | null;
  /** `ok`: read whole and applied; `failed`: the round's error; `held`: held for confirmation. */
  outcome: 'ok' | 'failed' | 'held';
  rows: number;
  bytes: number;
  /** How the reading paged (`page`, `offset`, `link`, `next`, `cursor`); null for one answer. */
  paging: string | null;
  pages: number | null;
  /** Where the records came: `field` is the envelope's (`content`, `_embedded.items`, `data.items`), null for a bare array; null when not known (a list read as a log, or not read whole). */
  envelope: { field: string | null } | null;
  error: ProbeError | null;
}

/**
 * `aisle probe` and the diagnostics page's "Run probe": the sign-in and one real sync round into a
 * throw-away mirror, and what they did. `ready` exactly when that round leaves a usable mirror.
 */
export interface ProbeReport {
  /** The server as sign-in resolved it (normalized), or as asked when sign-in did not get that far. */
  server: string;
  startedAt: string;
  tookMs: number;
  deadlineSeconds: number;
  ready: boolean;
  /** Why not ready; empty when ready. */
  blockers: ProbeFact[];
  /** What failed but leaves a usable mirror (a list Aisle can work without). */
  warnings: ProbeFact[];
  /** The session it opened: the license, where the access token came (`header`/`cookie`/`redirect`/`body` and its name), the notices sign-in gave. */
  signIn: { licenseId: string; tokenDelivery: { source: string; name: string } | null; notices: Notice[] } | null;
  /** Every dataset of the round, in the round's order. */
  lists: ProbeList[];
  /** The inventory request forms the round learned, per endpoint. */
  requestForms: { endpoint: string; form: string }[];
  /** The field map the round decided (as `aisle fields` shows it). */
  fields: ListFieldMap[];
}

/** One column of a list's field map: the server field that fills it, and why. */
export interface FieldChoice {
  /** The mirror's column (the key field-map.json uses). */
  column: string;
  /** What it is, in words. */
  label: string;
  /** The server's field; null: none (the column stays empty). */
  field: string | null;
  /** `file`: IT's field-map.json; `policy`: the machine policy's fieldMap; `decided`: the defaults checked against the records' values. */
  source: 'file' | 'policy' | 'decided';
  evidence: string;
}

/** What the field map decided for one list. */
export interface ListFieldMap {
  list: string;
  label: string;
  table: string;
  /** When it was decided, and on how many records. */
  decidedAt: string;
  sample: number;
  fields: FieldChoice[];
  /** Records of the list's last answers not kept (no id), and why the first was not. */
  rejected: { count: number; reason: string | null } | null;
  /**
   * Fields the map reads records by that the list's answers no longer carry (a server that renamed
   * them): those datasets keep what they held until IT re-maps. One per dataset (its scope's id).
   */
  missing: { scopeId: string | null; scopeName: string | null; column: string; field: string; since: string; nowCarried: string[] }[];
}

export interface FieldMapReport {
  /** IT's field-map.json in the data folder, as it is now; its warning also says what is wrong with the policy's fieldMap. */
  file: {
    path: string;
    state: 'absent' | 'read' | 'invalid';
    warning: string | null;
    /** The offline data already uses it (else: from the next sync on). */
    applied: boolean;
  };
  /** The machine policy's fieldMap, when it has one: the lists it maps win over the file's. */
  policy: { path: string; lists: string[] } | null;
  /** Lists with a decision, in the registry's order; empty before the first sync or when signed out. */
  lists: ListFieldMap[];
}
