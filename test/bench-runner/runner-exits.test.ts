// `npm run bench` must exit once its report is written, leaving no process or listening socket
// behind, even when a benchmark leaves a server of its own running. The real runner runs here on a
// copy of the bench folder whose only benchmark is a stub: it starts a small HTTP server in a
// process of its own (which keeps the runner's output pipes), reports that server's pid and port,
// and exits without stopping it.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const copy = path.join(root, 'test/.artifacts', `bench-runner-exits-${process.pid}`);
const bench = path.join(copy, 'test/bench');

const LEFT_BEHIND = `
const { createServer } = require('node:http');
const server = createServer((req, res) => res.end('still here'));
server.listen(0, '127.0.0.1', () => process.send({ pid: process.pid, port: server.address().port }));
`;

const LEAKY_BENCH = `
import { spawn } from 'node:child_process';
// Inherits this process's stdout and stderr: the runner's pipes.
const server = spawn(process.execPath, ['-e', ${JSON.stringify(LEFT_BEHIND)}], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const { pid, port } = await new Promise((resolve) => server.once('message', resolve));
server.disconnect();
server.unref();
process.stdout.write('BENCH ' + JSON.stringify({ name: 'left-behind pid', value: pid, unit: 'pid' }) + '\\n');
process.stdout.write('BENCH ' + JSON.stringify({ name: 'left-behind port', value: port, unit: 'port' }) + '\\n');
process.exit(0);
`;

function exited(child: ChildProcess, withinMs: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bench runner was still running ${withinMs} ms after it started`)), withinMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** Alive and not a zombie waiting for its parent to collect it. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

let runner: ChildProcess | undefined;
let leftBehind: number | undefined;

afterAll(() => {
  // Only when the runner failed to: its leftovers must not outlive the test either.
  if (runner?.exitCode === null) runner.kill('SIGKILL');
  if (leftBehind !== undefined && running(leftBehind)) process.kill(leftBehind, 'SIGKILL');
  rmSync(copy, { recursive: true, force: true });
});

describe('npm run bench', () => {
  it('exits after writing its report, with no server a benchmark left behind still running', async () => {
    mkdirSync(bench, { recursive: true });
    for (const part of ['run.ts', 'parts', 'procs', 'support']) cpSync(path.join(root, 'test/bench', part), path.join(bench, part), { recursive: true });
    symlinkSync(path.join(root, 'test/support'), path.join(copy, 'test/support'));
    symlinkSync(path.join(root, 'electron'), path.join(copy, 'electron'));
    symlinkSync(path.join(root, 'scripts'), path.join(copy, 'scripts'));
    writeFileSync(path.join(bench, 'leaky.bench.ts'), LEAKY_BENCH);
    const doc = path.join(copy, 'report.md');

    runner = spawn(process.execPath, [path.join(bench, 'run.ts'), 'leaky', '--doc', doc], { stdio: ['ignore', 'pipe', 'pipe'] });
    runner.stdout!.resume();
    runner.stderr!.resume();
    const code = await exited(runner, 20_000).catch((error: Error) => {
      // The results were written before the runner hung: read the server's pid for the clean-up.
      if (existsSync(doc.replace(/\.md$/, '.results.json'))) leftBehind = figures().pid;
      throw error;
    });

    expect(code).toBe(0);
    const { pid, port } = figures();
    leftBehind = pid;
    expect(existsSync(doc)).toBe(true);
    expect(running(pid)).toBe(false);
    expect(await refused(port)).toBe(true);

    function figures(): { pid: number; port: number } {
      const report = JSON.parse(readFileSync(doc.replace(/\.md$/, '.results.json'), 'utf8')) as { external: { lines: { name: string; value: number }[] }[] };
      const lines = report.external.flatMap((e) => e.lines);
      return { pid: lines.find((l) => l.name === 'left-behind pid')!.value, port: lines.find((l) => l.name === 'left-behind port')!.value };
    }
  });
});
