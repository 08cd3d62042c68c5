// Point 6, second half: a fleet of workstations (session + mirror + sync, no UI) syncing against one
// demo server for ten minutes of simulated time. One manual clock drives every sync scheduler; a
// counting proxy stamps each request with that clock, so the server's requests and bytes per minute
// come out per simulated minute. The shift signs in over the first two minutes; the data changes
// once, at minute six.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, DEMO_PASSWORD, type DemoServer } from '../../electron/demo/index.ts';
import { ManualClock, until } from '../session/manual-clock.ts';
import { tempDir } from '../support/temp-dir.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { isFull, recordFigures } from './support/figures.ts';
import { createWorkstation, type Workstation } from './support/workstation.ts';

const WORKSTATIONS = Number(process.env.RELIABILITY_FLEET ?? (isFull ? 100 : 20));
const MINUTES = 10;
const SIGN_IN_SPREAD_MS = 2 * 60_000;
const CHANGE_AT_MINUTE = 6;

let dir: ReturnType<typeof tempDir>;
let demo: DemoServer;
let proxy: FaultProxy;
const clock = new ManualClock();
const sessionClock = new ManualClock();
const fleet: Workstation[] = [];
const roundStarts: { ws: number; at: number }[] = [];

beforeAll(async () => {
  dir = tempDir('aisle-fleet-');
  demo = await startDemoServer({ seed: 31, items: 300, facilities: 1, accounts: 2, historyDays: 2, rateLimit: 0 });
  proxy = await startFaultProxy(demo.url, { now: () => clock.now() });
  for (let n = 0; n < WORKSTATIONS; n++) {
    const ws = createWorkstation({ dataDir: path.join(dir.path, `ws-${n}`), syncClock: clock, sessionClock });
    ws.ctx.events.on('sync.status', (s) => {
      if (s.running && s.lastRoundStartedAt && roundStarts.at(-1)?.ws !== n) roundStarts.push({ ws: n, at: Date.parse(s.lastRoundStartedAt) });
    });
    fleet.push(ws);
  }
});
afterAll(async () => {
  for (const ws of fleet) await ws.close();
  await proxy?.close();
  await demo?.close();
  dir?.remove();
});

const running = () => fleet.filter((ws) => ws.lastStatus()?.running).length;
const idle = () => until(() => running() === 0 || null, 'the fleet to finish its rounds', 300_000);

/** Moves simulated time to `target`, letting every round that falls due run to its end on the way. */
async function runUntil(target: number) {
  for (;;) {
    const next = clock.pending()[0];
    if (next === undefined || clock.now() + next > target) break;
    clock.advance(Math.max(0, next));
    await idle();
  }
  clock.advance(Math.max(0, target - clock.now()));
}

describe(`a fleet of ${WORKSTATIONS} workstations, ${MINUTES} simulated minutes (point 6)`, () => {
  it('conditional requests and jitter keep the server’s load small and spread', { timeout: WORKSTATIONS * 6_000 + 120_000 }, async () => {
    const t0 = clock.now();
    for (let n = 0; n < WORKSTATIONS; n++) {
      await runUntil(t0 + Math.round((n * SIGN_IN_SPREAD_MS) / WORKSTATIONS));
      await fleet[n].signIn(proxy.url, n % 2 ? 'solo@example.com' : 'admin@example.com', DEMO_PASSWORD);
    }
    await runUntil(t0 + CHANGE_AT_MINUTE * 60_000);
    demo.setRevision(1);
    await runUntil(t0 + MINUTES * 60_000);
    await idle();

    const minutes = Array.from({ length: MINUTES }, (_, m) => ({ minute: m + 1, requests: 0, bytes: 0, status200: 0, status304: 0, other: 0, bytesWithout304: 0 }));
    const lastFull = new Map<string, number>();
    for (const entry of proxy.log) {
      if (!entry.path.startsWith('/v1/api/pub/')) continue;
      const m = Math.min(MINUTES - 1, Math.floor((entry.at - t0) / 60_000));
      const bucket = minutes[m];
      bucket.requests++;
      bucket.bytes += entry.bytesOut;
      if (entry.status === 200) {
        bucket.status200++;
        lastFull.set(entry.path, entry.bytesOut);
        bucket.bytesWithout304 += entry.bytesOut;
      } else if (entry.status === 304) {
        bucket.status304++;
        bucket.bytesWithout304 += lastFull.get(entry.path) ?? 0;
      } else bucket.other++;
    }
    const total = (key: keyof (typeof minutes)[number]) => minutes.reduce((a, b) => a + (b[key] as number), 0);
    const rounds = fleet.reduce((a, ws) => a + ws.rounds(), 0);
    const steady = minutes.slice(3, CHANGE_AT_MINUTE); // after the sign-ins, before the change
    // Jitter: the most rounds that start within any ten simulated seconds after the sign-ins.
    const starts = [...new Map(roundStarts.map((r) => [`${r.ws}@${r.at}`, r.at])).values()].filter((at) => at >= t0 + SIGN_IN_SPREAD_MS).sort((a, b) => a - b);
    let crowd = 0;
    for (let i = 0, j = 0; i < starts.length; i++) {
      while (starts[i] - starts[j] >= 10_000) j++;
      crowd = Math.max(crowd, i - j + 1);
    }
    const steadyBytes = steady.reduce((a, b) => a + b.bytes, 0);
    const steadyWithout = steady.reduce((a, b) => a + b.bytesWithout304, 0);
    const errors = fleet.flatMap((ws) => (ws.lastStatus()?.datasets ?? []).filter((d) => d.lastError !== null).map((d) => `${d.key}: ${d.lastError!.message}`));
    recordFigures('fleet', {
      workstations: WORKSTATIONS,
      simulatedMinutes: MINUTES,
      syncIntervalMinutes: 5,
      signInSpreadMinutes: SIGN_IN_SPREAD_MS / 60_000,
      changeAtMinute: CHANGE_AT_MINUTE,
      rounds,
      perMinute: minutes,
      totalRequests: total('requests'),
      totalBytes: total('bytes'),
      totalBytesWithout304: total('bytesWithout304'),
      share304: total('status304') / Math.max(1, total('requests')),
      steadyRequestsPerMinute: Math.round(steady.reduce((a, b) => a + b.requests, 0) / Math.max(1, steady.length)),
      steadyBytesPerMinute: Math.round(steady.reduce((a, b) => a + b.bytes, 0) / Math.max(1, steady.length)),
      peakRequestsPerMinute: Math.max(...minutes.map((b) => b.requests)),
      roundsAfterSignIns: starts.length,
      mostRoundsStartingInTenSeconds: crowd,
      steadyBytesWithout304: steadyWithout,
      lastRoundErrors: errors.length,
    });

    expect(errors).toEqual([]);
    expect(fleet.every((ws) => ws.rounds() >= 2)).toBe(true);
    expect(total('other')).toBe(0);
    // Once every mirror is full, rounds are mostly conditional answers with no body.
    expect(steady.reduce((a, b) => a + b.status304, 0)).toBeGreaterThan(steady.reduce((a, b) => a + b.status200, 0) * 5);
    expect(steadyBytes, 'unchanged data costs the server no bodies').toBeLessThan(steadyWithout * 0.05);
    expect(crowd, 'rounds do not start in step').toBeLessThanOrEqual(Math.max(8, Math.ceil(WORKSTATIONS * 0.25)));
  });
});
