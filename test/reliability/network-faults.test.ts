// Point 1: network faults between a workstation and the demo server, injected by a proxy on
// loopback. Before each fault the server moves to a new revision, so the faulty round has something
// to apply. After it: every dataset equals its previous or its new snapshot (never a mix), the
// failures are recorded in words, and the next round, started by the scheduler's own timer,
// completes and brings every dataset to the new snapshot.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetStatus } from '../../electron/contract/types.ts';
import { startDemoServer, DEMO_PASSWORD, type DemoServer } from '../../electron/demo/index.ts';
import { tempDir } from '../support/temp-dir.ts';
import { startFaultProxy, type Fault, type FaultProxy } from './support/fault-proxy.ts';
import { recordFigures } from './support/figures.ts';
import { createWorkstation, fingerprints, mixedDatasets, type Workstation } from './support/workstation.ts';

const USER = 'solo@example.com';
const TIMEOUT_MS = 1_500;
const itemsOnly = (_m: string, path: string) => /\/items\/query$/.test(path);
const inventoryOnly = (_m: string, path: string) => /\/inv\/(query|history)$/.test(path);
const bodies = (_m: string, path: string) => itemsOnly(_m, path) || inventoryOnly(_m, path) || /\/locations\/query$/.test(path);

interface Scenario {
  name: string;
  fault: Fault;
  /**
   * Datasets may fail in this round (the fault outlasts the retries), or every one must succeed; or
   * (`left-out`) an answer applies without its records that have no id, each such dataset noting it.
   */
  expect: 'errors' | 'clean' | 'left-out';
}

const SCENARIOS: Scenario[] = [
  { name: 'reset in the middle of the body', fault: { kind: 'reset-mid-body', match: bodies }, expect: 'errors' },
  { name: 'body truncated, chunked answer ends cleanly', fault: { kind: 'truncate-body', match: bodies }, expect: 'errors' },
  { name: 'body shorter than its Content-Length', fault: { kind: 'short-body', match: bodies }, expect: 'errors' },
  { name: 'body stalls (timeout)', fault: { kind: 'stall-body', match: itemsOnly }, expect: 'errors' },
  { name: '503 burst shorter than the retries', fault: { kind: 'status', status: 503, times: 2 }, expect: 'clean' },
  { name: '500 on every data request', fault: { kind: 'status', status: 500 }, expect: 'errors' },
  { name: '502 burst on bodies', fault: { kind: 'status', status: 502, match: bodies }, expect: 'errors' },
  { name: '429 with Retry-After: 1', fault: { kind: 'rate-limit', retryAfterSeconds: 1, times: 1 }, expect: 'clean' },
  { name: '429 with Retry-After longer than the client waits', fault: { kind: 'rate-limit', retryAfterSeconds: 3600, match: itemsOnly }, expect: 'errors' },
  { name: 'latency of seconds (within the timeout)', fault: { kind: 'latency', delayMs: 1_200, match: itemsOnly }, expect: 'clean' },
  { name: 'invalid JSON', fault: { kind: 'invalid-json', match: bodies }, expect: 'errors' },
  { name: 'JSON of the wrong shape', fault: { kind: 'wrong-shape', match: bodies }, expect: 'errors' },
  // a time that is no time (an object where a date was) fails its list in words: never stored as text that sorts before every date
  { name: 'records missing their id or with wrong types', fault: { kind: 'bad-records', match: bodies }, expect: 'errors' },
  { name: 'HTML where JSON was expected (captive portal)', fault: { kind: 'html', match: itemsOnly }, expect: 'errors' },
  { name: 'token expires in the middle of the round', fault: { kind: 'expired-token', times: 1, match: itemsOnly }, expect: 'clean' },
];

let dir: ReturnType<typeof tempDir>;
let demo: DemoServer;
let proxy: FaultProxy;
let ws: Workstation;
let ref: Workstation;
let revision = 0;
const roundFailures: string[] = [];
const tally = { rounds: 0, faultRounds: 0, lostOrCorrupted: 0, datasetErrors: 0, scenarios: [] as Record<string, unknown>[] };

const mirrorFile = (w: Workstation) => w.mirrors.current()!.path;

/** Records left out of each dataset's last answer for having no id, by dataset key. */
function leftOutNotes(file: string): Map<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare(`SELECT d.key, m.value FROM meta m JOIN datasets d ON m.key = 'rejected:' || d.dataset_id`).all() as { key: string; value: string }[];
    return new Map(rows.map((r) => [r.key, (JSON.parse(r.value) as { count: number }).count]));
  } finally {
    db.close();
  }
}
const failed = (datasets: DatasetStatus[]) => datasets.filter((d) => d.lastError !== null);

/** Moves the server on and lets the reference workstation (no proxy) take the new snapshot. */
async function nextRevision() {
  demo.setRevision(++revision);
  const status = await ref.syncNow();
  expect(failed(status.datasets)).toEqual([]);
  return fingerprints(mirrorFile(ref));
}

beforeAll(async () => {
  dir = tempDir('aisle-faults-');
  demo = await startDemoServer({ seed: 11, items: 400, facilities: 1, accounts: 2, historyDays: 3, rateLimit: 0, onError: () => undefined });
  proxy = await startFaultProxy(demo.url);
  // A round that fails as a whole (rather than dataset by dataset) is logged: there must be none.
  // (a dataset that failed is logged too, at the same level: those are counted from the status instead)
  const log = { info() {}, warn: (message: string, fields?: Record<string, unknown>) => (message === 'sync: dataset failed' ? undefined : roundFailures.push(`${message} ${JSON.stringify(fields)}`)), error() {} };
  ws = createWorkstation({ dataDir: `${dir.path}/ws`, timeoutMs: TIMEOUT_MS, log });
  ref = createWorkstation({ dataDir: `${dir.path}/ref`, timeoutMs: 10_000 });
  await ws.signIn(proxy.url, USER, DEMO_PASSWORD);
  await ref.signIn(demo.url, USER, DEMO_PASSWORD);
  expect(failed((await ws.syncNow()).datasets)).toEqual([]);
  expect(failed((await ref.syncNow()).datasets)).toEqual([]);
  expect(mixedDatasets(fingerprints(mirrorFile(ws)), fingerprints(mirrorFile(ref)), fingerprints(mirrorFile(ref)))).toEqual([]);
});

afterAll(async () => {
  recordFigures('network', {
    scenarios: tally.scenarios,
    faultsInjected: Object.fromEntries(proxy.injected),
    faultsInjectedTotal: [...proxy.injected.values()].reduce((a, b) => a + b, 0),
    rounds: tally.rounds,
    faultRounds: tally.faultRounds,
    datasetErrorsRecorded: tally.datasetErrors,
    roundsLostOrCorrupted: tally.lostOrCorrupted,
    roundsDiedWhole: roundFailures.length,
  });
  await ws?.close();
  await ref?.close();
  await proxy?.close();
  await demo?.close();
  dir?.remove();
});

/** The next round the scheduler's timer starts (no button): resumes by itself. */
async function timerRound(w: Workstation) {
  const before = w.rounds();
  expect(w.syncClock.fireNext()).toBe(true);
  return w.roundsDone(before + 1);
}

function checkRecorded(datasets: DatasetStatus[]) {
  for (const d of failed(datasets)) {
    // In words: a sentence a person can read, not a bare code or a stack.
    expect(d.lastError!.message, d.key).toMatch(/[A-Za-z]{3,} [A-Za-z]{2,}/);
    expect(d.lastError!.message, d.key).not.toMatch(/\n\s+at /);
  }
}

describe('network faults through a proxy (point 1)', () => {
  for (const scenario of SCENARIOS) {
    it(scenario.name, async () => {
      const after = await nextRevision();
      const before = fingerprints(mirrorFile(ws));
      const injectedBefore = [...proxy.injected.values()].reduce((a, b) => a + b, 0);
      const logStart = proxy.log.length;
      proxy.setFault(scenario.fault);
      const status = await ws.syncNow();
      proxy.setFault(null);
      tally.rounds++;
      tally.faultRounds++;
      expect(roundFailures, 'no round died as a whole').toEqual([]);
      const injected = [...proxy.injected.values()].reduce((a, b) => a + b, 0) - injectedBefore;
      expect(injected, 'the fault was injected').toBeGreaterThan(0);

      const mixed = mixedDatasets(fingerprints(mirrorFile(ws)), before, after);
      if (scenario.expect === 'left-out') {
        // what the server sent (types liberally read) without its records that have no id: each
        // such dataset notes it for IT, and holds every record of the answer but those (a log keeps
        // its older events besides)
        const notes = leftOutNotes(mirrorFile(ws));
        const now = fingerprints(mirrorFile(ws));
        for (const key of mixed) {
          expect(notes.get(key), key).toBeGreaterThan(0);
          expect(now.get(key)!.rows, key).toBeGreaterThanOrEqual(after.get(key)!.rows - notes.get(key)!);
        }
      } else {
        if (mixed.length) tally.lostOrCorrupted++;
        expect(mixed, 'datasets neither old nor new').toEqual([]);
      }
      const errors = failed(status.datasets);
      tally.datasetErrors += errors.length;
      checkRecorded(status.datasets);
      if (scenario.expect !== 'errors') expect(errors.map((d) => `${d.key}: ${d.lastError!.message}`)).toEqual([]);
      else expect(errors.length, 'the fault outlasted the retries').toBeGreaterThan(0);
      // Errored datasets kept their last good data: the same rows as before the round.
      const now = fingerprints(mirrorFile(ws));
      for (const d of errors) expect(now.get(d.key), d.key).toEqual(before.get(d.key));

      if (scenario.fault.kind === 'rate-limit' && scenario.expect === 'clean') {
        const hit = proxy.log.slice(logStart).findIndex((e) => e.status === 429);
        const retried = proxy.log.slice(logStart + hit + 1).find((e) => e.path === proxy.log[logStart + hit].path);
        expect(retried!.at - proxy.log[logStart + hit].at, 'Retry-After honoured').toBeGreaterThanOrEqual(950);
      }
      if (scenario.fault.kind === 'expired-token') {
        expect(proxy.log.slice(logStart).filter((e) => e.path.endsWith('/user/session/refresh')).length, 'one refresh').toBe(1);
      }

      const resumed = await timerRound(ws);
      tally.rounds++;
      expect(failed(resumed.datasets).map((d) => `${d.key}: ${d.lastError!.message}`)).toEqual([]);
      const final = mixedDatasets(fingerprints(mirrorFile(ws)), after, after);
      if (final.length) tally.lostOrCorrupted++;
      expect(final, 'after the next round every dataset is the new snapshot').toEqual([]);
      tally.scenarios.push({ name: scenario.name, injected, datasetsFailed: errors.length, example: errors[0]?.lastError?.message ?? null });
    });
  }

  it('a server clock hours off (Date headers) changes nothing', async () => {
    const after = await nextRevision();
    const before = fingerprints(mirrorFile(ws));
    proxy.setClockOffset(-5 * 3_600_000);
    const status = await ws.syncNow();
    proxy.setClockOffset(0);
    tally.rounds++;
    tally.faultRounds++;
    expect(failed(status.datasets)).toEqual([]);
    expect(mixedDatasets(fingerprints(mirrorFile(ws)), before, after)).toEqual([]);
    expect(mixedDatasets(fingerprints(mirrorFile(ws)), after, after)).toEqual([]);
    tally.scenarios.push({ name: 'server Date header 5 h behind', injected: 1, datasetsFailed: 0, example: null });
  });

  it('the server gone for minutes (connection refused), then back', async () => {
    const after = await nextRevision();
    const before = fingerprints(mirrorFile(ws));
    await proxy.down();
    const status = await ws.syncNow();
    tally.rounds++;
    tally.faultRounds++;
    const errors = failed(status.datasets);
    expect(errors.length).toBe(status.datasets.length);
    expect(errors.every((d) => d.lastError!.code === 'offline')).toBe(true);
    checkRecorded(status.datasets);
    expect(fingerprints(mirrorFile(ws))).toEqual(before);
    // Three more scheduled rounds, minutes apart on the scheduler's clock, find it still gone.
    const start = ws.syncClock.now();
    for (let n = 0; n < 3; n++) {
      const again = await timerRound(ws);
      tally.rounds++;
      tally.faultRounds++;
      expect(failed(again.datasets).length).toBe(again.datasets.length);
    }
    const minutesDown = (ws.syncClock.now() - start) / 60_000;
    expect(minutesDown).toBeGreaterThanOrEqual(10);
    expect(fingerprints(mirrorFile(ws))).toEqual(before);
    await proxy.up();
    const resumed = await timerRound(ws);
    tally.rounds++;
    expect(failed(resumed.datasets)).toEqual([]);
    const final = mixedDatasets(fingerprints(mirrorFile(ws)), after, after);
    if (final.length) tally.lostOrCorrupted++;
    expect(final).toEqual([]);
    tally.scenarios.push({ name: `server gone ${Math.round(minutesDown)} min (simulated), then back`, injected: 1, datasetsFailed: errors.length, example: errors[0].lastError!.message });
  });
});
