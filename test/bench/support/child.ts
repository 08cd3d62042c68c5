// Measured parts run in their own Node processes, so that each one's CPU and peak memory are its own.
// A part prints `BENCH_RESULT <json>` lines on stdout (one structured result each), and a
// *.bench.ts may instead print `BENCH {"name","value","unit","target"?,"ok"?}` lines (one figure each).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';

export const RESULT_PREFIX = 'BENCH_RESULT ';
export const LINE_PREFIX = 'BENCH ';

/** One figure printed by a *.bench.ts. */
export interface BenchLine {
  name: string;
  value: number;
  unit: string;
  target?: string;
  ok?: boolean;
}

/** Prints a result line for the runner. */
export function printResult(value: unknown): void {
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(value)}\n`);
}

/**
 * This process's peak resident memory in MB: VmHWM, the high-water mark of its own memory since it
 * started. Not maxRSS: Linux keeps in it the peak of the memory a process had before it started
 * another program, and a child is a copy of its parent until then, so a bench part's maxRSS is at
 * least the runner's resident memory when it spawned the part (a part of 42 MB says 289 MB beside a
 * runner of 300 MB). maxRSS only where /proc is not there.
 */
export function peakRssMb(): number {
  return ownPeakMb(readStatus('/proc/self/status')) ?? process.resourceUsage().maxRSS / 1024;
}

/** VmHWM of a /proc status text, in MB; null without one. */
function ownPeakMb(status: string | null): number | null {
  return status === null ? null : statusMb(status, 'VmHWM');
}

function readStatus(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

export interface ResidentMb {
  ownMb: number;
  mappedFilesMb: number;
}

/**
 * This process's resident memory now, in MB, in two parts: its own (anonymous: heaps, SQLite's
 * cache), and pages of files it maps (its code, and a memory-mapped database file's pages: those
 * are the OS's file cache, shared and given back under pressure, yet counted in its RSS).
 */
export function residentMb(): ResidentMb {
  const status = readFileSync('/proc/self/status', 'utf8');
  return { ownMb: statusMb(status, 'RssAnon') ?? NaN, mappedFilesMb: statusMb(status, 'RssFile') ?? NaN };
}

/** A `<field>: N kB` line of /proc/<pid>/status, in MB; null when the field is absent. */
function statusMb(status: string, field: string): number | null {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return m ? Number(m[1]) / 1024 : null;
}

/** Peak resident memory (VmHWM) of a running process, in MB; null once it is gone. */
export function vmHwmMb(pid: number): number | null {
  return ownPeakMb(readStatus(`/proc/${pid}/status`));
}

export interface ChildRun<T> {
  results: T[];
  lines: BenchLine[];
  wallMs: number;
  stderr: string;
  exitCode: number;
}

/** Runs `node <script> …args`, echoes its progress lines, and returns every BENCH_RESULT it printed. */
export function runNode<T>(script: string, args: string[], options: { env?: NodeJS.ProcessEnv; label?: string; timeoutMs?: number; anyExitCode?: boolean; onMessage?: (message: unknown, child: ChildProcess) => void } = {}): Promise<ChildRun<T>> {
  const started = performance.now();
  const onMessage = options.onMessage;
  const child = inOwnGroup(spawn(process.execPath, [script, ...args], { detached: true, stdio: ['ignore', 'pipe', 'pipe', ...(onMessage ? (['ipc'] as const) : [])], env: { ...process.env, ...options.env } }));
  if (onMessage) child.on('message', (message) => onMessage(message, child));
  return collect<T>(child, started, options.label ?? script, options.timeoutMs ?? 30 * 60_000, options.anyExitCode ?? false);
}

function collect<T>(child: ChildProcess, started: number, label: string, timeoutMs: number, anyExitCode: boolean): Promise<ChildRun<T>> {
  const results: T[] = [];
  const lines: BenchLine[] = [];
  let stderr = '';
  let buffered = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (text: string) => {
    buffered += text;
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.startsWith(RESULT_PREFIX)) results.push(JSON.parse(line.slice(RESULT_PREFIX.length)) as T);
      else if (line.startsWith(LINE_PREFIX)) lines.push(JSON.parse(line.slice(LINE_PREFIX.length)) as BenchLine);
      else if (line.trim()) process.stderr.write(`  [${label}] ${line}\n`);
    }
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (text: string) => {
    stderr += text;
    for (const line of text.split('\n')) if (line.trim()) process.stderr.write(`  [${label}] ${line}\n`);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), timeoutMs);
    timer.unref();
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      if (code !== 0 && !(anyExitCode && code !== null)) reject(new Error(`${label} exited with ${code ?? signal}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
      else resolve({ results, lines, wallMs, stderr, exitCode: code ?? -1 });
    });
  });
}

/** A long-lived child (the demo server) that talks over IPC. */
export function forkNode(script: string, args: string[]): ChildProcess {
  return inOwnGroup(spawn(process.execPath, [script, ...args], { detached: true, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
}

// Every part runs in a process group of its own (detached), so that whatever it starts in turn (a
// demo server, a browser host, a worker) can be stopped with it, even once the part itself is gone:
// a grandchild left behind keeps a listening socket, and holds the runner's pipes open so that the
// runner never exits.
const groups = new Set<ChildProcess>();

function inOwnGroup(child: ChildProcess): ChildProcess {
  groups.add(child);
  // What a part leaves behind when it exits is stopped at once, so it takes no core from the next part.
  child.once('exit', () => signalGroup(child.pid, 'SIGKILL'));
  return child;
}

/** Sends `signal` to every process of the group led by `pid`; false when the group is empty. */
function signalGroup(pid: number | undefined, signal: NodeJS.Signals | 0): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Parts run out of reach of the terminal's Ctrl-C (their own groups): on SIGINT or SIGTERM, stop them, then exit. */
export function stopEveryPartOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stopEveryPart().finally(() => process.exit(128 + (signal === 'SIGINT' ? 2 : 15))));
  }
}

/**
 * Stops every process the parts started, theirs included: asks (SIGTERM, so that a part driving a
 * browser closes it), waits up to `graceMs` for the groups to empty, then kills what is left. The
 * part's pipes and IPC channel are let go, so nothing of them keeps this process alive.
 */
export async function stopEveryPart(graceMs = 3000): Promise<void> {
  const children = [...groups];
  groups.clear();
  for (const child of children) {
    child.stdout?.destroy();
    child.stderr?.destroy();
    if (child.connected) child.disconnect();
    signalGroup(child.pid, 'SIGTERM');
  }
  const until = Date.now() + graceMs;
  while (children.some((child) => signalGroup(child.pid, 0)) && Date.now() < until) await delay(50);
  for (const child of children) signalGroup(child.pid, 'SIGKILL');
}

/** Sends a request over IPC and waits for the answer of the same type. */
export function ask<T>(child: ChildProcess, message: { type: string } & Record<string, unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: { type: string; error?: string }) => {
      if (reply.type !== message.type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (reply.error) reject(new Error(reply.error));
      else resolve(reply as T);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited (${code}) before answering ${message.type}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(message);
  });
}
