// Point 2: the process applying a sync is killed with SIGKILL at random moments. After each kill the
// mirror opens, PRAGMA integrity_check is ok, every dataset equals what it was before the round or
// what the round makes of it (seen when the next round completes), and that next round brings every
// list to the new snapshot. History is a log, not a snapshot: a round adds the new events to the
// ones kept, so its state after a round depends on the mirror's past; it must hold at least the
// events a fresh sync would.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import { discardUnfinishedFirstFill, unfinishedFirstFill } from '../../electron/core/db/first-fill.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import { startDemoServer, DEMO_PASSWORD, type DemoServer } from '../../electron/demo/index.ts';
import { tempDir } from '../support/temp-dir.ts';
import { isFull, recordFigures } from './support/figures.ts';
import { createWorkstation, fingerprints, mixedDatasets, type Fingerprints, type Workstation } from './support/workstation.ts';

const KILLS = Number(process.env.RELIABILITY_KILLS ?? (isFull ? 200 : 30));
/** Kills of a first sync that fills the file (db/first-fill.ts): fewer, each fill is the whole mirror. */
const FILL_KILLS = isFull ? 20 : 6;
const FAR_REVISION = 30; // about a quarter of the items changed, a seventh deleted: every round rewrites
const CHILD = path.resolve(import.meta.dirname, 'support/kill-child.ts');

let dir: ReturnType<typeof tempDir>;
let demo: DemoServer;
let ws: Workstation;
let token = '';
let facilities = '[]';
const truth = new Map<number, Fingerprints>();

async function roundInProcess(file: string, revision: number) {
  demo.setRevision(revision);
  const db = openMirror(file);
  try {
    const result = await runRound(db, {
      baseUrl: demo.url,
      accessToken: async () => token,
      refreshAfterUnauthorized: async () => token,
      plan: { offlineLists: [], offlineFacilities: [], userFacilities: JSON.parse(facilities), historyDays: 2 },
      // the revisions delete a seventh of the items on purpose: this test is about kills, not the
      // shrink hold, which has tests of its own
      shrinkHoldPercent: 50,
    });
    expect(result.datasets.filter((d) => d.outcome !== 'applied' && d.outcome !== 'unchanged')).toEqual([]);
  } finally {
    db.close();
  }
}

/** Starts a child round; resolves when it has opened the mirror, with its exit to come. */
async function startChild(file: string, mode: 'fill' | 'round' = 'round') {
  const child = spawn(process.execPath, [CHILD, file, demo.url, facilities, mode], { env: { ...process.env, AISLE_TOKEN: token }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (out.includes('ready')) resolve();
    };
    child.stdout.on('data', check);
    exited.then(() => reject(new Error(`child ended before it was ready: ${out}`)));
  });
  return { child, exited, output: () => out };
}

beforeAll(async () => {
  dir = tempDir('aisle-kills-');
  demo = await startDemoServer({ seed: 5, items: 1000, facilities: 1, accounts: 2, historyDays: 2, rateLimit: 0 });
  ws = createWorkstation({ dataDir: path.join(dir.path, 'session') });
  await ws.signIn(demo.url, 'solo@example.com', DEMO_PASSWORD);
  token = await ws.session.accessToken();
  facilities = JSON.stringify(ws.session.facilities());
  for (const revision of [0, FAR_REVISION]) {
    const file = path.join(dir.path, `truth-${revision}.sqlite`);
    await roundInProcess(file, revision);
    truth.set(revision, fingerprints(file));
  }
});

afterAll(async () => {
  await ws?.close();
  await demo?.close();
  dir?.remove();
});

describe('SIGKILL during sync (point 2)', () => {
  it(`${KILLS} kills at random moments leave a sound mirror, and the next round completes`, async () => {
    const file = path.join(dir.path, 'killed.sqlite');
    // How long a child round runs once ready: kills fall uniformly over that span.
    demo.setRevision(0);
    const calibration = await startChild(path.join(dir.path, 'calibration.sqlite'));
    const t0 = performance.now();
    const [code] = await calibration.exited;
    const calibrationMs = performance.now() - t0;
    let spanMs = calibrationMs;
    expect(code, calibration.output()).toBe(0);

    const tally = { kills: 0, finishedBeforeKill: 0, integrityOk: 0, mixed: 0, nextRoundCompleted: 0, delays: [] as number[] };
    let n = 0;
    // Until KILLS rounds were really killed mid-way (a round that ends before its kill is checked too).
    for (; tally.kills < KILLS && n < KILLS * 3; n++) {
      const target = n % 2 === 0 ? FAR_REVISION : 0;
      demo.setRevision(target);
      const before = n === 0 ? new Map() : fingerprints(file);
      const run = await startChild(file);
      const delay = Math.random() * spanMs * 0.9;
      const started = performance.now();
      tally.delays.push(delay);
      await Promise.race([new Promise((resolve) => setTimeout(resolve, delay)), run.exited]);
      if (run.child.exitCode === null && run.child.signalCode === null) {
        run.child.kill('SIGKILL');
        tally.kills++;
      } else {
        tally.finishedBeforeKill++;
        // Rounds run faster than the calibration on a quieter machine: aim within the faster ones.
        spanMs = Math.min(spanMs, performance.now() - started);
      }
      await run.exited;

      const db = openMirror(file);
      const check = db.pragma('integrity_check', { simple: true });
      db.close();
      expect(check).toBe('ok');
      tally.integrityOk++;
      const now = fingerprints(file);
      await roundInProcess(file, target);
      const completed = fingerprints(file);
      const mixed = mixedDatasets(now, before, completed);
      if (mixed.length) tally.mixed++;
      expect(mixed, `kill ${n} after ${Math.round(delay)} ms`).toEqual([]);

      const lists = (f: Fingerprints) => new Map([...f].filter(([key]) => !key.startsWith('history@')));
      expect(mixedDatasets(lists(completed), lists(truth.get(target)!), lists(truth.get(target)!))).toEqual([]);
      for (const [key, fresh] of truth.get(target)!) if (key.startsWith('history@')) expect(completed.get(key)?.rows ?? 0).toBeGreaterThanOrEqual(fresh.rows);
      tally.nextRoundCompleted++;
    }
    recordFigures('kills', {
      attempts: n,
      kills: tally.kills,
      finishedBeforeKill: tally.finishedBeforeKill,
      integrityOk: tally.integrityOk,
      datasetsMixed: tally.mixed,
      nextRoundCompleted: tally.nextRoundCompleted,
      roundSpanMs: Math.round(calibrationMs),
      killWindowMs: Math.round(spanMs),
      datasets: truth.get(0)!.size,
      rowsAtRevision0: [...truth.get(0)!.values()].reduce((a, b) => a + b.rows, 0),
    });
    expect(tally.kills).toBe(KILLS);
  }, KILLS * 20_000 + 60_000);

  it(`${FILL_KILLS} kills of a first sync that fills the file: the file left is whole, or marked and thrown away, and the next round completes`, async () => {
    demo.setRevision(0);
    const calibration = await startChild(path.join(dir.path, 'fill-calibration.sqlite'), 'fill');
    const t0 = performance.now();
    const [code] = await calibration.exited;
    expect(code, calibration.output()).toBe(0);
    expect(calibration.output()).toContain('ready filling');
    const spanMs = performance.now() - t0;
    const tally = { kills: 0, markedAndDiscarded: 0, whole: 0 };
    // history is a log kept by age (see the test above): the lists are what must equal the truth
    const lists = (f: Fingerprints) => new Map([...f].filter(([key]) => !key.startsWith('history@')));
    const truthLists = lists(truth.get(0)!);
    for (let n = 0; tally.kills < FILL_KILLS && n < FILL_KILLS * 3; n++) {
      const file = path.join(dir.path, `fill-${n}.sqlite`);
      const run = await startChild(file, 'fill');
      await Promise.race([new Promise((resolve) => setTimeout(resolve, Math.random() * spanMs * 1.1)), run.exited]);
      if (run.child.exitCode === null && run.child.signalCode === null) {
        run.child.kill('SIGKILL');
        tally.kills++;
      }
      await run.exited;
      // what the mirror manager does at an open (mirror-manager.ts, openOrHeal)
      if (unfinishedFirstFill(file)) {
        discardUnfinishedFirstFill(file);
        tally.markedAndDiscarded++;
      } else {
        // no marker: the fill ended, every dataset in it, in WAL mode
        const db = openMirror(file, { readonly: true });
        expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        db.close();
        expect(mixedDatasets(lists(fingerprints(file)), truthLists, truthLists)).toEqual([]);
        tally.whole++;
      }
      await roundInProcess(file, 0);
      expect(mixedDatasets(lists(fingerprints(file)), truthLists, truthLists)).toEqual([]);
    }
    expect(tally.kills).toBe(FILL_KILLS);
    expect(tally.markedAndDiscarded).toBeGreaterThan(0);
  }, FILL_KILLS * 20_000 + 60_000);
});
