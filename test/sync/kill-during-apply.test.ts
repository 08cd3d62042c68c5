// Kill -9 at random moments of an apply, many times: the mirror always opens, passes
// integrity_check, and holds exactly the old snapshot or the new one; the next apply finishes.
// AISLE_KILL_RUNS raises the count (the reliability suite runs hundreds).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import { tempDir } from '../support/temp-dir.ts';
import { KILL_SPEC } from './apply-child.ts';

const RUNS = Number(process.env.AISLE_KILL_RUNS ?? 12);
const child = path.join(import.meta.dirname, 'apply-child.ts');
let dir: ReturnType<typeof tempDir>;

function snapshot(version: number, count: number): object[] {
  // each version changes a third of the rows and drops/adds a tenth, so applies both update and delete
  return Array.from({ length: count }, (_, n) => n)
    .filter((n) => (n + version) % 10 !== 0)
    .map((n) => ({ id: `k-${n}`, sku: `K-${n}`, description: `Kill test item ${n} ${n % 3 === version % 3 ? `v${version}` : 'base'}`, pad: 'x'.repeat(200) }));
}

function digest(rows: object[]): string {
  const raws = rows.map((r) => JSON.stringify(r)).sort();
  return createHash('sha1').update(raws.join('\n')).digest('hex');
}

function mirrorDigest(file: string): { digest: string; integrity: string; rows: number; stateRows: number } {
  const db = openMirror(file);
  try {
    const raws = (db.prepare(`SELECT raw FROM items WHERE dataset_id = (SELECT dataset_id FROM datasets WHERE key = ?)`).pluck().all(KILL_SPEC.key) as string[]).sort();
    const state = db.prepare('SELECT rows FROM datasets WHERE key = ?').pluck().get(KILL_SPEC.key) as number | undefined;
    return {
      digest: createHash('sha1').update(raws.join('\n')).digest('hex'),
      integrity: db.pragma('integrity_check', { simple: true }) as string,
      rows: raws.length,
      stateRows: state ?? 0,
    };
  } finally {
    db.close();
  }
}

/** Runs the child; kills it `killAfterMs` after it starts applying. Resolves to its last line and how long it applied. */
function runChild(mirror: string, file: string, killAfterMs: number | null): Promise<{ outcome: string; applyMs: number }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [child, mirror, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let applyingAt = 0;
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!applyingAt && out.startsWith('applying')) {
        applyingAt = performance.now();
        if (killAfterMs !== null) setTimeout(() => proc.kill('SIGKILL'), killAfterMs).unref();
      }
    });
    proc.on('exit', () => resolve({ outcome: out.trim().split('\n').pop() ?? '', applyMs: applyingAt ? performance.now() - applyingAt : 0 }));
  });
}

beforeAll(() => {
  dir = tempDir();
});
afterAll(() => dir.remove());

describe('kill -9 during an apply', () => {
  it(`leaves an intact mirror with the old or the new snapshot (${RUNS} kills)`, async () => {
    const mirror = path.join(dir.path, 'mirror.sqlite');
    const versions = [0, 1, 2].map((v) => {
      const rows = snapshot(v, 4000);
      const file = path.join(dir.path, `v${v}.json`);
      writeFileSync(file, JSON.stringify(rows));
      return { file, digest: digest(rows), rows: rows.length };
    });
    expect((await runChild(mirror, versions[0].file, null)).outcome).toBe('applied');
    const timed = await runChild(mirror, versions[1].file, null);
    expect(timed.outcome).toBe('applied');
    let current = versions[1];
    let killedMidway = 0;
    for (let run = 0; run < RUNS; run++) {
      const target = versions[(versions.indexOf(current) + 1 + (run % 2)) % versions.length];
      const { outcome } = await runChild(mirror, target.file, Math.floor(Math.random() * timed.applyMs));
      const after = mirrorDigest(mirror);
      expect(after.integrity, `run ${run}`).toBe('ok');
      expect([current.digest, target.digest], `run ${run}: the mirror holds neither snapshot`).toContain(after.digest);
      expect(after.stateRows, `run ${run}: dataset state and rows disagree`).toBe(after.rows);
      if (after.digest === target.digest) current = target;
      if (outcome !== 'applied') killedMidway++;
    }
    expect(killedMidway).toBeGreaterThan(0);
    // and the next complete apply finishes
    const last = versions[(versions.indexOf(current) + 1) % versions.length];
    expect((await runChild(mirror, last.file, null)).outcome).toBe('applied');
    expect(mirrorDigest(mirror)).toMatchObject({ digest: last.digest, integrity: 'ok', rows: last.rows });
  }, 90_000);
});
