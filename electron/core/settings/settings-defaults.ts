// The settings a workstation starts with. A file of its own, importing nothing: the CLI's quick
// commands and the sync's dataset plan need the defaults without the contract's schemas (zod),
// which take longer to load than a quick command takes to answer.
import type { Settings } from '../../contract/types.ts';

export const DEFAULT_SETTINGS: Settings = {
  server: 'demo',
  lastEmail: '',
  syncIntervalMinutes: 5,
  offlineFacilities: [],
  // the signed-in user's first facility (home-facility.ts)
  homeFacility: '',
  offlineLists: [],
  staleAfterMinutes: { default: 24 * 60, inventory: 30, history: 60 },
  historyDays: 30,
  // a facility's whole stock read at least hourly; between, only the items its history says moved
  stockFullCheckMinutes: 60,
  // a workstation talks to its warehouse server unless IT says the site runs a relay
  siteRelay: false,
  // a relay that does not answer leaves the mirror as it was: 200 seats turning to the warehouse
  // server at once is what the relay is there to prevent, so IT chooses it
  siteRelayFallback: 'none',
  // lists: pages of 1000 records from a server that pages; a request has 2 minutes and 2 s more
  // per MB of its last reading (at least 500 KB/s); a round has an hour
  pageSize: 1000,
  listDeadlineSeconds: 120,
  listDeadlineSecondsPerMB: 2,
  roundDeadlineMinutes: 60,
  // a list read page by page: half an hour for all its pages (a million items at 1000 a page take minutes)
  pagedListDeadlineMinutes: 30,
  // an auth answer is small: half a minute is long for it, and a trickling server never holds a sign-in longer
  authDeadlineSeconds: 30,
  // allowed with a warning at sign-in: many warehouse servers inside a plant's network have no TLS
  allowPlainHttp: true,
  theme: 'light',
  floorMode: false,
  textSize: 100,
  scanSound: true,
  csvForExcel: true,
  // a pasted list of codes is answered line by line until the user chooses the scan list
  pastedLines: 'answer',
  language: 'auto',
  languages: {},
  columns: {},
  columnWidths: {},
  lockAfterMinutes: 0,
  unlockWithPin: false,
  labelPrinter: '',
  labelSize: '2x1',
  // what a dataset that held rows may always receive; a new one is bounded by the server's total and the disk (dataset-caps.ts)
  datasetCapMinRows: 100_000,
  datasetCapMinMegabytes: 256,
  // a catalog list that shrinks by more than this share, with no total to prove it, is held for confirmation
  shrinkHoldPercent: 5,
  // two weeks of logs: what a support ticket about last week needs
  logKeepDays: 14,
};
