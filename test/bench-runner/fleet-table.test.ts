// The fleet table's arithmetic (test/bench/support/fleet-table.ts): per-round means, the delta
// ratio over every dataset's changes, the largest memory, and /proc's fields read where they are.
import { describe, expect, it } from 'vitest';
import { costBetween, cpuTicksOfStat, fleetRow, parentOfStat, privateMbOfStatus, renderFleetTable, rssMbOfStatus, type RoundSample } from '../bench/support/fleet-table.ts';

const MB = 1024 * 1024;

function sample(partial: Partial<RoundSample>): RoundSample {
  return { upstreamRequests: 0, upstreamAuthRequests: 0, upstreamBytes: 0, lanBytesPerSeat: [0], deltas: [], relay: { cpuSeconds: 0, rssMb: 0, privateMb: 0, privatePeakMb: 0 }, nginx: { cpuSeconds: 0, rssMb: 0, privateMb: 0, privatePeakMb: 0 }, ...partial };
}

describe('the fleet table', () => {
  it('averages per round and per seat, weighs the delta ratio by every dataset, and keeps the largest memory', () => {
    const row = fleetRow(3, [
      sample({ upstreamRequests: 30, upstreamAuthRequests: 4, upstreamBytes: 2 * MB, lanBytesPerSeat: [MB, MB, 4 * MB], deltas: [{ bytes: 1200, elements: 10, averageRowBytes: 100 }], relay: { cpuSeconds: 1, rssMb: 200, privateMb: 120, privatePeakMb: 900 }, nginx: { cpuSeconds: 0.2, rssMb: 10, privateMb: 5, privatePeakMb: 6 } }),
      sample({ upstreamRequests: 34, upstreamAuthRequests: 0, upstreamBytes: 4 * MB, lanBytesPerSeat: [0, 0, 3 * MB], deltas: [{ bytes: 300, elements: 2, averageRowBytes: 100 }, { bytes: 0, elements: 0, averageRowBytes: 500 }], relay: { cpuSeconds: 3, rssMb: 150, privateMb: 130, privatePeakMb: 950 }, nginx: { cpuSeconds: 0.4, rssMb: 12, privateMb: 5, privatePeakMb: 6 } }),
    ]);
    expect(row).toEqual({
      seats: 3,
      rounds: 2,
      upstreamRequestsPerRound: 32,
      upstreamAuthRequestsPerRound: 2,
      upstreamMbPerRound: 3,
      // (2 MB + 1 MB) / 2
      lanMbPerSeat: 1.5,
      // (1200 + 300) / ((10 + 2) × 100)
      deltaRatio: 1.25,
      relayCpuSecondsPerRound: 2,
      relayRssMb: 200,
      relayPrivateMb: 130,
      relayPrivatePeakMb: 950,
      nginxCpuSecondsPerRound: expect.closeTo(0.3, 10),
      nginxRssMb: 12,
    });
    expect(fleetRow(1, [sample({})]).deltaRatio).toBe(0);
    expect(() => fleetRow(1, [])).toThrow(/no round was measured with 1 seats/);
  });

  it('prints a Markdown row per number of seats', () => {
    const table = renderFleetTable([fleetRow(1, [sample({ upstreamRequests: 5, upstreamAuthRequests: 400, lanBytesPerSeat: [MB / 2] })]), fleetRow(200, [sample({ upstreamRequests: 5 })])]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('| seats | upstream data requests / round | upstream auth requests / round | upstream MB / round | LAN MB / seat | delta / (rows × avg row) | relay CPU s / round | relay RSS MB | relay private MB (end / peak) | nginx CPU s / round | nginx RSS MB |');
    expect(lines[2]).toBe('| 1 | 5.0 | 400.0 | 0.00 | 0.500 | 0.00 | 0.00 | 0 | 0 / 0 | 0.00 | 0 |');
    expect(lines[3].startsWith('| 200 | 5.0 | 0.0 |')).toBe(true);
  });

  it("reads /proc's CPU ticks, parent and resident memory, a command with spaces and parentheses included", () => {
    const stat = '4242 (node (relay) x) S 4200 4242 4242 0 -1 4194304 5000 0 0 0 731 269 0 0 20 0 11 0 123456 1000000 25000';
    expect(cpuTicksOfStat(stat)).toBe(1000);
    expect(parentOfStat(stat)).toBe(4200);
    expect(rssMbOfStatus('Name:\tnode\nVmHWM:\t  300000 kB\nVmRSS:\t  204800 kB\nThreads:\t11\n')).toBe(200);
    expect(privateMbOfStatus('Name:\tnode\nVmRSS:\t  307200 kB\nRssAnon:\t  102400 kB\nRssFile:\t  204800 kB\n')).toBe(100);
    expect(rssMbOfStatus('Name:\tzombie\nState:\tZ (zombie)\n')).toBe(0);
    expect(costBetween({ ticks: 1000 }, { ticks: 1250, rssMb: 64, privateMb: 40 }, 90, 100)).toEqual({ cpuSeconds: 2.5, rssMb: 64, privateMb: 40, privatePeakMb: 90 });
    // a peak the samples missed is at least what the round ended with
    expect(costBetween({ ticks: 0 }, { ticks: 0, rssMb: 64, privateMb: 40 }, 0, 100).privatePeakMb).toBe(40);
  });
});
