// The bench's floor and Aisle's ingest, run as `npm run bench` runs them, on a small demo warehouse:
// the floor downloads the responses to files, and the ingest applies those files to a fresh mirror as
// a sync would. The ingest applies each facility's stock as that facility's dataset, so it must know
// whose each file is: a sync refuses a record of another facility, and so does the ingest.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { RESULT_PREFIX } from '../bench/support/child.ts';
import { tempDir } from '../support/temp-dir.ts';

const procs = fileURLToPath(new URL('../bench/procs/', import.meta.url));
const folder = tempDir('aisle-bench-ingest-');
let demo: DemoServer;

/** Runs a bench part and returns the one result it printed (without blocking: the demo server answers from this process). */
async function runPart<T>(name: string, args: string[]): Promise<T> {
  const { stdout: out } = await promisify(execFile)(process.execPath, [path.join(procs, name), ...args], { encoding: 'utf8', timeout: 120_000 });
  const results = out.split('\n').filter((line) => line.startsWith(RESULT_PREFIX)).map((line) => JSON.parse(line.slice(RESULT_PREFIX.length)) as T);
  expect(results).toHaveLength(1);
  return results[0];
}

beforeAll(async () => {
  demo = await startDemoServer({ items: 400, rateLimit: 0, today: '2026-11-01', historyDays: 2 });
});
afterAll(async () => {
  await demo?.close();
  folder.remove();
});

describe('the bench: floor, then Aisle ingest on its files', () => {
  it('applies every item and stock record of the floor\'s responses, each facility\'s stock as its own dataset', async () => {
    const responses = path.join(folder.path, 'responses');
    await runPart('floor.ts', [demo.url, JSON.stringify(demo.ids()), responses]);
    const recordsIn = (prefix: string) =>
      Object.keys(JSON.parse(readFileSync(path.join(responses, 'scopes.json'), 'utf8')) as Record<string, string>)
        .filter((file) => file.startsWith(prefix))
        .reduce((sum, file) => sum + (JSON.parse(readFileSync(path.join(responses, file), 'utf8')) as unknown[]).length, 0);
    const expected = recordsIn('items-') + recordsIn('inventory-');
    expect(demo.ids().facilities.length).toBeGreaterThan(1);
    const ingest = await runPart<{ rows: number; files: number }>('aisle-ingest.ts', [responses, path.join(folder.path, 'ingest')]);
    expect(ingest.files).toBe(demo.ids().accounts.length + demo.ids().facilities.length);
    expect(ingest.rows).toBe(expected);
    expect(expected).toBeGreaterThan(400);
  });
});
