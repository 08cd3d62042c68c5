// One size, every contender, on the same data: the demo server in its own process; Aisle's sync
// rounds; the floor; REST round trips; the naive cache; then the network goes: REST fails, and
// Aisle answers, in rounds alternating with Dexie's; then cold starts.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ask, forkNode, type ResidentMb, runNode, vmHwmMb } from '../support/child.ts';
import { bundleProc } from '../support/bundle-proc.ts';
import { signInForJwt, warmDemoServer, type DemoIds } from '../support/demo-client.ts';
import { type Agreement, type Answers, compareAnswers } from '../support/answers.ts';
import { drawKeys } from '../support/keys.ts';
import { machineQuiet } from '../support/quiet.ts';
import { distribution, type Distribution, type LookupTail, ofSamples, type Samples } from '../support/stats.ts';
import { runDexie, type DexieResult } from './dexie.ts';

const procs = fileURLToPath(new URL('../procs/', import.meta.url));
const proc = (name: string) => path.join(procs, name);

export interface SyncRun {
  label: string;
  seconds: number;
  /** Until its last dataset was committed (searchable and dated); the rest is the WAL copied into the file. Absent in runs saved before it was measured. */
  committedSeconds?: number;
  rows: number;
  bytes: number;
  /** Of `bytes`, the stock's (every facility's): read whole, or only the items that moved. */
  stockBytes: number;
  datasets: number;
  changed: number;
  /** Datasets whose new snapshot was held by the mass-deletion guard. */
  held?: string[];
  peakRssMb: number;
}

export interface FloorRun {
  records: number;
  bytes: number;
  downloadSeconds: number;
  parseSeconds: number;
  insertSeconds: number;
  peakRssMb: number;
}

export interface IngestRun {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  peakRssMb: number;
}

export interface SizeResult {
  items: number;
  runs: number;
  /** wholeCheck: a 1%-changed round that reads every facility's stock whole (as at least hourly). */
  sync: { first: SyncRun[]; noChange: SyncRun[]; changed: SyncRun[]; wholeCheck: SyncRun[] };
  floor: FloorRun[];
  /** Aisle's apply alone on the responses Dexie stores (procs/aisle-ingest.ts). */
  ingest: IngestRun[];
  serverPeakMb: number | null;
  /** Pooled over `rounds` runs of its lookups, alternating with Dexie's (rounds is absent in results saved before). */
  aisle: { rounds?: number; cases: Record<string, Distribution>; tails?: Record<string, LookupTail>; byRound?: Record<string, RoundFigures[]>; answered: number; asked: number; answers?: Answers; peakRssMb: number; resident?: ResidentMb };
  rest: { cases: Record<string, Distribution>; answers?: Answers; peakRssMb: number };
  restOffline: { asked: number; answered: number; error: string | null };
  naive: { loadSeconds: number; items: number; inventory: number; cases: Record<string, Distribution>; answers?: Answers; peakRssMb: number } | null;
  dexie: DexieResult | null;
  /** Per contender, per case: how many of its sampled answers were Aisle's (support/answers.ts). */
  agreement?: Record<string, Record<string, Agreement>>;
  coldStartMs: Distribution;
  coldStartPeakMb: number;
}

export interface SizeOptions {
  items: number;
  runs: number;
  keys: number;
  /** Dexie runs only up to this many items (its ingest at 1,000,000 takes minutes). */
  dexieMaxItems: number;
  naiveKeys: number;
  /** Rounds of Aisle's and Dexie's lookups, alternating. */
  lookupRounds: number;
  /** Keys of each word-search case Dexie is asked (each is a scan of the items). */
  dexieWordSamples: number;
  work: string;
  log: (line: string) => void;
}

/** Waits for a forked part's `{type: 'ready'}`. */
function whenReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`${child.spawnargs.join(' ')} exited (${code}) before it was ready`)));
  });
}

/** What one round of procs/aisle-lookup.ts reports (`answers` in the first round only). */
interface AisleLookupRun {
  samples: Record<string, Samples>;
  tails: Record<string, LookupTail>;
  answered: number;
  asked: number;
  answers: Answers;
  peakRssMb: number;
  resident: ResidentMb;
}

/** One case in one round of Aisle's lookups: the first round is the lookup process's first calls. */
export interface RoundFigures {
  p50: number;
  p99: number;
  minorFaults: number;
}

/** Rounds of Aisle's lookups as one: every call's time, tails and answered questions summed. */
function pooledRounds(rounds: AisleLookupRun[]): SizeResult['aisle'] {
  const names = Object.keys(rounds[0].samples);
  const sum = (name: string, field: keyof LookupTail) => rounds.reduce((total, r) => total + r.tails[name][field], 0);
  return {
    rounds: rounds.length,
    cases: Object.fromEntries(names.map((name) => [name, ofSamples(rounds.map((r) => r.samples[name]))])),
    tails: Object.fromEntries(
      names.map((name) => [name, { minorFaults: sum(name, 'minorFaults'), majorFaults: sum(name, 'majorFaults'), involuntarySwitches: sum(name, 'involuntarySwitches'), gcs: sum(name, 'gcs'), gcMs: sum(name, 'gcMs') }]),
    ),
    byRound: Object.fromEntries(
      names.map((name) => [name, rounds.map((r) => ({ p50: distribution(r.samples[name].wall).p50, p99: distribution(r.samples[name].wall).p99, minorFaults: r.tails[name].minorFaults }))]),
    ),
    answered: rounds.reduce((total, r) => total + r.answered, 0),
    asked: rounds.reduce((total, r) => total + r.asked, 0),
    answers: rounds[0].answers,
    peakRssMb: Math.max(...rounds.map((r) => r.peakRssMb)),
    resident: rounds.reduce((top, r) => (r.peakRssMb > top.peakRssMb ? r : top)).resident,
  };
}

function mirrorFileIn(dataDir: string): string {
  const folder = path.join(dataDir, 'mirrors');
  const files = readdirSync(folder).filter((f) => f.endsWith('.sqlite'));
  if (files.length !== 1) throw new Error(`expected one mirror in ${folder}, found ${files.length}`);
  return path.join(folder, files[0]);
}

export async function runSize(o: SizeOptions): Promise<SizeResult> {
  const log = (line: string) => o.log(`[${o.items.toLocaleString('en')} items] ${line}`);
  const server = forkNode(proc('demo-server.ts'), [String(o.items)]);
  const ready = await new Promise<{ url: string; ids: DemoIds }>((resolve, reject) => {
    server.once('message', resolve as (m: unknown) => void);
    server.once('exit', (code) => reject(new Error(`demo server exited (${code})`)));
  });
  const { url, ids } = ready;
  const license = ids.demoLicenses[0];
  try {
    const sync: SizeResult['sync'] = { first: [], noChange: [], changed: [], wholeCheck: [] };
    // the rounds run as the CLI ships them, compiled ahead: their peak memory is then the product's
    const syncProc = await bundleProc(proc('aisle-sync.ts'));
    let dataDir = '';
    for (let r = 0; r < o.runs; r++) {
      await ask(server, { type: 'revision', revision: 3 * r });
      await warmDemoServer(url, ids);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      dataDir = path.join(o.work, `aisle-${o.items}-${r}`);
      // A process per round (first sync, no change, then with the server one revision on, 1% changed,
      // its stock read in part; then one more revision on, the stock read whole, as at least hourly):
      // each round's peak memory is its own, and each pays for starting its sync worker, as after an app start.
      const results: (SyncRun & { error?: string })[] = [];
      for (const label of ['first', 'no-change', '1%-changed', 'whole-check']) {
        if (label === '1%-changed') await ask(server, { type: 'revision', revision: 3 * r + 1 });
        if (label === 'whole-check') await ask(server, { type: 'revision', revision: 3 * r + 2 });
        const run = await runNode<SyncRun & { error?: string }>(syncProc, [url, license, dataDir, label], { label: 'sync', anyExitCode: true });
        const failed = run.results.find((x) => x.error);
        if (failed || run.results.length !== 1) throw new Error(`Aisle sync ${label}, run ${r + 1}: ${failed?.error ?? `exit ${run.exitCode}, ${run.results.length} rounds reported`}`);
        results.push(run.results[0]);
      }
      const run = { results };
      const [first, noChange, changed, wholeCheck] = results;
      sync.first.push(first);
      sync.noChange.push(noChange);
      sync.changed.push(changed);
      sync.wholeCheck.push(wholeCheck);
      for (const x of run.results) log(`sync ${x.label} run ${r + 1}: ${x.seconds.toFixed(2)} s, ${x.rows} rows, ${x.changed}/${x.datasets} datasets changed, peak ${x.peakRssMb.toFixed(0)} MB`);
    }

    const responses = path.join(o.work, `responses-${o.items}`);
    const floor: FloorRun[] = [];
    for (let r = 0; r < o.runs; r++) {
      const run = await runNode<FloorRun>(proc('floor.ts'), [url, JSON.stringify(ids), responses], { label: 'floor' });
      floor.push(run.results[0]);
      log(`floor run ${r + 1}: download ${run.results[0].downloadSeconds.toFixed(2)} s, parse ${run.results[0].parseSeconds.toFixed(2)} s, insert ${run.results[0].insertSeconds.toFixed(2)} s`);
    }
    const ingest: IngestRun[] = [];
    for (let r = 0; r < o.runs; r++) {
      const run = (await runNode<IngestRun>(proc('aisle-ingest.ts'), [responses, path.join(o.work, `ingest-${o.items}`)], { label: 'aisle ingest' })).results[0];
      ingest.push(run);
      log(`Aisle ingest run ${r + 1}: ${run.rows} rows in ${run.seconds.toFixed(2)} s (${run.rowsPerSecond.toFixed(0)} rows/s)`);
    }

    const mirror = mirrorFileIn(dataDir);
    const keysFile = path.join(o.work, `keys-${o.items}.json`);
    const keys = drawKeys(mirror, o.keys);
    writeFileSync(keysFile, JSON.stringify(keys));
    const naiveKeysFile = path.join(o.work, `keys-naive-${o.items}.json`);
    writeFileSync(naiveKeysFile, JSON.stringify(drawKeys(mirror, o.naiveKeys)));

    const jwt = await signInForJwt(url, license);
    const rest = (await runNode<SizeResult['rest']>(proc('rest-lookup.ts'), [url, jwt, keysFile], { label: 'rest' })).results[0];
    log('REST round trips measured');
    const naive = (await runNode<NonNullable<SizeResult['naive']>>(proc('naive-cache.ts'), [responses, naiveKeysFile], { label: 'naive cache' })).results[0];
    log(`naive cache: load ${naive.loadSeconds.toFixed(2)} s, peak ${naive.peakRssMb.toFixed(0)} MB`);
    const serverPeakMb = vmHwmMb(server.pid!);
    await ask(server, { type: 'close' });
    log('demo server stopped: the network is gone');
    const restOffline = (await runNode<SizeResult['restOffline']>(proc('rest-lookup.ts'), [url, jwt, keysFile, '--offline'], { label: 'rest offline' })).results[0];

    // Aisle's lookups and Dexie's in alternate rounds (Aisle, Dexie, Aisle, Dexie, …), each started
    // on a quiet machine, their calls pooled: this machine's speed moves by a third from one minute
    // to the next, and lookups timed minutes apart would compare its moods rather than the stores.
    // One lookup process for all of Aisle's rounds, as the app keeps its mirror open (and as Dexie's
    // browser lives through all of its rounds); idle while Dexie's round runs.
    const lookups = forkNode(proc('aisle-lookup.ts'), [mirror, keysFile]);
    const aisleRounds: AisleLookupRun[] = [];
    let dexie: DexieResult | null = null;
    try {
      await whenReady(lookups);
      const aisleRound = async () => {
        const run = await ask<AisleLookupRun>(lookups, { type: 'round' });
        aisleRounds.push(run);
        log(`Aisle lookups, round ${aisleRounds.length}, p50 per case: ${Object.values(run.samples).map((x) => distribution(x.wall).p50.toFixed(3)).join(' / ')} ms`);
      };
      if (o.items <= o.dexieMaxItems) {
        dexie = await runDexie(responses, keys, { wordSamples: o.dexieWordSamples, rounds: o.lookupRounds, beforeRound: aisleRound, log });
        log(`Dexie: ${dexie.rows} rows in ${dexie.ingestSeconds.toFixed(1)} s (${dexie.rowsPerSecond.toFixed(0)} rows/s)`);
      } else {
        log(`Dexie skipped above ${o.dexieMaxItems.toLocaleString('en')} items`);
        for (let round = 0; round < o.lookupRounds; round++) {
          if (!(await machineQuiet())) log('the machine was not quiet before a round of Aisle\'s lookups');
          await aisleRound();
        }
      }
      await ask(lookups, { type: 'close' });
    } finally {
      lookups.kill();
    }
    const aisle = pooledRounds(aisleRounds);
    log(`offline: REST answered ${restOffline.answered}/${restOffline.asked} (${restOffline.error}), Aisle answered ${aisle.answered}/${aisle.asked} in ${aisleRounds.length} rounds`);
    const agreement: Record<string, Record<string, Agreement>> = {};
    if (aisle.answers) {
      if (rest.answers) agreement['REST on loopback'] = compareAnswers(mirror, keys, aisle.answers, rest.answers, true);
      if (dexie?.answers) agreement['Dexie (IndexedDB)'] = compareAnswers(mirror, keys, aisle.answers, dexie.answers);
      if (naive.answers) agreement['naive JSON cache'] = compareAnswers(mirror, keys, aisle.answers, naive.answers);
      for (const [who, cases] of Object.entries(agreement)) {
        for (const [name, a] of Object.entries(cases)) if (a.same < a.checked) log(`${who}, ${name}: ${a.same}/${a.checked} answers as Aisle's; ${a.example}`);
      }
    }

    const cold: number[] = [];
    let coldStartPeakMb = 0;
    for (let r = 0; r < Math.max(3, o.runs); r++) {
      const spawnedAt = Date.now();
      const run = await runNode<{ answeredAt: number; hits: number; peakRssMb: number }>(proc('aisle-cold-start.ts'), [mirror, keys.skus[r]], { label: 'cold start' });
      if (run.results[0].hits < 1) throw new Error('cold start found nothing');
      cold.push(run.results[0].answeredAt - spawnedAt);
      coldStartPeakMb = Math.max(coldStartPeakMb, run.results[0].peakRssMb);
    }
    log(`cold start to first answer: ${cold.map((ms) => ms.toFixed(0)).join(' / ')} ms`);
    rmSync(responses, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    return { items: o.items, runs: o.runs, sync, floor, ingest, serverPeakMb, aisle, rest, restOffline, naive, dexie, agreement, coldStartMs: distribution(cold), coldStartPeakMb };
  } finally {
    if (server.exitCode === null && server.connected) server.kill();
  }
}

export function ensureDir(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}
