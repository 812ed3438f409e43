/**
 * Cases for the earned-pass fixture (helpers/spec/fixtures.ts, _earnedPass): none of them contacts a target,
 * but all except one ask for it (`target`, the fixture every fixture that reaches the target depends on), as a
 * conformance test does. The requirement ids only satisfy the metadata fixture; these tests check the harness,
 * not the contract.
 */
import { expect, test, titled } from '../../helpers/spec/fixtures';
import { nonEmpty, notVerified, verifiedOnlyIf } from '../../helpers/data/verified';

test(...titled('[PAG-001] a test that runs no assertion must fail'), ({ target: _target }) => {
  // nothing checked
});

test(...titled('[PAG-001] a loop over an empty list must fail'), ({ target: _target }) => {
  const items: number[] = [];
  for (const item of items) expect(item).toBeGreaterThan(0);
});

test(...titled('[PAG-001] a branch not taken must fail'), ({ target: _target }) => {
  const outcome = String('STAGED');
  if (outcome === 'APPLIED') expect(outcome).toBe('APPLIED');
});

test(...titled('[PAG-001] one assertion earns the pass'), ({ target: _target }) => {
  expect(1).toBe(1);
});

test(...titled('[PAG-001] expect.soft counts'), ({ target: _target }) => {
  expect.soft(1).toBe(1);
});

test(...titled('[PAG-001] notVerified ends as skipped'), ({ target: _target }) => {
  notVerified('data', 'the case under test');
});

test(...titled('[PAG-001] nonEmpty of nothing ends as skipped'), ({ target: _target }) => {
  for (const item of nonEmpty([] as number[], 'data', 'items')) expect(item).toBe(1);
});

test(...titled('[PAG-001] verifiedOnlyIf of a false condition ends as skipped'), ({ target: _target }) => {
  verifiedOnlyIf(String('STAGED') === 'APPLIED', 'data', 'no item was APPLIED');
  expect(true).toBe(true);
});

test(...titled('[PAG-001] a test that asks nothing of the target must fail'), () => {
  expect(1).toBe(1);
});

// Declared without titled(...): no tags, no requirement annotations; the metadata fixture refuses it.
test('[PAG-001] a test declared without titled() must fail', () => {
  expect(1).toBe(1);
});
