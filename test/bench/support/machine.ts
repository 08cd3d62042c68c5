// The machine a run was measured on, for the report.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, totalmem } from 'node:os';
import Database from 'better-sqlite3';
import { CHROMIUM_PATH } from '../../support/chromium.ts';

export interface Machine {
  cpu: string;
  cores: number;
  ramGb: number;
  node: string;
  sqlite: string;
  betterSqlite3: string;
  dexie: string;
  chromium: string;
  os: string;
}

const packageVersion = (name: string) => {
  try {
    const require = createRequire(import.meta.url);
    return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
};

export function describeMachine(): Machine {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const db = new Database(':memory:');
  const sqlite = (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
  db.close();
  let chromium = 'not found';
  try {
    chromium = execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim();
  } catch {
    // reported as not found
  }
  let os = 'Linux';
  try {
    os = /PRETTY_NAME="([^"]+)"/.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? os;
  } catch {
    // keep the default
  }
  return {
    cpu: /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? 'unknown',
    cores: availableParallelism(),
    ramGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    sqlite,
    betterSqlite3: packageVersion('better-sqlite3'),
    dexie: packageVersion('dexie'),
    chromium,
    os,
  };
}

export const loadAverage = () => loadavg().map((l) => l.toFixed(1)).join(' / ');
