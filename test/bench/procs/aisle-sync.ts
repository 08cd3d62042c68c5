// One Aisle sync round, through the core exactly as the CLI and the app run it (sign-in, then the
// sync service's worker), in its own process: its wall time and this process's peak memory.
//   node test/bench/procs/aisle-sync.ts <server url> <license id> <data dir> <label>
import type { SyncProgress, SyncStatus } from '../../../electron/contract/types.ts';
import { createNodeCore } from '../../../electron/hosts/node-core.ts';
import { peakRssMb, printResult } from '../support/child.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../support/demo-client.ts';

const [url, licenseId, dataDir, label] = process.argv.slice(2);
const core = createNodeCore({ host: 'cli', dataDir, overrides: { autoSync: false } });
try {
  const signedIn = await core.handlers['session.signIn']({ server: url, email: DEMO_EMAIL, password: DEMO_PASSWORD, rememberMe: false, licenseId });
  if (signedIn.status !== 'signed-in') throw new Error(`sign-in did not finish: ${signedIn.status}`);
  const progress: SyncProgress[] = [];
  core.events.on('sync.progress', (p) => {
    if (p.phase === 'done' || p.phase === 'unchanged' || p.phase === 'held' || p.phase === 'error') progress.push(p);
  });
  const ended = new Promise<SyncStatus>((resolve) => {
    const off = core.events.on('sync.status', (s) => {
      if (!s.running && s.lastRoundFinishedAt !== null) {
        off();
        resolve(s);
      }
    });
  });
  const started = performance.now();
  if (!(await core.handlers['sync.now']({})).started) throw new Error('a round was already running');
  const status = await ended;
  const seconds = (performance.now() - started) / 1000;
  const failed = progress.filter((p) => p.phase === 'error' || p.phase === 'held');
  if (failed.length) throw new Error(`${failed.length} datasets failed: ${failed.map((p) => `${p.key} ${p.phase} ${p.error?.message ?? ''}`).join('; ')}`);
  printResult({
    bench: 'aisle-sync',
    label,
    seconds,
    datasets: progress.length,
    changed: progress.filter((p) => p.phase === 'done').length,
    unchanged: progress.filter((p) => p.phase === 'unchanged').length,
    rows: status.datasets.reduce((sum, d) => sum + d.rows, 0),
    bytes: progress.reduce((sum, p) => sum + (p.bytes ?? 0), 0),
    peakRssMb: peakRssMb(),
  });
  await core.handlers['session.signOut']({});
} finally {
  await core.close();
}
