// The contract between the renderer and main: one map from method name to its argument schema and
// its result type. Hosts validate arguments with the schema before calling the core; the renderer
// gets a typed client built from this map (client.ts), whatever the transport.
import { z } from 'zod';
import type * as T from './types.ts';
import { HISTORY_TYPES, SCAN_ROWS_KEPT } from './types.ts';

/** A label printer's address: `host`, `host:port` or `[v6 address]:port`. */
export const PRINTER_ADDRESS = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}))(:\d{1,5})?$/;

/** Declares a method: `method<Result>()(argsSchema)`; the result type is a phantom. */
function method<R>() {
  return <A extends z.ZodType>(args: A): { args: A; result: R } => ({ args, result: undefined as R });
}

const none = z.strictObject({});
const id = z.string().min(1).max(200);
const text = (max = 200) => z.string().max(max);
const email = z.string().min(3).max(320);
const password = z.string().min(1).max(1024);
/** An unlock PIN: 4 to 8 digits. */
const pin = z.string().regex(/^\d{4,8}$/, 'a PIN is 4 to 8 digits');
const iso = z.string().max(40);
const listName = z.string().regex(/^[a-z][a-zA-Z0-9_-]{0,63}$/);

const recordKind = z.enum(['item', 'location', 'account', 'customer', 'carrier', 'channel', 'facility', 'user', 'hazmat', 'other']);

export const scanRowSchema = z.strictObject({
  key: text(8400),
  code: z.string().min(1).max(4096),
  kind: z.enum(['item', 'location', 'other', 'several', 'none', 'misread']),
  // facility: a location's, by name or code (a list kept by an earlier Aisle has none)
  hit: z.strictObject({ kind: recordKind, list: listName, id, code: text(4096).nullable(), title: text(4096), facility: text(4096).nullable().optional() }).nullable(),
  location: z.strictObject({ id, code: text(4096), facility: text(4096).nullable().optional() }).nullable(),
  count: z.number().int().min(1).max(1_000_000),
  onHandHere: z.number().nullable(),
  matches: z.number().int().min(0).max(100_000),
  at: z.iso.datetime({ offset: true }),
});

export const scanLocationSchema = z.strictObject({ id, code: text(4096), facility: text(4096).nullable() });

export const viewSchema = z.strictObject({
  list: listName,
  scopeId: id.nullable().default(null),
  sort: z
    .array(z.strictObject({ column: text(64), dir: z.enum(['asc', 'desc']) }))
    .max(8)
    .default([]),
  /** Per-column filters: case-insensitive "contains"; numbers also accept `>5`, `<=3`, `=0`. */
  filters: z.record(text(64), text(200)).default({}),
  columns: z.array(text(64)).max(200).default([]),
});
export type ListView = z.infer<typeof viewSchema>;

/** A CSV export's header per column key. */
export const csvHeadersSchema = z.record(text(64), text(200));
export type CsvHeaders = z.infer<typeof csvHeadersSchema>;

/** How a CSV export writes yes and no, in the window's language. */
export const csvBooleansSchema = z.strictObject({ yes: text(40), no: text(40) });
export type CsvBooleans = z.infer<typeof csvBooleansSchema>;

/**
 * How a CSV export says what the screen says, in the window's language: each enumerated column's
 * codes in words (per column key, code to word), a change of stock's direction (a column of its
 * own beside the signed number) and times in the workstation's zone. `raw` keeps the server's
 * codes, times in UTC as stored and codes bare instead: a file for machines, not for people.
 */
export const csvWordsSchema = z.strictObject({
  raw: z.boolean().optional(),
  codes: z.record(text(64), z.record(text(64), text(200))).optional(),
  direction: z.strictObject({ header: text(200), in: text(40), out: text(40), none: text(40) }).optional(),
  /** An IANA zone name (`Europe/Madrid`); the core's own zone when none is given. */
  timeZone: text(64).optional(),
});
export type CsvWords = z.infer<typeof csvWordsSchema>;

export const methods = {
  // app
  'app.info': method<T.AppInfo>()(none),
  /** A failure in the window (an error nothing caught), written to the host's log. Never carries what the user typed. */
  'app.reportProblem': method<{ logged: boolean }>()(
    z.strictObject({ kind: z.enum(['error', 'rejection', 'vue']), message: text(2000), where: text(400).optional(), stack: text(4000).optional() }),
  ),
  'kiosk.status': method<T.KioskStatus>()(none),
  /** The machine policy (set by IT): the settings it locks, the servers it allows, and whether it could be read. */
  'policy.get': method<T.PolicyStatus>()(none),
  /** Closes a kiosk workstation's Aisle, given the exit password IT set. */
  'kiosk.exit': method<{ leaving: true }>()(z.strictObject({ password })),

  // settings
  'settings.get': method<T.Settings>()(none),
  'settings.set': method<T.Settings>()(
    z.strictObject({
      server: text(2048).optional(),
      lastEmail: text(320).optional(),
      syncIntervalMinutes: z.number().int().min(1).max(24 * 60).optional(),
      offlineFacilities: z.array(id).max(1000).optional(),
      homeFacility: z.union([z.literal(''), id]).optional(),
      offlineLists: z.array(listName).max(100).optional(),
      staleAfterMinutes: z.record(text(64), z.number().int().min(1).max(60 * 24 * 365)).optional(),
      historyDays: z.number().int().min(1).max(365).optional(),
      stockFullCheckMinutes: z.number().int().min(0).max(24 * 60).optional(),
      siteRelay: z.boolean().optional(),
      siteRelayFallback: z.enum(['vendor', 'none']).optional(),
      pageSize: z.number().int().min(10).max(100_000).optional(),
      listDeadlineSeconds: z.number().int().min(5).max(24 * 60 * 60).optional(),
      listDeadlineSecondsPerMB: z.number().min(0).max(600).optional(),
      roundDeadlineMinutes: z.number().int().min(1).max(24 * 60).optional(),
      pagedListDeadlineMinutes: z.number().int().min(1).max(24 * 60).optional(),
      authDeadlineSeconds: z.number().int().min(2).max(10 * 60).optional(),
      allowPlainHttp: z.boolean().optional(),
      theme: z.enum(['light', 'dark', 'contrast']).optional(),
      floorMode: z.boolean().optional(),
      textSize: z.union([z.literal(100), z.literal(125), z.literal(150)]).optional(),
      scanSound: z.boolean().optional(),
      csvForExcel: z.boolean().optional(),
      pastedLines: z.enum(['answer', 'scan-list']).optional(),
      language: z.enum(['auto', 'en', 'es']).optional(),
      languages: z.record(text(320), z.enum(['auto', 'en', 'es'])).optional(),
      columns: z.record(text(400), z.array(text(64)).max(200)).optional(),
      columnWidths: z.record(text(400), z.record(text(64), z.number().int().min(80).max(1000))).optional(),
      lockAfterMinutes: z.number().int().min(0).max(24 * 60).optional(),
      unlockWithPin: z.boolean().optional(),
      labelPrinter: z.union([z.literal(''), z.string().max(260).regex(PRINTER_ADDRESS, 'host, or host:port')]).optional(),
      labelSize: z.enum(['2x1', '4x6']).optional(),
      datasetCapMinRows: z.number().int().min(1).max(1_000_000_000).optional(),
      datasetCapMinMegabytes: z.number().int().min(1).max(1_000_000).optional(),
      shrinkHoldPercent: z.number().min(0).max(50).optional(),
      logKeepDays: z.number().int().min(1).max(365).optional(),
    }),
  ),

  // demo warehouse
  'demo.start': method<{ url: string; email: string; password: string }>()(none),

  // session
  'session.signIn': method<T.SignInResult>()(
    z.strictObject({
      /** A base URL (http/https) or 'demo'. */
      server: text(2048).min(1),
      email,
      password,
      rememberMe: z.boolean().default(false),
      /** Open the session under this license directly (it must be one the account holds). */
      licenseId: id.optional(),
      /** Offer the license picker even when a license is remembered (it is a default, not a lock). */
      chooseLicense: z.boolean().optional(),
    }),
  ),
  'session.chooseLicense': method<T.SessionView>()(z.strictObject({ licenseId: id })),
  'session.current': method<T.SessionView>()(none),
  'session.info': method<T.SessionInfo>()(none),
  'session.signOut': method<T.SessionView>()(none),
  /** Locks the session now (the user steps away); idle locking is `lockAfterMinutes`. */
  'session.lock': method<T.SessionView>()(none),
  /** Opens a locked session with the signed-in user's password (checked on this workstation, so offline too). */
  'session.unlock': method<T.SessionView>()(z.strictObject({ password })),
  /** Unlock PINs (where settings allow them): this user's, on this workstation. */
  'session.pin': method<T.PinStatus>()(none),
  'session.setPin': method<T.PinStatus>()(z.strictObject({ pin })),
  'session.clearPin': method<T.PinStatus>()(none),
  'session.unlockWithPin': method<T.SessionView>()(z.strictObject({ pin })),
  /** The user is at the workstation (input seen): postpones the idle lock. */
  'session.activity': method<{ locked: boolean }>()(none),
  'session.endSession': method<T.SessionInfo>()(z.strictObject({ sessionId: id })),
  /** The user's open sessions, when the server lists them (the demo does, on /jwt/list); else []. */
  'session.list': method<T.OpenSession[]>()(none),
  'session.validate': method<{ valid: boolean }>()(z.strictObject({ email, password })),
  'session.userByEmail': method<T.UserRecord>()(
    z.strictObject({ email, includeDisabled: z.boolean().default(false) }),
  ),
  'session.ping': method<{ reachable: boolean; latencyMs: number | null }>()(none),
  'connectivity.get': method<T.Connectivity>()(none),

  // sync
  'sync.status': method<T.SyncStatus>()(none),
  'sync.now': method<{ started: boolean }>()(none),
  'sync.confirmHeld': method<T.DatasetStatus>()(z.strictObject({ key: text(400).min(1) })),
  'sync.discardHeld': method<T.DatasetStatus>()(z.strictObject({ key: text(400).min(1) })),

  // lookup
  'search.query': method<T.SearchResult>()(
    z.strictObject({ q: text(10_000), limit: z.number().int().min(1).max(500).default(50) }),
  ),
  'scan.parse': method<T.ScanParse>()(z.strictObject({ raw: text(4096) })),
  'inventory.byItem': method<T.InventoryAnswer>()(
    z.strictObject({
      itemId: id,
      facilityId: id.optional(),
      lot: text(100).optional(),
      serial: text(100).optional(),
      includeZero: z.boolean().default(false),
      /** A lot or serial a scan named: the rows stay the item's whole stock, and the answer says whether it holds them. */
      scanned: z.strictObject({ lot: text(100).optional(), serial: text(100).optional() }).optional(),
    }),
  ),
  'inventory.byLocation': method<T.InventoryAnswer>()(z.strictObject({ locationId: id })),
  'inventory.byLot': method<T.InventoryAnswer>()(
    z.strictObject({ lot: text(100).optional(), serial: text(100).optional() }),
  ),
  'history.query': method<T.HistoryAnswer>()(
    z.strictObject({
      itemId: id.optional(),
      locationId: id.optional(),
      types: z.array(z.enum(HISTORY_TYPES)).max(HISTORY_TYPES.length).optional(),
      from: iso.optional(),
      to: iso.optional(),
      limit: z.number().int().min(1).max(10_000).default(500),
    }),
  ),
  'lists.catalog': method<T.ListInfo[]>()(none),
  'lists.page': method<T.ListPage>()(
    z.strictObject({
      view: viewSchema,
      offset: z.number().int().min(0).max(100_000_000),
      limit: z.number().int().min(1).max(1000),
    }),
  ),
  'records.get': method<T.RecordDetail>()(z.strictObject({ list: listName, id })),
  /** `headers`: each column's header as the window names it (its language); a column not named keeps the list's own label. */
  'export.csv': method<T.ExportResult>()(z.strictObject({ view: viewSchema, headers: csvHeadersSchema.optional(), booleans: csvBooleansSchema.optional(), words: csvWordsSchema.optional() })),
  /** The records this user opened here lately, newest first (those no longer in the mirror left out). */
  'recent.list': method<T.RecentRecord[]>()(none),
  /** An item, location or other record's page was shown: it goes first in `recent.list`. */
  'recent.add': method<T.RecentRecord[]>()(z.strictObject({ list: listName, id })),
  'recent.clear': method<T.RecentRecord[]>()(none),
  /** This user's scan list as kept on this workstation (an empty one when none is). */
  'scans.get': method<T.SavedScanList>()(none),
  /** Keeps this user's scan list, in place of the one kept; an empty list keeps none. */
  'scans.save': method<T.ScanListSaved>()(
    z.strictObject({ rows: z.array(scanRowSchema).max(SCAN_ROWS_KEPT), location: scanLocationSchema.nullable() }),
  ),
  /** An item's or a location's label, sent to the label printer in settings (raw ZPL, port 9100). */
  'labels.print': method<T.LabelPrinted>()(
    z.strictObject({ list: z.enum(['items', 'locations']), id, copies: z.number().int().min(1).max(99).default(1) }),
  ),
  /** The server, its clock against this one, and the requests made to it lately (no credentials). */
  'diagnostics.get': method<T.Diagnostics>()(none),
  /** Writes the diagnostics file IT attaches to a ticket (a zip: logs, requests, settings, policy, mirrors, versions; no secrets) into the export folder. */
  'diagnostics.bundle': method<T.DiagnosticsBundle>()(none),
  /**
   * Signs in to a server on its own (not the app's session) as sign-in does, runs one sync round into
   * a throw-away mirror, and reports what it did; `deadlineSeconds` bounds the whole probe.
   */
  'diagnostics.probe': method<T.ProbeReport>()(
    z.strictObject({ server: z.string().min(1).max(2000), email, password, licenseId: id.optional(), deadlineSeconds: z.number().int().min(1).max(24 * 60 * 60).optional() }),
  ),
  /** Which server field fills which mirror column of each list, and on what evidence (field-map.json applied). */
  'fields.map': method<T.FieldMapReport>()(none),
  /**
   * IT's re-map of a list whose server renamed a field: its field map is learned again from the
   * next answer (a round starts now). For a list with a field map only.
   */
  'fields.relearn': method<{ started: boolean }>()(z.strictObject({ list: text(100).min(1) })),
} as const;

export type Methods = typeof methods;
export type MethodName = keyof Methods;
export type MethodArgs<M extends MethodName> = z.input<Methods[M]['args']>;
export type ParsedArgs<M extends MethodName> = z.output<Methods[M]['args']>;
export type MethodResult<M extends MethodName> = Methods[M]['result'];

