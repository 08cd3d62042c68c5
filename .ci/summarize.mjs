// Prints the closing line CI reads, from vitest's JSON reports plus the pass/fail of the checks.
import { existsSync, readFileSync } from 'node:fs';

const [checksPassed, checksFailed, ...reports] = process.argv.slice(2);
let passed = Number(checksPassed);
let failed = Number(checksFailed);
let skipped = 0;
for (const file of reports) {
  if (!existsSync(file)) {
    console.log(`missing report ${file}: counted as one failure`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  if (report.numTotalTests === 0) {
    console.log(`${file} ran no test: counted as one failure`);
    failed += 1;
  }
  // A suite can fail outside its tests (it did not load, or a hook threw): count it once.
  for (const suite of report.testResults ?? []) {
    const assertions = suite.assertionResults ?? [];
    if (suite.status === 'failed' && !assertions.some((a) => a.status === 'failed')) {
      console.log(`suite failed outside its tests: ${suite.name}`);
      failed += 1;
    }
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
