// `aisle find … | head -1`: a CLI whose reader closes early stops writing and exits quietly with 0,
// as git and grep do, not with Node's stack trace for the write that found the pipe closed.
// The real entry is spawned into a real pipe that the test closes once it holds one line; the
// answer is far larger than a pipe holds, so the CLI is still writing when the pipe closes.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.ts';
import { BIN, FIXTURE_IDENTITY, NODE, writeSyncedDataDir } from './cli-fixture.ts';

let dir: ReturnType<typeof tempDir>;
let dataDir: string;

beforeAll(() => {
  dir = tempDir();
  dataDir = path.join(dir.path, 'data');
  writeSyncedDataDir(dataDir);
});
afterAll(() => dir.remove());

/** Every location and the item starting with "A", asked thousands of times over: a long answer, line by line. */
const LONG_FIND = ['find', '--lines', ...Array.from({ length: 2000 }, () => 'A')];

/**
 * Runs the CLI (from its sources: a bundle folder without one) with stdout into a pipe that the
 * test closes after the first line, as `| head -1` does; stderr into a pipe of its own, read to the
 * end, or closed with stdout when `closeStderr` (as `2>&1 | head -1`).
 */
function intoHead(args: string[], closeStderr = false): Promise<{ status: number | null; signal: NodeJS.Signals | null; firstLine: string; read: number; stderr: string }> {
  const env = { ...process.env, NO_COLOR: '1', AISLE_CLI_BUNDLE_DIR: path.join(dir.path, 'no-bundle') };
  const child = spawn(NODE, [BIN, ...args, '--data', dataDir], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    stdout += chunk;
    if (!stdout.includes('\n')) return;
    child.stdout.destroy();
    if (closeStderr) child.stderr.destroy();
  });
  child.stderr.on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, firstLine: stdout.split('\n')[0], read: stdout.length, stderr }));
  });
}

describe('the CLI piped into a reader that closes early', () => {
  it('find stops writing and exits 0 without a stack trace', async () => {
    const result = await intoHead(LONG_FIND);
    expect(result.firstLine).toBe('A:');
    // the pipe closed long before the answer's end: the CLI met the closed pipe
    expect(result.read).toBeLessThan(300_000);
    expect(result.stderr).toBe(`offline data of ${FIXTURE_IDENTITY.email} on ${FIXTURE_IDENTITY.server}\n`);
    expect([result.status, result.signal]).toEqual([0, null]);
  }, 60_000);

  it('find --json (one long write) stops and exits 0 the same way', async () => {
    const result = await intoHead([...LONG_FIND, '--json']);
    expect(result.firstLine).toBe('{');
    expect(result.stderr).toBe('');
    expect([result.status, result.signal]).toEqual([0, null]);
  }, 60_000);

  it('stops quietly when stderr goes into the same closed reader', async () => {
    const result = await intoHead(LONG_FIND, true);
    expect(result.firstLine).toBe('A:');
    expect(result.stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect([result.status, result.signal]).toEqual([0, null]);
  }, 60_000);
});
