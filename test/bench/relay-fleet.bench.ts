// The site relay's fleet: a private PostgreSQL and nginx, `aisle relay` and the demo server each in
// their own process, the demo behind a counting proxy. For 1, 50 and 200 simulated seats (each its
// own token, fetching the catalog and the changes as a workstation does) plus two real Aisle cores
// synced through nginx, each round steps the demo to its next revision, lets the relay read it, and
// brings every seat forward. A third real core syncs each revision straight from the demo server (not
// through the counting proxy), and each round holds the two seats' mirrors to its mirror: the same
// datasets, rows and content hashes. Prints the fleet table (support/fleet-table.ts): upstream data and auth
// requests and MB per round, LAN MB per seat, delta bytes against (changed + deleted rows × average row), relay
// and nginx CPU and memory per round (from /proc/<pid>/stat and status).
//   node test/bench/relay-fleet.bench.ts [--quick] [--items=N] [--seats=1,50,200] [--rounds=N]
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { gunzipSync } from 'node:zlib';
import { createAuthApi } from '../../electron/core/api/auth-api.ts';
import { mirrorFileOf } from '../../electron/core/entrances/mirror-files.ts';
import { JsonArraySplitter } from '../../electron/core/sync/json-array-splitter.ts';
import { signInForCli } from '../../electron/hosts/cli/sign-in.ts';
import { createNodeCore, type NodeCore } from '../../electron/hosts/node-core.ts';
import { startFaultProxy, type FaultProxy } from '../reliability/support/fault-proxy.ts';
import { startTestNginx, type TestNginx } from '../support/relay/nginx.ts';
import { startTestPostgres, type TestPostgres } from '../support/relay/postgres.ts';
import { syncRound } from '../support/sync-round.ts';
import { compareMirrors, describeComparison, mirrorsEqual } from './support/mirror-compare.ts';
import { costBetween, cpuTicksOfStat, fleetRow, parentOfStat, privateMbOfStatus, renderFleetTable, rssMbOfStatus, type DeltaSample, type FleetRow, type RoundSample } from './support/fleet-table.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string | undefined]));
const quick = args.has('quick');
const ITEMS = Number(args.get('items') ?? (quick ? 5_000 : 1_000_000));
const SEATS = (args.get('seats') ?? (quick ? '1,5' : '1,50,200')).split(',').map(Number);
const ROUNDS = Number(args.get('rounds') ?? (quick ? 1 : 2));
const PASSWORD = 'demo1234';
const EMAIL = 'demo@example.com';
const report = (name: string, value: number, unit: string) => process.stdout.write(`BENCH ${JSON.stringify({ name, value, unit })}\n`);
const log = (line: string) => process.stderr.write(`${line}\n`);
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** A child process that prints `URL <url>` when ready and answers stdin commands with one line each. */
function lineProcess(child: ChildProcess): { first: Promise<string>; next(): Promise<string> } {
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => String((await lines.next()).value ?? '');
  return { first: next(), next };
}

/** The warehouse server's auth operations (sign-in, refresh, a token's session and user): a seat's token check is two of them. */
const isAuthPath = (p: string) => p.startsWith('/v1/auth/');

/** A process and its descendants (nginx's workers; the relay's sync worker is a thread of its own process). */
function familyOf(root: number): { pids: Set<number>; stats: Map<number, string> } {
  const stats = new Map<number, string>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      stats.set(Number(name), readFileSync(`/proc/${name}/stat`, 'utf8'));
    } catch {
      // gone meanwhile
    }
  }
  const pids = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, stat] of stats) {
      if (!pids.has(pid) && pids.has(parentOfStat(stat))) {
        pids.add(pid);
        grew = true;
      }
    }
  }
  return { pids, stats };
}

/** A process family's CPU ticks, resident MB and private MB (RssAnon, fleet-table.ts says why). */
function sampleFamily(root: number): { ticks: number; rssMb: number; privateMb: number } {
  const { pids, stats } = familyOf(root);
  let ticks = 0;
  let rssMb = 0;
  let privateMb = 0;
  for (const pid of pids) {
    const stat = stats.get(pid);
    if (!stat) continue;
    ticks += cpuTicksOfStat(stat);
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      rssMb += rssMbOfStatus(status);
      privateMb += privateMbOfStatus(status);
    } catch {
      // gone meanwhile
    }
  }
  return { ticks, rssMb, privateMb };
}

/**
 * The most private memory a process family holds until `stop`, sampled four times a second (Linux
 * keeps a peak of resident memory only, which counts mapped files' pages too).
 */
function watchPrivatePeak(root: number): { stop(): number } {
  const { pids } = familyOf(root);
  let peak = 0;
  const sample = () => {
    let sum = 0;
    for (const pid of pids) {
      try {
        sum += privateMbOfStatus(readFileSync(`/proc/${pid}/status`, 'utf8'));
      } catch {
        // gone meanwhile
      }
    }
    peak = Math.max(peak, sum);
  };
  sample();
  const timer = setInterval(sample, 250);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

interface CatalogEntry {
  key: string;
  license: string;
  generation: number;
  horizon: number;
}

/**
 * A GET through nginx as a seat sends it (gzip accepted): the bytes as they crossed the LAN, and the
 * body unpacked; with `unpack` false only counted (its first bytes kept for an error), since 200 seats
 * each holding a whole dataset of 1,000,000 items at once would take tens of gigabytes. A kept-alive
 * connection that nginx closes just as the next request is written fails with EPIPE or ECONNRESET; a
 * GET is asked again on a new one, as an HTTP client does.
 */
async function seatGet(base: string, token: string, p: string, unpack = true): Promise<{ wire: number; body: Buffer }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await seatGetOnce(base, token, p, unpack);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt >= 3 || (code !== 'EPIPE' && code !== 'ECONNRESET')) throw error;
    }
  }
}

function seatGetOnce(base: string, token: string, p: string, unpack: boolean): Promise<{ wire: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(p, base), { headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      let wire = 0;
      res.on('data', (c: Buffer) => {
        wire += c.length;
        if (unpack || chunks.length === 0) chunks.push(c);
      });
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        if (res.statusCode !== 200) return reject(new Error(`GET ${p} answered ${res.statusCode}: ${raw.toString('utf8').slice(0, 200)}`));
        if (!unpack) return resolve({ wire, body: Buffer.alloc(0) });
        resolve({ wire, body: res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** A lightweight seat: its token and the generation it holds of each dataset. */
interface Seat {
  token: string;
  held: Map<string, number>;
}

/**
 * Brings a seat forward: the catalog, then per dataset its changes (or the dataset whole). Answers the
 * LAN bytes. Only the seat given `measure` unpacks and reads its answers (the average row of each
 * whole dataset, the changes answers' sizes): every other seat's answer is the same bytes, and 200
 * seats each holding a parsed dataset would measure this process's memory, not the relay.
 */
async function seatRound(base: string, seat: Seat, measure?: { averageRow: Map<string, number>; deltas?: DeltaSample[] }): Promise<number> {
  const catalog = await seatGet(base, seat.token, '/relay/v1/catalog');
  let wire = catalog.wire;
  for (const e of (JSON.parse(catalog.body.toString('utf8')) as { datasets: CatalogEntry[] }).datasets) {
    const held = seat.held.get(e.key) ?? 0;
    if (held === e.generation) continue;
    const byChanges = held > 0 && held >= e.horizon;
    const at = `${encodeURIComponent(e.license)}/${encodeURIComponent(e.key)}`;
    const answer = await seatGet(base, seat.token, byChanges ? `/relay/v1/changes/${at}/${held}/${e.generation}` : `/relay/v1/whole/${at}/${e.generation}`, measure !== undefined);
    wire += answer.wire;
    seat.held.set(e.key, e.generation);
    if (!measure) continue;
    // element by element: a whole dataset of 1,000,000 items is longer than one string may be
    let elements = 0;
    let records = 0;
    let recordChars = 0;
    const splitter = new JsonArraySplitter();
    splitter.push(answer.body, (bytes) => {
      elements++;
      const x = JSON.parse(bytes.toString('utf8')) as { record?: unknown };
      if (x.record === undefined) return;
      records++;
      recordChars += JSON.stringify(x.record).length;
    });
    if (!byChanges) {
      measure.averageRow.set(e.key, records ? recordChars / records : 0);
    } else if (measure.deltas) {
      measure.deltas.push({ bytes: answer.body.length, elements, averageRowBytes: measure.averageRow.get(e.key) ?? 0 });
    }
  }
  return wire;
}

/** One round of a real core, as the app's Sync now runs it; a dataset that failed is logged with its error. */
async function coreRound(core: NodeCore, name: string): Promise<void> {
  await syncRound(core);
  const status = await core.handlers['sync.status']({});
  for (const d of status.datasets) if (d.lastError) log(`${name}: ${d.key} failed: ${d.lastError.message}`);
}

const work = mkdtempSync(path.join(tmpdir(), 'aisle-fleet-bench-'));
let postgres: TestPostgres | null = null;
let demo: ChildProcess | null = null;
let relay: ChildProcess | null = null;
let proxy: FaultProxy | null = null;
let nginx: TestNginx | null = null;
const cores: NodeCore[] = [];
let direct: NodeCore | null = null;
try {
  postgres = await startTestPostgres();
  demo = spawn(process.execPath, [path.join(import.meta.dirname, 'demo-process.ts'), `--items=${ITEMS}`, '--accounts=1', '--facilities=1'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const demoLines = lineProcess(demo);
  const demoUrl = (await demoLines.first).replace(/^URL /, '');
  proxy = await startFaultProxy(demoUrl);
  const license = (await createAuthApi({ baseUrl: demoUrl }).licenses({ email: EMAIL, password: PASSWORD })).find((l) => l.enabled)!.id;
  const config = { server: proxy.url, postgres: postgres.url, listen: { host: '127.0.0.1', port: 0 }, dataDir: path.join(work, 'relay'), intervalMinutes: 60, scopes: [{ name: 'site', email: EMAIL, license, passwordEnv: 'RELAY_BENCH_PASSWORD' }] };
  relay = spawn(process.execPath, [path.join(import.meta.dirname, 'procs/relay.ts'), JSON.stringify(config)], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, RELAY_BENCH_PASSWORD: PASSWORD } });
  const relayLines = lineProcess(relay);
  const relayUrl = (await relayLines.first).replace(/^URL /, '');
  nginx = await startTestNginx({ relays: [relayUrl], vendor: proxy.url });
  const poll = async () => {
    relay!.stdin!.write('poll\n');
    const answer = await relayLines.next();
    if (!answer.includes('"polled"')) throw new Error(`the relay did not poll: ${answer}`);
  };
  let revision = 0;
  const nextRevision = async () => {
    demo!.stdin!.write(`revision ${++revision}\n`);
    await demoLines.next();
  };
  const today = () => new Date().toISOString().slice(0, 10);
  const firstPoll = performance.now();
  const firstRound = { startedAt: new Date().toISOString(), readOn: today() };
  await poll();
  log(`relay: first reading of ${ITEMS.toLocaleString('en-US')} items in ${((performance.now() - firstPoll) / 1000).toFixed(1)} s`);

  // two real cores, signed in at nginx's address with the siteRelay setting
  const seatFiles: string[] = [];
  for (const name of ['core-a', 'core-b']) {
    const dataDir = path.join(work, name);
    const core = createNodeCore({ host: 'cli', dataDir, overrides: { autoSync: false, idleLock: false } });
    cores.push(core);
    await core.handlers['settings.set']({ siteRelay: true });
    const view = await signInForCli(core.handlers, { server: nginx.url, email: EMAIL, password: PASSWORD, licenseId: license });
    seatFiles.push(mirrorFileOf(dataDir, { server: view.server!, email: view.email!, licenseId: view.licenseId! }));
    await coreRound(core, name);
  }

  const auth = createAuthApi({ baseUrl: nginx.url });

  // a workstation reading the demo server itself, each revision the relay reads: a history log keeps
  // the events it read, so only a mirror read round after round holds what a seat holds
  const directDir = path.join(work, 'direct');
  direct = createNodeCore({ host: 'cli', dataDir: directDir, overrides: { autoSync: false, idleLock: false } });
  const directView = await signInForCli(direct.handlers, { server: demoUrl, email: EMAIL, password: PASSWORD, licenseId: license });
  const directFile = mirrorFileOf(directDir, { server: directView.server!, email: directView.email!, licenseId: directView.licenseId! });
  let compared = 0;
  /**
   * Brings the direct workstation to this revision and holds each seat's mirror to it, dataset by
   * dataset, where both read this revision whole. Left out, and said: a dataset the relay did not read
   * in its last round (a reading that failed keeps the last generation, and the relay's log says why;
   * its catalog's readAt is then older than the round), one the direct workstation failed to read, and
   * the history logs when the day turned between the two readings (the history window starts at a
   * midnight, UTC, so the two would hold different days).
   */
  const checkSeats = async (relayRound: { startedAt: string; readOn: string }) => {
    await coreRound(direct!, 'direct');
    const directFailed = new Set((await direct!.handlers['sync.status']({})).datasets.filter((d) => d.lastError).map((d) => d.key));
    const checker = (await auth.openSession({ email: EMAIL, password: PASSWORD, licenseId: license, locale: 'en_US' })).accessToken;
    const catalog = (JSON.parse((await seatGet(nginx!.url, checker, '/relay/v1/catalog')).body.toString('utf8')) as { datasets: (CatalogEntry & { readAt: string | null })[] }).datasets;
    const readThisRound = new Set(catalog.filter((e) => e.readAt !== null && e.readAt >= relayRound.startedAt).map((e) => e.key));
    const sameDay = relayRound.readOn === new Date().toISOString().slice(0, 10);
    const skip = (key: string) => !readThisRound.has(key) || directFailed.has(key) || (!sameDay && key.startsWith('history@'));
    for (const [i, file] of seatFiles.entries()) {
      const comparison = compareMirrors(directFile, file, skip);
      if (!mirrorsEqual(comparison)) throw new Error(`real seat ${i + 1}'s mirror is not the one synced straight from the server: ${describeComparison(comparison)}`);
      compared++;
      log(`real seat ${i + 1} = direct: ${describeComparison(comparison)}`);
    }
  };
  await checkSeats(firstRound);

  const rows: FleetRow[] = [];
  for (const count of SEATS) {
    const seats: Seat[] = [];
    for (let i = 0; i < count; i += 20) {
      const batch = await Promise.all(Array.from({ length: Math.min(20, count - i) }, () => auth.openSession({ email: EMAIL, password: PASSWORD, licenseId: license, locale: 'en_US' })));
      seats.push(...batch.map((s) => ({ token: s.accessToken, held: new Map<string, number>() })));
    }
    // each seat joins at the current generation (a whole reading; not a round)
    const averageRow = new Map<string, number>();
    const joining = watchPrivatePeak(relay.pid!);
    const joinedFrom = performance.now();
    await Promise.all(seats.map((seat, i) => seatRound(nginx!.url, seat, i === 0 ? { averageRow } : undefined)));
    const joinPeak = joining.stop();
    const joined = sampleFamily(relay.pid!);
    log(`${count} seats joined in ${((performance.now() - joinedFrom) / 1000).toFixed(1)} s: relay resident ${joined.rssMb.toFixed(0)} MB, private ${joined.privateMb.toFixed(0)} MB (at most ${joinPeak.toFixed(0)} MB while they joined)`);
    report(`relay fleet, ${count} seats joining (each dataset read whole): relay private memory peak`, joinPeak, 'MB');
    const samples: RoundSample[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await nextRevision();
      const upstreamFrom = proxy.log.length;
      const relayPeak = watchPrivatePeak(relay.pid!);
      const nginxPeak = watchPrivatePeak(nginx.pid);
      const relayBefore = sampleFamily(relay.pid!);
      const nginxBefore = sampleFamily(nginx.pid);
      const relayRound = { startedAt: new Date().toISOString(), readOn: today() };
      await poll();
      const deltas: DeltaSample[] = [];
      const lanBytesPerSeat = await Promise.all(seats.map((seat, i) => seatRound(nginx!.url, seat, i === 0 ? { averageRow, deltas } : undefined)));
      for (const [i, core] of cores.entries()) await coreRound(core, `core-${i ? 'b' : 'a'}`);
      const upstream = proxy.log.slice(upstreamFrom);
      const auth = upstream.filter((l) => isAuthPath(l.path));
      samples.push({
        upstreamRequests: upstream.length - auth.length,
        upstreamAuthRequests: auth.length,
        upstreamBytes: upstream.reduce((sum, l) => sum + l.bytesOut, 0),
        lanBytesPerSeat,
        deltas,
        relay: costBetween(relayBefore, sampleFamily(relay.pid!), relayPeak.stop(), TICKS_PER_SECOND),
        nginx: costBetween(nginxBefore, sampleFamily(nginx.pid), nginxPeak.stop(), TICKS_PER_SECOND),
      });
      await checkSeats(relayRound);
    }
    const row = fleetRow(count, samples);
    rows.push(row);
    log(`${count} seats (+2 real cores): ${row.upstreamRequestsPerRound} upstream data requests and ${row.upstreamAuthRequestsPerRound} auth requests, ${row.upstreamMbPerRound.toFixed(2)} MB upstream, ${row.lanMbPerSeat.toFixed(3)} MB per seat a round`);
    report(`relay fleet, ${count} seats + 2 cores: upstream data requests per round`, row.upstreamRequestsPerRound, 'requests');
    report(`relay fleet, ${count} seats + 2 cores: upstream auth requests per round`, row.upstreamAuthRequestsPerRound, 'requests');
    report(`relay fleet, ${count} seats + 2 cores: upstream MB per round`, row.upstreamMbPerRound, 'MB');
    report(`relay fleet, ${count} seats + 2 cores: LAN MB per seat per round`, row.lanMbPerSeat, 'MB');
    report(`relay fleet, ${count} seats + 2 cores: delta bytes / (changed + deleted rows × average row)`, row.deltaRatio, 'ratio');
    report(`relay fleet, ${count} seats + 2 cores: relay CPU per round`, row.relayCpuSecondsPerRound, 's');
    report(`relay fleet, ${count} seats + 2 cores: relay resident memory`, row.relayRssMb, 'MB');
    report(`relay fleet, ${count} seats + 2 cores: relay private memory at a round's end`, row.relayPrivateMb, 'MB');
    report(`relay fleet, ${count} seats + 2 cores: relay private memory peak in a round`, row.relayPrivatePeakMb, 'MB');
    report(`relay fleet, ${count} seats + 2 cores: nginx CPU per round`, row.nginxCpuSecondsPerRound, 's');
    report(`relay fleet, ${count} seats + 2 cores: nginx resident memory`, row.nginxRssMb, 'MB');
  }
  report('relay fleet: real seat mirrors equal to a direct mirror', compared, 'comparisons');
  log(`\nthe site relay's fleet, ${ITEMS.toLocaleString('en-US')} items, ${ROUNDS} round(s) each:\n${renderFleetTable(rows)}`);
} finally {
  for (const core of [...cores, direct]) await core?.close().catch(() => undefined);
  await nginx?.stop().catch(() => undefined);
  if (relay?.exitCode === null) {
    const ended = new Promise((resolve) => relay!.once('exit', resolve));
    relay.stdin!.write('exit\n');
    await ended;
  }
  await proxy?.close().catch(() => undefined);
  demo?.stdin?.write('exit\n');
  await postgres?.remove();
  rmSync(work, { recursive: true, force: true });
}
