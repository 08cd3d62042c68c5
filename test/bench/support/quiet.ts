// Before a round of lookups: wait until the machine is quiet, so that no round is timed while
// another process is still busy (a browser compacting its store after a load, a child exiting).
// Read from /proc/stat: every core's busy time, time taken by the hypervisor (steal) included.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';

function busyAndTotal(): [busy: number, total: number] {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const [, , , idle, iowait] = ticks;
  const total = ticks.reduce((sum, t) => sum + t, 0);
  return [total - idle - iowait, total];
}

/**
 * Resolves true once a window of `windowMs` kept the cores busy less than `cores` of one core in
 * all; false when that did not happen within `maxMs` (the round is timed anyway, and says so).
 */
export async function machineQuiet({ windowMs = 500, cores = 0.2, maxMs = 20_000 } = {}): Promise<boolean> {
  const until = Date.now() + maxMs;
  while (Date.now() < until) {
    const [busy0, total0] = busyAndTotal();
    await delay(windowMs);
    const [busy1, total1] = busyAndTotal();
    if (total1 > total0 && ((busy1 - busy0) / (total1 - total0)) * availableParallelism() < cores) return true;
  }
  return false;
}
