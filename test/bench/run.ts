// `npm run bench [-- --quick] [-- name]`: runs every test/bench/*.bench.ts (or those whose name
// contains `name`) one after another in its own Node process, then prints one table of results.
// A bench prints what it likes and ends with a line `BENCH_RESULT {json}` holding
// `{ bench, rows: [{ case, n, p50, p95, p99, max, limitMs? }] }` (milliseconds); it exits non-zero
// when it misses a target.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface BenchRow {
  case: string;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Optional: p99 of on-CPU time, which leaves out waiting for a core on a shared machine. */
  cpuP99?: number;
  limitMs?: number;
}

const folder = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('--'));
const names = args.filter((a) => !a.startsWith('--'));
const benches = readdirSync(folder)
  .filter((f) => f.endsWith('.bench.ts') && (names.length === 0 || names.some((n) => f.includes(n))))
  .sort();

function runOne(file: string): Promise<{ code: number; results: { bench: string; rows: BenchRow[] }[] }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(folder, file), ...flags], { stdio: ['ignore', 'pipe', 'inherit'] });
    const results: { bench: string; rows: BenchRow[] }[] = [];
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('BENCH_RESULT ')) results.push(JSON.parse(line.slice('BENCH_RESULT '.length)));
        else process.stdout.write(line + '\n');
      }
    });
    child.on('close', (code) => resolve({ code: code ?? 1, results }));
  });
}

let failures = 0;
const table: string[] = [];
for (const file of benches) {
  process.stdout.write(`\n== ${file} ${flags.join(' ')}\n`);
  const { code, results } = await runOne(file);
  if (code !== 0) failures++;
  for (const result of results) {
    for (const row of result.rows) {
      const cpuOk = row.limitMs !== undefined && row.cpuP99 !== undefined && row.cpuP99 < row.limitMs;
      const verdict = row.limitMs === undefined ? '' : row.p99 < row.limitMs ? 'ok' : cpuOk ? 'ok on cpu time' : 'MISS';
      const target = row.limitMs === undefined ? '' : `p99 < ${row.limitMs}: ${verdict}`;
      const cpu = row.cpuP99 === undefined ? ''.padStart(9) : row.cpuP99.toFixed(3).padStart(9);
      table.push(`${result.bench.padEnd(10)} ${row.case.padEnd(34)} ${String(row.n).padStart(6)}${[row.p50, row.p95, row.p99, row.max].map((v) => v.toFixed(3).padStart(9)).join('')}${cpu}  ${target}`);
    }
  }
  if (results.length === 0) table.push(`${file}: no results (exit code ${code})`);
}
process.stdout.write(`\n${'bench'.padEnd(10)} ${'case'.padEnd(34)} ${'n'.padStart(6)}${['p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'cpu p99'].map((h) => h.padStart(9)).join('')}  target\n`);
for (const line of table) process.stdout.write(line + '\n');
process.stdout.write(`\n${benches.length} benches, ${failures} failed\n`);
process.exitCode = failures === 0 ? 0 : 1;
