// Aisle's sync rounds, through the core exactly as the CLI and the app run them (sign-in, then the
// sync service's worker), in one process: the wall time of each round and this process's peak
// memory (main thread + worker) after it. Before every round but the first it asks the runner over
// IPC (`before`), which may switch the demo server's data, and waits for `go`. A round labelled
// `whole-check` reads every facility's stock whole (stockFullCheckMinutes 0), as happens at least hourly.
//   node test/bench/procs/aisle-sync.ts <server url> <license id> <data dir> <label,label,…>
import type { SyncProgress, SyncStatus } from '../../../electron/contract/types.ts';
import { createNodeCore } from '../../../electron/hosts/node-core.ts';
import { peakRssMb, printResult } from '../support/child.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../support/demo-client.ts';

const [url, licenseId, dataDir, labels] = process.argv.slice(2);
const core = createNodeCore({ host: 'cli', dataDir, overrides: { autoSync: false } });

function askRunner(label: string): Promise<void> {
  return new Promise((resolve) => {
    process.once('message', () => resolve());
    process.send!({ type: 'before', label });
  });
}

/** A round that reports no progress for this long is called hung: the runner records it and moves on. */
const STALL_MS = 180_000;

async function round(label: string): Promise<void> {
  const progress: SyncProgress[] = [];
  let last = { at: performance.now(), what: 'the round started' };
  const stall = setInterval(() => {
    if (performance.now() - last.at < STALL_MS) return;
    printResult({ bench: 'aisle-sync', label, error: `${label} round hung: no progress event for ${STALL_MS / 1000} s after ${last.what} (${progress.length} datasets finished)` });
    process.exit(3);
  }, 5_000);
  let committed = 0;
  const offProgress = core.events.on('sync.progress', (p) => {
    last = { at: performance.now(), what: `${p.key} ${p.phase} (${p.rows} rows)` };
    if (p.phase === 'done' || p.phase === 'unchanged' || p.phase === 'held' || p.phase === 'error') {
      progress.push(p);
      committed = performance.now();
    }
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
  offProgress();
  clearInterval(stall);
  // A held snapshot (one that would delete most of a dataset) is the app's guard working, not a failure.
  const failed = progress.filter((p) => p.phase === 'error');
  if (failed.length) throw new Error(`${failed.length} datasets failed: ${failed.map((p) => `${p.key} ${p.phase} ${p.error?.message ?? ''}`).join('; ')}`);
  printResult({
    bench: 'aisle-sync',
    label,
    seconds,
    // the last dataset committed (searchable, dated); after it the round copies its WAL into the file
    committedSeconds: (committed - started) / 1000,
    datasets: progress.length,
    changed: progress.filter((p) => p.phase === 'done').length,
    held: progress.filter((p) => p.phase === 'held').map((p) => p.key),
    rows: status.datasets.reduce((sum, d) => sum + d.rows, 0),
    bytes: progress.reduce((sum, p) => sum + (p.bytes ?? 0), 0),
    stockBytes: progress.filter((p) => p.list === 'inventory').reduce((sum, p) => sum + (p.bytes ?? 0), 0),
    peakRssMb: peakRssMb(),
  });
}

try {
  const signedIn = await core.handlers['session.signIn']({ server: url, email: DEMO_EMAIL, password: DEMO_PASSWORD, rememberMe: false, licenseId });
  if (signedIn.status !== 'signed-in') throw new Error(`sign-in did not finish: ${signedIn.status}`);
  for (const [i, label] of labels.split(',').entries()) {
    if (i > 0) await askRunner(label);
    if (label === 'whole-check') await core.handlers['settings.set']({ stockFullCheckMinutes: 0 });
    await round(label);
  }
  await core.handlers['session.signOut']({});
} finally {
  await core.close();
  process.disconnect?.();
}
