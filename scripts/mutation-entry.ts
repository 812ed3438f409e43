/**
 * One reference of the mutation run, declared as a test file of its own: the suite's spec files declared
 * again inside a describe that sets the test's `entry` (helpers/spec/fixtures.ts). scripts/mutation.ts writes
 * one such file per reference (a line calling `declareEntry`), all in one Playwright project, so that the same
 * workers serve every reference, each test against its own entry's reference. A file per entry, not one for
 * all: Playwright binds a whole test file to its project for every group of tests it runs, and a file
 * holding every entry made that the run's largest cost.
 */
import path from 'node:path';
import { test } from '../helpers/test';
import { entryTitle, mutationTargets } from '../helpers/run/mutation-targets';
import { specBaseNames, SPECS_DIR } from '../helpers/run/spec-files';

export function declareEntry(name: string): void {
  const target = mutationTargets()?.find((t) => t.name === name);
  if (!target) throw new Error(`the mutation run has no reference named ${name} (MUTATION_TARGETS)`);
  test.describe(entryTitle(target.name), () => {
    // A fault's few tests (its first pass) run in one worker, one after another: one group, not one per test.
    if (target.fault && target.ids) test.describe.configure({ mode: 'default' });
    test.use({
      entry: {
        name: target.name,
        baseUrl: target.baseUrl,
        ...(target.fault ? { killsExpected: true } : {}),
        ...(target.untilKilled ? { untilKilled: true } : {}),
        ...(target.timeZone ? { timeZone: target.timeZone, clockOffsetMs: target.clockOffsetMs } : {}),
      },
    });
    for (const spec of target.specs ?? specBaseNames()) {
      // A spec file's tests are declared when its module runs: dropped from the module cache, it runs again,
      // and declares its tests inside this entry's describe.
      const file = path.join(SPECS_DIR, `${spec}.spec.ts`);
      delete require.cache[file];
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(file);
    }
  });
}
