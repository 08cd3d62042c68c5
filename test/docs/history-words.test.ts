// The docs say what is true of the code in words that stay true: no issue or stop number and no
// commit hash, as lint holds the code's comments to (aisle/comment-words). Generated reports
// (docs/benchmarks/, docs/RELIABILITY.md) say when and on what they were run, and are not read here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_WORDS } from '../../scripts/history-words.ts';

const root = path.resolve(import.meta.dirname, '../..');
const GENERATED = new Set(['docs/RELIABILITY.md']);
const pagesIn = (folder: string) => readdirSync(path.join(root, folder)).filter((f) => f.endsWith('.md')).map((f) => `${folder}/${f}`);
const pages = ['README.md', ...pagesIn('docs'), ...pagesIn('docs/decisions')].filter((page) => !GENERATED.has(page));

function historyIn(text: string): string[] {
  return HISTORY_WORDS.flatMap((pattern) => [...text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))].map((m) => m[0]));
}

describe('the docs name no piece of the project\'s history', () => {
  it.each(pages)('%s', (page) => {
    expect(historyIn(readFileSync(path.join(root, page), 'utf8'))).toEqual([]);
  });

  it('finds an issue or stop number and a commit hash, and leaves codes and plain numbers', () => {
    expect(historyIn('Fixed in issue 46 at stop 12 (commit 4f2a9c1); SKU-0001234, 4006381333931 and a deadline of 30 s stay.')).toEqual(['issue 46', 'stop 12', '4f2a9c1']);
  });
});
