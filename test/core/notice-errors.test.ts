// An error whose sentence in another language would quote the core's English (its `{message}`)
// must carry its fact as a notice, which the window words itself: such codes are made only through
// noticeError. The codes are read from the Spanish sentences, so a code whose sentence starts to
// quote `{message}` is held to the rule too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { es } from '../../renderer/src/shared/i18n/es.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The codes whose Spanish sentence has room for the core's own words. */
const QUOTING = Object.entries(es.errors)
  .filter(([code, words]) => code !== 'unknown' && words.includes('{message}'))
  .map(([code]) => code);

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f));
}

describe('errors that quote the core in another language', () => {
  it('are the conflict and the mirror error', () => {
    expect(QUOTING.sort()).toEqual(['conflict', 'mirror_error']);
  });

  it('are never made with a bare sentence in the core, only with their notice', () => {
    const bare = new RegExp(`new AisleError\\(\\s*'(${QUOTING.join('|')})'`, 'g');
    const offenders = sources('electron').flatMap((file) => [...readFileSync(path.join(root, file), 'utf8').matchAll(bare)].map((m) => `${file}: ${m[0]}`));
    expect(offenders).toEqual([]);
  });

  it('the scan finds a bare one where there is one', () => {
    const bare = new RegExp(`new AisleError\\(\\s*'(${QUOTING.join('|')})'`);
    expect(bare.test("throw new AisleError(\n  'mirror_error',\n  'The offline data file is damaged.');")).toBe(true);
    expect(bare.test("throw noticeError('mirror_error', { code: 'mirror_not_ready' });")).toBe(false);
  });
});
