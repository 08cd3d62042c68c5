// Point 1, "a server clock hours off": tokens are issued by a server whose clock runs hours behind
// or ahead of the workstation's. The session must neither refresh in a loop nor sync with a dead
// token, and the round must complete.
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoServer, DEMO_PASSWORD, type DemoServer } from '../../electron/demo/index.ts';
import { until } from '../session/manual-clock.ts';
import { tempDir } from '../support/temp-dir.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { recordFigures } from './support/figures.ts';
import { createWorkstation, type Workstation } from './support/workstation.ts';

const HOURS = 3_600_000;
let dir: ReturnType<typeof tempDir>;
let demo: DemoServer;
let proxy: FaultProxy;
let ws: Workstation;
const figures: Record<string, unknown>[] = [];

afterEach(async () => {
  await ws?.close();
  await proxy?.close();
  await demo?.close();
  dir?.remove();
  recordFigures('server-clock', { cases: figures });
});

const refreshes = () => proxy.log.filter((e) => e.path.endsWith('/user/session/refresh')).length;

describe('a server clock hours off (point 1)', () => {
  for (const offsetHours of [-5, 5]) {
    it(`server ${Math.abs(offsetHours)} h ${offsetHours < 0 ? 'behind' : 'ahead'}: one refresh per token life, and the round completes`, async () => {
      dir = tempDir('aisle-clock-');
      demo = await startDemoServer({ seed: 3, items: 100, facilities: 1, accounts: 1, historyDays: 2, rateLimit: 0, clockOffsetMs: offsetHours * HOURS });
      proxy = await startFaultProxy(demo.url);
      proxy.setClockOffset(offsetHours * HOURS);
      ws = createWorkstation({ dataDir: dir.path });
      await ws.signIn(proxy.url, 'solo@example.com', DEMO_PASSWORD);
      // The next refresh is due before the token's 15 minutes are over, not now and not in hours.
      const due = Math.min(...ws.sessionClock.pending());
      expect(due).toBeGreaterThan(60_000);
      expect(due).toBeLessThanOrEqual(15 * 60_000);
      // Ten minutes of the workstation's clock, a second at a time: no refresh yet.
      for (let s = 0; s < 600; s++) ws.sessionClock.advance(1_000);
      await until(() => ws.session.view().state === 'signed-in', 'signed in');
      const early = refreshes();
      const status = await ws.syncNow();
      expect(status.datasets.filter((d) => d.lastError !== null)).toEqual([]);
      figures.push({ offsetHours, firstRefreshDueMs: due, refreshesInTenMinutes: early });
      expect(early).toBe(0);
    });
  }
});
