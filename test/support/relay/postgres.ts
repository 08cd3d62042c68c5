// A private PostgreSQL for a test: initdb in a temp folder, listening on a free loopback port (and a
// socket in that folder), started and stopped by pid. PostgreSQL refuses to run as root, so as root
// (CI) it runs as `nobody`; the system's own PostgreSQL service is never touched.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDebianPackage } from './apt.ts';
import { freePort } from './free-port.ts';

const NOBODY = 65534;

export interface TestPostgres {
  url: string;
  port: number;
  /** The postmaster's pid, from its pid file. */
  pid(): number;
  stop(): Promise<void>;
  start(): void;
  /** SIGKILL of the postmaster: as a crash, not a shutdown. */
  kill(): Promise<void>;
  remove(): Promise<void>;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) ensureDebianPackage('/usr/lib/postgresql', 'postgresql');
  const versions = readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  if (!versions.length) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  return path.join(root, versions[0], 'bin');
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = binDir();
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'aisle-pg-'));
  if (root) chownSync(dir, NOBODY, NOBODY);
  const data = path.join(dir, 'data');
  const as = (program: string, args: string[]) => (root ? ['runuser', ['-u', 'nobody', '--', path.join(bin, program), ...args]] : [path.join(bin, program), args]) as [string, string[]];
  execFileSync(...as('initdb', ['-D', data, '-U', 'aisle', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']), { stdio: 'ignore', cwd: dir });
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () => {
    const result = spawnSync(...as('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']), { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`PostgreSQL did not start: ${result.stdout}${result.stderr}${existsSync(path.join(dir, 'log')) ? readFileSync(path.join(dir, 'log'), 'utf8') : ''}`);
  };
  start();
  const pid = () => Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const stop = async () => {
    if (!existsSync(path.join(data, 'postmaster.pid'))) return;
    const p = pid();
    process.kill(p, 'SIGINT'); // fast shutdown
    await waitGone(p);
  };
  return {
    url: `postgres://aisle@127.0.0.1:${port}/postgres`,
    port,
    pid,
    stop,
    start,
    async kill() {
      const p = pid();
      process.kill(p, 'SIGKILL');
      await waitGone(p);
      // its backends end when they find the postmaster gone; the next start recovers from the WAL
    },
    async remove() {
      // At the end of a test file a pool may still be closing its connections (pg's pool.end() resolves
      // before its sockets close): a smart shutdown lets them end by themselves, where a fast one would
      // terminate them and their client would report it as an unhandled error. Any left open after a
      // few seconds (a test that leaked one) get the fast shutdown.
      if (existsSync(path.join(data, 'postmaster.pid'))) {
        const p = pid();
        process.kill(p, 'SIGTERM');
        await waitGone(p, 5_000).catch(() => stop());
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits (looking at the process table every 50 ms, up to 30 s by default) until a pid is gone; the event loop runs meanwhile. */
export async function waitGone(pid: number, withinMs = 30_000): Promise<void> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`process ${pid} did not end`);
}
