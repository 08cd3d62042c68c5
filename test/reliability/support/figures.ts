// Figures the suite measures, one JSON file per section under test-results/reliability/; the
// global teardown (write-report.ts) turns them into docs/RELIABILITY.md after the run.
import { mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const FIGURES_DIR = path.resolve(import.meta.dirname, '../../../test-results/reliability');

/** The size of the run: `full` (npm run test:reliability) or `ci` (the CI step). */
export const PROFILE: 'full' | 'ci' = process.env.RELIABILITY_PROFILE === 'ci' ? 'ci' : 'full';
export const isFull = PROFILE === 'full';

/** Merges `values` into the section's figures (tests of one file add to the same section). */
export function recordFigures(section: string, values: Record<string, unknown>): void {
  mkdirSync(FIGURES_DIR, { recursive: true });
  const file = path.join(FIGURES_DIR, `${section}.json`);
  const current = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(file, JSON.stringify({ ...current, ...values }, null, 2));
}
