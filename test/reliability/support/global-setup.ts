// Clears the figures of the last run before the suite, and writes docs/RELIABILITY.md after it.
import { rmSync } from 'node:fs';
import { FIGURES_DIR } from './figures.ts';
import { writeReport } from './write-report.ts';

export function setup(): void {
  rmSync(FIGURES_DIR, { recursive: true, force: true });
}

export function teardown(): void {
  writeReport();
}
