import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the closing line CI reads: `N passed, N failed` (and skipped, when any), after one
 * `FAILED: <file> > <test>` line per failure, which .ci/run repeats above its own total.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>): void {
    let passed = 0,
      failed = 0,
      skipped = 0;
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') {
          failed++;
          console.log(`FAILED: ${m.moduleId.replace(`${process.cwd()}/`, '')} > ${t.fullName}`);
        } else skipped++;
      }
      // A file that failed to load has no tests but is a failure.
      if (m.state() === 'failed' && ![...m.children.allTests()].some((t) => t.result().state === 'failed')) {
        failed++;
        console.log(`FAILED: ${m.moduleId.replace(`${process.cwd()}/`, '')} (did not load)`);
      }
    }
    for (const e of errors)
      console.log(
        `FAILED: an error outside any test: ${String((e as { message?: unknown })?.message ?? e).split('\n')[0]}`,
      );
    failed += errors.length;
    console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}
