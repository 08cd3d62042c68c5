// `aisle sync` through the package's bin: it logs to the data folder's day file as the app does,
// and --verbose mirrors every entry to stderr (without it, stderr holds none). A real demo server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { logEntries } from '../support/read-logs.ts';
import { tempDir } from '../support/temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../..');

function aisle(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'electron/hosts/cli/bin.mjs'), ...args], { cwd: root, env: { ...process.env, NO_COLOR: '1', AISLE_PASSWORD: DEMO_PASSWORD } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('the CLI log', () => {
  let demo: DemoServer;
  const dirs: ReturnType<typeof tempDir>[] = [];
  beforeAll(async () => {
    demo = await startDemoServer({ seed: 3, items: 100, facilities: 1, accounts: 1, historyDays: 2, rateLimit: 0 });
  });
  afterAll(async () => {
    await demo?.close();
    dirs.forEach((d) => d.remove());
  });

  it('writes the same log as the app, and --verbose mirrors it to stderr without a secret', async () => {
    const dir = tempDir('aisle-cli-log-');
    dirs.push(dir);
    const run = await aisle(['sync', '--server', demo.url, '--email', 'solo@example.com', '--data', dir.path, '--verbose']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^aisle info: session: sign-in \{.*"email":"solo@example\.com"/m);
    expect(run.stderr).toMatch(/^aisle info: sync: dataset \{"dataset":"items@account:[^"]+","outcome":"applied","rows":100,/m);
    expect(run.stderr).not.toContain(DEMO_PASSWORD);
    const entries = logEntries(dir.path);
    expect(entries.every((e) => e.host === 'cli')).toBe(true);
    expect(entries.some((e) => e.message === 'session: sign-in')).toBe(true);
    expect(entries.filter((e) => e.message === 'sync: round finished')).toHaveLength(1);
  });

  it('without --verbose, logs to the file only', async () => {
    const dir = tempDir('aisle-cli-log-');
    dirs.push(dir);
    const run = await aisle(['sync', '--server', demo.url, '--email', 'solo@example.com', '--data', dir.path]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/^aisle (info|debug):/m);
    expect(logEntries(dir.path).some((e) => e.message === 'sync: round finished')).toBe(true);
  });
});
