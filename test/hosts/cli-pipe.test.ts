// A CLI piped into a reader that stops early (`aisle find A | head -1`): the reader closes the pipe
// before the CLI has written, and the CLI must stop quietly with success, not print a stack trace.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.ts';
import { BIN, NODE, writeSyncedDataDir } from './cli-fixture.ts';

let dir: ReturnType<typeof tempDir>;
let dataDir: string;

beforeAll(() => {
  dir = tempDir();
  dataDir = path.join(dir.path, 'data');
  writeSyncedDataDir(dataDir);
});
afterAll(() => dir.remove());

/** Runs the CLI with its output going to a pipe whose reading end is closed at once; its exit code and error output. */
function runIntoClosedPipe(...args: string[]): Promise<{ code: number | null; stderr: string }> {
  // a folder without a bundle: the sources run, the slowest start, so the pipe is surely closed before the first write
  const env = { ...process.env, NO_COLOR: '1', AISLE_CLI_BUNDLE_DIR: path.join(dir.path, 'no-bundle') };
  const child = spawn(NODE, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('the CLI into a pipe closed early', () => {
  it.each([
    ['find', ['find', 'A']],
    ['status', ['status']],
  ])('%s stops quietly with success', async (_name, args) => {
    const { code, stderr } = await runIntoClosedPipe(...args, '--data', dataDir);
    expect(stderr).not.toMatch(/EPIPE|Unhandled|at .*\.ts:\d+/);
    expect(code).toBe(0);
  }, 30_000);
});
