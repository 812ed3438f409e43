/**
 * fast-check settings (helpers/contract/generated-inputs.ts): the run's seed from FC_SEED, the number of
 * runs from the caller or FC_RUNS, and what a failing property reports.
 */
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { fcParams, fcSeed } from '../helpers/contract/generated-inputs';

/** Sets (or, with undefined, removes) variables for the rest of the test. */
function withEnv(t: TestContext, values: Record<string, string | undefined>): void {
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  const apply = (next: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(next)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(values);
  t.after(() => apply(saved));
}

void test('fcSeed replays FC_SEED, and is 42 when it is unset or no whole number', (t) => {
  withEnv(t, { FC_SEED: '1234567' });
  assert.equal(fcSeed(), 1234567);
  for (const value of [undefined, 'abc', '1.5', 'NaN']) {
    withEnv(t, { FC_SEED: value });
    assert.equal(fcSeed(), 42, String(value));
  }
});

void test('fcParams: the seed of the run, the runs the caller asks for, else FC_RUNS, else 25', (t) => {
  withEnv(t, { FC_SEED: '99', FC_RUNS: '7' });
  assert.equal(fcParams().seed, 99);
  assert.equal(fcParams().numRuns, 7);
  assert.equal(fcParams(3).numRuns, 3);
  for (const value of [undefined, '0', '-4', '2.5', 'many']) {
    withEnv(t, { FC_RUNS: value });
    assert.equal(fcParams().numRuns, 25, String(value));
  }
});

void test('a property that runs too long is stopped, not failed, and a failure shows its expectation', () => {
  const params = fcParams(1);
  assert.ok(params.interruptAfterTimeLimit! > 0);
  assert.equal(params.markInterruptAsFailure, false);
  assert.equal(params.includeErrorInReport, true);
});
