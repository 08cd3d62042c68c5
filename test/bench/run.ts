// `npm run bench [-- --quick] [-- name]`: runs every test/bench/*.bench.ts in its own process (so
// that peak memory is each benchmark's own) and prints one table. A benchmark prints lines
// `BENCH {"name", "value", "unit", "target"?, "ok"?}` on stdout; everything else passes through.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

interface Row {
  bench: string;
  name: string;
  value: number;
  unit: string;
  target?: string;
  ok?: boolean;
}

const dir = import.meta.dirname;
const args = process.argv.slice(2);
const filters = args.filter((a) => !a.startsWith('--'));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (filters.length === 0 || filters.some((x) => f.includes(x))))
  .sort();
const rows: Row[] = [];
let failed = false;

for (const file of files) {
  const bench = file.replace(/\.bench\.ts$/, '');
  process.stderr.write(`\n== ${bench}\n`);
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [path.join(dir, file), ...args.filter((a) => a.startsWith('--'))], { stdio: ['ignore', 'pipe', 'inherit'] });
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('BENCH ')) rows.push({ bench, ...(JSON.parse(line.slice(6)) as Omit<Row, 'bench'>) });
        else process.stderr.write(line + '\n');
      }
    });
    child.on('exit', (c) => resolve(c ?? 1));
  });
  if (code !== 0) {
    failed = true;
    process.stderr.write(`${bench} exited with ${code}\n`);
  }
}

const fmt = (v: number) => (Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(2));
const table = [['bench', 'measure', 'value', 'unit', 'target', 'ok'], ...rows.map((r) => [r.bench, r.name, fmt(r.value), r.unit, r.target ?? '', r.ok === undefined ? '' : r.ok ? 'yes' : 'NO'])];
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
process.stdout.write('\n' + table.map((row) => row.map((cell, i) => (i === 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ')).join('\n') + '\n');
process.exit(failed ? 1 : 0);
