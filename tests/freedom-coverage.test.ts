/**
 * Every "not shown" of the contract has its row in schemas/OPEN-POINTS.md section F, and every freedom a
 * client can observe is proven tolerated by at least one reference variant (CONTRIBUTING, "A freedom is proven tolerated").
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeFreedomCoverage, notShownOccurrences, parseFreedomRows } from '../scripts/freedom-coverage';

const coverage = computeFreedomCoverage();

void test('the contract says "not shown" in 15 places, each found', () => {
  assert.equal(coverage.occurrences.length, 15);
});

void test('each "not shown" of the contract has exactly one row in section F', () => {
  assert.deepEqual(coverage.unmatched, [], 'occurrences without a row');
  assert.deepEqual(coverage.ambiguous, [], 'occurrences with more than one row');
  assert.equal(coverage.rows.length, coverage.occurrences.length);
});

void test('each row quotes the contract verbatim and names an entry of section A', () => {
  assert.deepEqual(
    coverage.notInContract.map((r) => `${r.entry}: ${r.wording}`),
    [],
  );
  assert.deepEqual(
    coverage.unknownEntries.map((r) => r.entry),
    [],
  );
});

void test('each variant a row cites exists in the variant catalogue', () => {
  assert.deepEqual(coverage.unknownVariants, []);
});

void test('every observable freedom is proven tolerated by a variant; an unobservable point cites none', () => {
  assert.deepEqual(
    coverage.uncovered.map((r) => r.entry),
    [],
  );
  assert.deepEqual(
    coverage.inconsistent.map((r) => r.entry),
    [],
  );
  assert.equal(coverage.percent, 100);
});

void test('the check finds a missing row and an observable freedom without a variant', () => {
  const contract = 'Alpha: not shown.\nBeta: not shown.\n';
  const rows = [
    '## F. Freedom coverage',
    '| Entry | Contract wording | Observable over HTTP | Variants |',
    '|---|---|---|---|',
    '| A1 | "Alpha: not shown." | yes | none |',
  ].join('\n');
  const c = computeFreedomCoverage(contract, `| A1 | x | y | z |\n${rows}`, new Set());
  assert.deepEqual(c.unmatched, ['Beta: not shown.']);
  assert.deepEqual(
    c.uncovered.map((r) => r.entry),
    ['A1'],
  );
  assert.equal(notShownOccurrences('a not shown, b not shown').length, 2);
  assert.equal(parseFreedomRows(rows)[0]!.observable, true);
});
