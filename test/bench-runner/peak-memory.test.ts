// A bench part's peak memory is its own. Linux keeps, in a process's maxRSS, the peak of the memory
// it had before it started another program, and a spawned child is a copy of its parent until then:
// each part the runner spawned reported at least the runner's resident memory as its own peak.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const CHILD_MODULE = new URL('../bench/support/child.ts', import.meta.url).href;
const PARENT_MB = 400;

describe('a bench part\'s peak memory', () => {
  it.runIf(process.platform === 'linux')('is the part\'s own, not the resident memory of the runner that spawned it', async () => {
    // resident in this process while it spawns the part: every page written
    const held = Buffer.alloc(PARENT_MB * 1024 * 1024, 1);
    const script = `import { peakRssMb } from ${JSON.stringify(CHILD_MODULE)}; console.log(peakRssMb());`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    const reported = Number(stdout.trim());
    expect(held.length).toBe(PARENT_MB * 1024 * 1024);
    // the part is a bare Node process with one module: far below what this process holds
    expect(reported).toBeGreaterThan(10);
    expect(reported).toBeLessThan(PARENT_MB / 2);
    // the set-up held: this process was that large while it spawned the part
    expect(process.memoryUsage().rss / 2 ** 20).toBeGreaterThan(PARENT_MB);
  });
});
