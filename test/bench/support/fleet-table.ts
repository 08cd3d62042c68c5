// The site relay's fleet table: for each number of seats, what one round cost upstream (the
// warehouse server), on the LAN (nginx to the seats), and in the relay's and nginx's processes, and
// how close a seat's delta is to the rows that changed. Plain arithmetic on what the bench measured,
// so that a test can hold it (test/bench-runner/fleet-table.test.ts).

/** What one round measured: the relay's reading of the server, then every seat bringing itself forward. */
export interface RoundSample {
  /** Requests for data the relay made of the warehouse server in the round (lists, stock, history). */
  upstreamRequests: number;
  /**
   * Requests of the server's auth operations in the round: the relay checking each seat's token (kept
   * for at most five minutes: a round longer than that checks each seat again, two calls a seat) and its
   * own session. They grow with the seats and with time, not with the data.
   */
  upstreamAuthRequests: number;
  /** Bytes the warehouse server sent in the round. */
  upstreamBytes: number;
  /** Bytes nginx sent each simulated seat (as on the wire: gzip where the seat took it). */
  lanBytesPerSeat: number[];
  /** One seat's changes answers, unpacked, one per dataset: their bytes, their elements (changed rows and tombstones), and the dataset's average row (its records' JSON). */
  deltas: DeltaSample[];
  relay: ProcessCost;
  nginx: ProcessCost;
}

export interface DeltaSample {
  bytes: number;
  elements: number;
  averageRowBytes: number;
}

/**
 * A process's CPU seconds in the round (user + system), its resident memory at the round's end, and
 * its private memory (RssAnon: what it allocated, without the pages of files it maps) at the end and
 * at its most during the round. Resident memory counts the mirror's pages a reader touched through
 * its memory map, which are the OS's file cache, given back when needed; the private peak is what
 * the process needs.
 */
export interface ProcessCost {
  cpuSeconds: number;
  rssMb: number;
  privateMb: number;
  privatePeakMb: number;
}

export interface FleetRow {
  seats: number;
  rounds: number;
  upstreamRequestsPerRound: number;
  upstreamAuthRequestsPerRound: number;
  upstreamMbPerRound: number;
  lanMbPerSeat: number;
  /** Delta bytes over (changed + deleted rows × average row); the issue asks for at most 1.5. */
  deltaRatio: number;
  relayCpuSecondsPerRound: number;
  relayRssMb: number;
  relayPrivateMb: number;
  /** The most private memory the relay held during any of the rounds. */
  relayPrivatePeakMb: number;
  nginxCpuSecondsPerRound: number;
  nginxRssMb: number;
}

const MB = 1024 * 1024;
const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

/** One row of the table from the rounds run with `seats` seats. */
export function fleetRow(seats: number, rounds: readonly RoundSample[]): FleetRow {
  if (rounds.length === 0) throw new Error(`no round was measured with ${seats} seats`);
  const deltas = rounds.flatMap((r) => r.deltas);
  const expected = deltas.reduce((sum, d) => sum + d.elements * d.averageRowBytes, 0);
  const delta = deltas.reduce((sum, d) => sum + d.bytes, 0);
  return {
    seats,
    rounds: rounds.length,
    upstreamRequestsPerRound: mean(rounds.map((r) => r.upstreamRequests)),
    upstreamAuthRequestsPerRound: mean(rounds.map((r) => r.upstreamAuthRequests)),
    upstreamMbPerRound: mean(rounds.map((r) => r.upstreamBytes)) / MB,
    lanMbPerSeat: mean(rounds.map((r) => mean(r.lanBytesPerSeat))) / MB,
    deltaRatio: expected === 0 ? 0 : delta / expected,
    relayCpuSecondsPerRound: mean(rounds.map((r) => r.relay.cpuSeconds)),
    relayRssMb: Math.max(...rounds.map((r) => r.relay.rssMb)),
    relayPrivateMb: Math.max(...rounds.map((r) => r.relay.privateMb)),
    relayPrivatePeakMb: Math.max(...rounds.map((r) => r.relay.privatePeakMb)),
    nginxCpuSecondsPerRound: mean(rounds.map((r) => r.nginx.cpuSeconds)),
    nginxRssMb: Math.max(...rounds.map((r) => r.nginx.rssMb)),
  };
}

const HEADER = ['seats', 'upstream data requests / round', 'upstream auth requests / round', 'upstream MB / round', 'LAN MB / seat', 'delta / (rows × avg row)', 'relay CPU s / round', 'relay RSS MB', 'relay private MB (end / peak)', 'nginx CPU s / round', 'nginx RSS MB'];

/** The table as Markdown, a row per number of seats. */
export function renderFleetTable(rows: readonly FleetRow[]): string {
  const cells = (r: FleetRow) => [
    String(r.seats),
    r.upstreamRequestsPerRound.toFixed(1),
    r.upstreamAuthRequestsPerRound.toFixed(1),
    r.upstreamMbPerRound.toFixed(2),
    r.lanMbPerSeat.toFixed(3),
    r.deltaRatio.toFixed(2),
    r.relayCpuSecondsPerRound.toFixed(2),
    r.relayRssMb.toFixed(0),
    `${r.relayPrivateMb.toFixed(0)} / ${r.relayPrivatePeakMb.toFixed(0)}`,
    r.nginxCpuSecondsPerRound.toFixed(2),
    r.nginxRssMb.toFixed(0),
  ];
  return [`| ${HEADER.join(' | ')} |`, `|${HEADER.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${cells(r).join(' | ')} |`)].join('\n');
}

/** CPU ticks (user + system) of a process, from the text of /proc/<pid>/stat (its 14th and 15th fields, after the command in parentheses). */
export function cpuTicksOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is the state (the 3rd field): utime and stime are the 14th and 15th
  return Number(fields[11]) + Number(fields[12]);
}

/** The parent pid, from the text of /proc/<pid>/stat. */
export function parentOfStat(stat: string): number {
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** Resident memory in MB (VmRSS), from the text of /proc/<pid>/status; 0 when it has none (a zombie). */
export function rssMbOfStatus(status: string): number {
  return kbField(status, 'VmRSS') / 1024;
}

/** Private resident memory in MB (RssAnon): what the process allocated, without mapped files' pages. */
export function privateMbOfStatus(status: string): number {
  return kbField(status, 'RssAnon') / 1024;
}

function kbField(status: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB$`, 'm').exec(status);
  return match ? Number(match[1]) : 0;
}

/** What a group of processes cost between two readings: CPU seconds at `ticksPerSecond`, memory at the second reading, and the private peak sampled meanwhile. */
export function costBetween(before: { ticks: number }, after: { ticks: number; rssMb: number; privateMb: number }, privatePeakMb: number, ticksPerSecond: number): ProcessCost {
  return { cpuSeconds: (after.ticks - before.ticks) / ticksPerSecond, rssMb: after.rssMb, privateMb: after.privateMb, privatePeakMb: Math.max(privatePeakMb, after.privateMb) };
}
