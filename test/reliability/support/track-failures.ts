// Setup file: a failed test leaves its name in the figures, so that the report is not written to
// docs/ from a run that did not hold.
import { beforeEach } from 'vitest';
import { recordFigures } from './figures.ts';

const failed: string[] = [];
beforeEach((context) => {
  context.onTestFailed(() => {
    failed.push(context.task.name);
    recordFigures(`failed-${process.pid}`, { tests: failed });
  });
});
