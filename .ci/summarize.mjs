// Prints the closing line CI reads, from vitest's JSON reports plus the pass/fail of the checks.
import { existsSync, readFileSync } from 'node:fs';

// Each report is given as `<file>=<exit code of its suite>`: a suite can exit non-zero with every
// test passed (vitest's "unhandled errors"), and the closing line must not say "0 failed" then.
const [checksPassed, checksFailed, ...suites] = process.argv.slice(2);
let passed = Number(checksPassed);
let failed = Number(checksFailed);
let skipped = 0;
for (const suite of suites) {
  const at = suite.lastIndexOf('=');
  const file = at < 0 ? suite : suite.slice(0, at);
  const exitCode = at < 0 ? 0 : Number(suite.slice(at + 1));
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
  let outside = 0;
  for (const result of report.testResults ?? []) {
    const assertions = result.assertionResults ?? [];
    if (result.status === 'failed' && !assertions.some((a) => a.status === 'failed')) {
      console.log(`suite failed outside its tests: ${result.name}`);
      outside += 1;
    }
  }
  failed += outside;
  if (exitCode !== 0 && report.numFailedTests === 0 && outside === 0) {
    console.log(`${file}: its run exited ${exitCode} with no failed test (an unhandled error: see its output above): counted as one failure`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
