// Turns the figures of a run into docs/RELIABILITY.md. Only a complete full run writes the doc; a
// CI-sized or partial run writes its report under test-results/reliability/ instead.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FIGURES_DIR, PROFILE } from './figures.ts';

const SECTIONS = ['network', 'server-clock', 'token-expiry', 'kills', 'hostile', 'secrets', 'hardening', 'electronegativity', 'load', 'fleet', 'data-loss', 'attack', 'relay'];
const ROOT = path.resolve(import.meta.dirname, '../../..');

type Figures = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.round(bytes / 1024)} KiB`);
const table = (head: string[], rows: (string | number)[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

function network(f: Figures, clock: Figures | undefined, expiry: Figures | undefined): string {
  const rows = (f.scenarios as Figures[]).map((s) => [s.name, s.injected, s.datasetsFailed, s.example ? `“${s.example}”` : '—']);
  return `## 1. Network faults (test/reliability/network-faults.test.ts, server-clock.test.ts, token-expiry.test.ts)

A fault-injecting proxy (test/reliability/support/fault-proxy.ts) sits between a workstation (the
real session, mirror and sync worker) and the demo server on loopback. Before each fault the server
moves to a new revision; a reference workstation without the proxy takes the new snapshot. After
the faulty round every dataset must equal its previous or its new snapshot, failures must be
recorded in words, and the next round — started by the scheduler's own timer — must bring every
dataset to the new snapshot.

${table(['fault', 'faults injected', 'datasets failed (kept their last good data)', 'error recorded'], rows)}

- Faults injected: **${f.faultsInjectedTotal}** (${Object.entries(f.faultsInjected as Record<string, number>).map(([k, v]) => `${k} ${v}`).join(', ')}).
- Rounds: ${f.rounds} (${f.faultRounds} under a fault). Rounds that lost or corrupted data: **${f.roundsLostOrCorrupted}**. Rounds that died as a whole: **${f.roundsDiedWhole}**. Dataset errors recorded in words: ${f.datasetErrorsRecorded}.
${clock ? `- Server clock hours off (tokens issued by a server ${(clock.cases as Figures[]).map((c) => `${c.offsetHours > 0 ? '+' : ''}${c.offsetHours} h`).join(' and ')}): first refresh due after ${(clock.cases as Figures[]).map((c) => `${Math.round(c.firstRefreshDueMs / 1000)} s`).join(' / ')}, refreshes in ten minutes: ${(clock.cases as Figures[]).map((c) => c.refreshesInTenMinutes).join(' / ')}; rounds complete.` : ''}
${expiry ? `- A token that really expires mid-round (server token life ${expiry.accessTtlSeconds} s, one inventory query held 2.5 s): refused by the server ${expiry.refusedByServer}×, refreshed ${expiry.refreshes}×, dataset errors **${expiry.datasetErrors}** (token-expiry.test.ts).` : ''}
`;
}

function kills(f: Figures): string {
  return `## 2. Kills (test/reliability/kills.test.ts)

A child process runs a sync round into a mirror (${f.datasets} datasets, ${f.rowsAtRevision0} rows; every round
rewrites about a quarter of the items and deletes a seventh) and is killed with SIGKILL at a random
moment of its round (${f.roundSpanMs} ms for a first load; kills fall within the first ${f.killWindowMs} ms after the mirror opens). After each kill the mirror is opened, checked and synced again.

- Rounds started: ${f.attempts}; killed mid-round: **${f.kills}** (${f.finishedBeforeKill} finished before their kill came).
- \`PRAGMA integrity_check\` ok: **${f.integrityOk} / ${f.attempts}**.
- Datasets neither their previous nor their new snapshot: **${f.datasetsMixed}**.
- Next round completed and equal to the new snapshot: **${f.nextRoundCompleted} / ${f.attempts}**.
`;
}

function hostile(f: Figures): string {
  const door = (name: string, d: Figures) => [name, d.calls, d.ok, d.typedErrors, d.internal, d.hangs, Object.entries(d.byCode as Record<string, number>).map(([k, v]) => `${k} ${v}`).join(', ')];
  const demo = f.demoServer as Figures;
  const refusals = Object.entries((f.browserHost as Figures).refusals as Record<string, number>).map(([k, v]) => `${k} → ${v}`).join('; ');
  return `## 3. Hostile input (test/reliability/hostile-input.test.ts)

Every contract method, with random and malformed arguments from fast-check (wrong types, 2 MB
strings, 5,000-deep objects, \`__proto__\`/\`constructor\` keys, NaN, null bytes), signed in with a synced
mirror. A call must end in a typed error code or a result within 10 s, and Object.prototype must stay clean.

${table(['door', 'calls', 'results', 'typed errors', 'internal errors', 'hangs', 'codes'], [door('Electron IPC handler (fake electron)', f.electronIpc), door('browser host (HTTP)', f.browserHost)])}

- Browser host refusals: ${refusals}.
- Demo server, ${demo.endpoints} endpoints (every list, inventory and auth route, malformed ids, traversal), random
  methods, bodies, content types and tokens: **${demo.requests}** requests, statuses ${Object.entries(demo.byStatus as Record<string, number>).map(([k, v]) => `${k}×${v}`).join(', ')};
  5xx: **${demo.serverErrors}**, hangs: **${demo.hangs}**, unexpected failures reported: **${demo.unexpectedFailures}**.
`;
}

function secrets(f: Figures): string {
  const scans = (f.scans as Figures[]) ?? [];
  const two = f.twoUsers as Figures;
  return `## 4. Secrets and isolation (test/reliability/secrets-isolation.test.ts)

Signed in with “remember me”, two rounds, a refresh (tokens rotate), a wrong password, sign-out. The
test captures every JWT and refresh token the server sent (through the proxy) and searches every
byte of the data folder for them, for the password, and for each JWT's signature alone.

${table(['moment', 'files', 'bytes scanned', 'JWTs', 'refresh tokens', 'found'], scans.map((s) => [s.moment, `${s.files} (${(s.fileNames as string[]).join(', ')})`, kb(s.bytes), s.jwts, s.refreshTokens, `**${s.found}**`]))}

Two users on one workstation: ${two?.mirrors} mirror files (0600, folder 0700); the second user sees an
empty mirror until he syncs; offline, each opens only their own (${two?.offlineSignInsChecked} offline sign-ins checked,
a wrong password and an unknown user open nothing); cross access found: **${two?.crossAccessFound}**. Sign-out
leaves no session, no open mirror, no remembered sign-in, and the old access token is refused by the server.
`;
}

function hardening(f: Figures, e: Figures | undefined): string {
  const items = (f.checklist as Figures[]).map((c) => `- [${c.held ? 'x' : ' '}] ${c.item}`).join('\n');
  return `## 5. Electron hardening (test/reliability/hardening.test.ts)

design.md section 6, item by item, against the Electron host (fake \`electron\`, real core) and the browser host:

${items}

${e ? `@doyensec/electronegativity (\`npm run security\`, .ci/electronegativity.mjs, also a CI check): ${e.findings} findings, **${e.notReviewed}** above informational not reviewed; the reviewed ones:\n${(e.reviewed as string[]).map((l) => `  - ${l.replace(/^reviewed\s+/, '')}`).join('\n')}` : ''}
`;
}

function load(f: Figures, fleet: Figures): string {
  const row = (name: string, d: Figures) => [name, `${d.seconds} s × ${d.connections}`, d.requests, d.requestsPerSecond, `${d.latencyP50Ms} / ${d.latencyP99Ms}`, `${d.status2xx} / ${d.status304}`, d.errors + d.timeouts + d.status4xx5xx, `${d.rssEarlyMb} → ${d.rssLateMb} (max ${d.rssMaxMb})`];
  const minutes = (fleet.perMinute as Figures[]).map((m) => [m.minute, m.requests, `${m.status200} / ${m.status304}`, kb(m.bytes), kb(m.bytesWithout304)]);
  return `## 6. Load (test/reliability/load.test.ts, fleet.test.ts)

Bounded load with autocannon on loopback; each server runs in its own process, its resident memory sampled every second.

${table(['server', 'load', 'requests', 'req/s', 'latency p50 / p99 ms', '200 / 304', 'errors', 'RSS MiB early → late'], [row('demo server (lists, conditional lists, inventory)', f.demoServer), row('browser host (search, status, catalog)', f.browserHost)])}

The fleet: **${fleet.workstations} workstations** (session + mirror + sync worker each, no UI) against one demo
server for **${fleet.simulatedMinutes} simulated minutes** (one manual clock drives every sync scheduler; sync every
${fleet.syncIntervalMinutes} min ± 20 %). The shift signs in over the first ${fleet.signInSpreadMinutes} minutes; the data changes at minute ${fleet.changeAtMinute}.
The last column is what the same requests would have cost without conditional requests (every 304 a full body).

${table(['minute', 'requests', '200 / 304', 'bytes sent', 'bytes without 304'], minutes)}

- Rounds: ${fleet.rounds}. Requests: ${fleet.totalRequests}, of which ${Math.round(fleet.share304 * 100)} % answered 304. Bytes: ${kb(fleet.totalBytes)} (${kb(fleet.totalBytesWithout304)} without 304).
- Steady state (after the sign-ins, before the change): **${fleet.steadyRequestsPerMinute} requests and ${kb(fleet.steadyBytesPerMinute)} per minute** for the whole fleet (${kb(fleet.steadyBytesWithout304)} over those minutes without conditional requests).
- Jitter: at most **${fleet.mostRoundsStartingInTenSeconds}** of ${fleet.roundsAfterSignIns} rounds started within any ten seconds after the sign-ins. Errors in the last rounds: **${fleet.lastRoundErrors}**.
`;
}

function dataLoss(f: Figures): string {
  const answers = (f.emptyAnswers as Figures[]).map((a) => [`\`200 []\` to ${a.list}, once`, `${a.datasetsKept} / ${a.datasetsBefore}`, `${a.rowsKept.toLocaleString('en-US')} / ${a.rowsBefore.toLocaleString('en-US')}`, a.exitCode, `“${a.summary}”`]);
  const e = f.endless as Figures;
  const t = f.tinyRecords as Figures;
  return `## 7. Data loss and disk filling (test/reliability/data-loss.test.ts)

A proxy in front of the demo server answers one list wrongly; \`aisle sync\` (or a sync round) on the other side.

${table(['answer', 'datasets kept', 'rows kept', 'exit code', 'aisle sync says'], answers)}

- A users list that never ends (records of 4 KB): stopped at the byte cap (${e.capMegabytes} MB in the test's settings) after **${e.stoppedAfterRecords.toLocaleString('en-US')} records** in ${e.seconds} s; the users kept: **${e.usersKept} of ${e.usersBefore}**. The WAL grew to ${kb(e.walPeakBytes)} while it applied and was **${kb(e.walAfterBytes)}** after the round.
- ${t.sent.toLocaleString('en-US')} tiny records where the list had ${t.usersBefore}: stopped at the row cap (${t.capRows.toLocaleString('en-US')} in the test's settings); the users kept: **${t.usersKept} of ${t.usersBefore}**; WAL after: ${kb(t.walAfterBytes)}.
- What the user is told: “${e.message}”
${dataLossEvidence(f)}`;
}

/** The caps that follow the evidence: a big honest first sync, and tiny records past the room on the disk. */
function dataLossEvidence(f: Figures): string {
  const first = f.firstSync as Figures | undefined;
  const room = f.diskRoom as Figures | undefined;
  if (!first || !room) return '';
  return `- A first sync of ${first.rows.toLocaleString('en-US')} users (past the row floor of ${first.floor.toLocaleString('en-US')}, which bounds only a list that held rows) applied whole with the default settings in ${first.seconds} s.
- Tiny records that never end, with ${kb(room.roomBytes)} of room on the disk for the answer: stopped after ${room.stoppedAfterRecords.toLocaleString('en-US')} records in ${room.seconds} s, having used ${kb(room.usedBytes)}; the users kept: **${room.usersKept.toLocaleString('en-US')}**. Told: “${room.message}”
`;
}

function attack(f: Figures): string {
  const healed = Object.entries((f.damagedMirror ?? {}) as Record<string, string>).map(([name, outcome]) => `${name}: ${outcome}`);
  const record = f.hostileRecord as Figures | undefined;
  const key = f.key as Figures | undefined;
  const clocks = f.clocks as Figures | undefined;
  const full = f.fullDisk as Figures | undefined;
  const auth = f.authDeadline as Figures | undefined;
  const plain = f.plainHttp as Figures | undefined;
  const race = f.cliRace as Figures | undefined;
  return `## 8. The attack on the hosts (test/reliability/attack.test.ts)

- A record nested ${record?.depth ?? '—'} levels deep, put straight into the mirror and read back: WebSocket **${record?.socket ?? '—'}**, HTTP **${record?.http ?? '—'}**, Electron IPC **${f.hostileRecordIpc ?? '—'}**; the host answered the next call.
- A page that stopped reading its events: ${(f.stalledEvents as Figures | undefined)?.emittedMiB ?? '—'} MiB emitted, ${(f.stalledEvents as Figures | undefined)?.receivedMiB ?? '—'} MiB reached it before the host closed its stream.
- A damaged mirror: ${healed.length ? healed.join('; ') : '—'}.
- The key: set as a cookie ${key?.setCookie ? 'yes' : 'no'}; the key sent as a cookie → ${key?.keyAsCookie ?? '—'}; a call without Origin → ${key?.callWithoutOrigin ?? '—'}; with another port's Origin → ${key?.originOfAnotherPort ?? '—'}.
- Clocks: a scan list saved 26 years behind kept: ${clocks?.scanListSavedBehindKept ?? '—'}; a 30 s lockout after the clock went back a day: ${clocks?.lockoutAfterBackwardJumpSeconds ?? '—'} s.
- A CSV link used while locked: ${f.csvLinkWhileLocked ?? '—'}. Formula-like CSV cells written as text: ${(f.csv as Figures | undefined)?.formulaCellsEscaped ?? '—'}; a negative number kept: ${(f.csv as Figures | undefined)?.negativeNumberKept ?? '—'}.
- A full disk (a filled tmpfs; runs as root only): ${full ? `sign-in ${full.signIn}, lookups ${full.lookups}, settings.set “${full.settingsSet}”; signed in again on the full disk: lookups ${full.lookupsAfterSignInOnFullDisk}, Sync now “${full.syncOnFullDisk}”; with room again the next sync ${full.syncWithRoomAgain}` : 'not run'}.
- The auth calls' deadline: a sign-in on a server that trickles its answer, with \`authDeadlineSeconds\` ${auth?.setting ?? '—'}, ended after ${auth?.signInEndedAfterSeconds ?? '—'} s: “${auth?.message ?? '—'}”
- A plain http:// server elsewhere: warned at sign-in (“${plain?.warned ?? '—'}”); with \`allowPlainHttp\` false on a kiosk: “${plain?.refusedByKiosk ?? '—'}”; set by the user: ${plain?.refusedBySetting ?? '—'}.
- ${race?.processes ?? '—'} CLIs racing on a new folder (both waiting on it when it was let go: ${race?.metTheNewFileAtOnce ?? '—'}): exit codes ${(race?.exitCodes as number[] | undefined)?.join(' and ') ?? '—'}; they said “${(race?.said as string[] | undefined)?.join('” and “') ?? '—'}”.
`;
}

function relay(f: Figures): string {
  const rows = (f.deltas as Figures[]).map((d) => [d.key, d.changedOrDeleted, kb(d.deltaBytes), `${d.averageRow} B`, d.ratio.toFixed(2)]);
  const items = Number(f.items).toLocaleString('en-US');
  return `## The site relay at ${items} items (test/reliability/relay.test.ts)

A private PostgreSQL and nginx, started for the test; \`aisle relay\` over the demo server (${items} items) stepping
through revisions, every figure below measured at that size. Requests to the warehouse server's data per relay round: **${f.serverDataRequestsPerRound.oneSeat}** with one seat,
**${f.serverDataRequestsPerRound.allSeats}** with ${f.seats} seats. ${f.seats} seats asking the same changes at once: **${f.relayAnswersForAllSeats}** answer from the relay
(nginx's cache and its lock gave it to all). A delta against what it carries (changed and deleted rows × the average row):

${table(['dataset', 'rows changed or deleted', 'delta (JSON)', 'average row', 'ratio (at most 1.5)'], rows)}
`;
}

export function writeReport(): void {
  if (!existsSync(FIGURES_DIR)) return;
  const figures = new Map<string, Figures>();
  for (const file of readdirSync(FIGURES_DIR).filter((f) => f.endsWith('.json'))) {
    figures.set(file.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(FIGURES_DIR, file), 'utf8')) as Figures);
  }
  const parts: string[] = [];
  const get = (name: string) => figures.get(name);
  if (get('network')) parts.push(network(get('network')!, get('server-clock'), get('token-expiry')));
  if (get('kills')) parts.push(kills(get('kills')!));
  if (get('hostile')?.electronIpc && get('hostile')?.browserHost && get('hostile')?.demoServer) parts.push(hostile(get('hostile')!));
  if (get('secrets')?.scans && get('secrets')?.twoUsers) parts.push(secrets(get('secrets')!));
  if (get('hardening')) parts.push(hardening(get('hardening')!, get('electronegativity')));
  if (get('load')?.demoServer && get('load')?.browserHost && get('fleet')) parts.push(load(get('load')!, get('fleet')!));
  if (get('data-loss')?.emptyAnswers && get('data-loss')?.endless && get('data-loss')?.tinyRecords) parts.push(dataLoss(get('data-loss')!));
  if (get('attack')) parts.push(attack(get('attack')!));
  if (get('relay')?.deltas && get('relay')?.seats) parts.push(relay(get('relay')!));
  const failures = [...figures.keys()].filter((k) => k.startsWith('failed-')).flatMap((k) => figures.get(k)!.tests as string[]);
  const complete = SECTIONS.every((s) => figures.has(s)) && parts.length === 9 && failures.length === 0;
  if (failures.length) parts.unshift(`**This run failed:** ${failures.join('; ')}.\n`);
  const doc = `# Reliability

Written by \`npm run test:reliability\` (profile \`${PROFILE}\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, on ${process.platform} with
${(process.env.RELIABILITY_HOST_NOTE ?? '2 shared cores')}); every figure below is counted by the suite in that run. Bold figures are the ones that must be zero
(or complete). A CI-sized run (\`RELIABILITY_PROFILE=ci\`, in \`.ci/run\`) checks the same properties with smaller counts.

${parts.join('\n')}`;
  const target = complete && PROFILE === 'full' ? path.join(ROOT, 'docs/RELIABILITY.md') : path.join(FIGURES_DIR, `RELIABILITY.${PROFILE}${complete ? '' : '.partial'}.md`);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, doc);
  console.log(`reliability report: ${path.relative(ROOT, target)}`);
}
