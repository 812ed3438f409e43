/**
 * The suite's requirement coverage, computed from the catalogue and the test titles.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeCoverage } from '../scripts/traceability';

const coverage = computeCoverage();

void test('every test title cites at least one requirement id', () => {
  assert.deepEqual(
    coverage.untraced.map((t) => `${t.file}: ${t.title}`),
    [],
  );
});

void test('every cited id exists in the catalogue', () => {
  assert.deepEqual(coverage.unknownIds, []);
});

void test('at least 95 % of the catalogue is checked by a test', () => {
  assert.ok(
    coverage.percent >= 95,
    `coverage is ${coverage.percent} % (${coverage.tested.length}/${coverage.total})`,
  );
});

void test('every entry without a test states why no test can check it', () => {
  assert.deepEqual(
    coverage.gaps.map((r) => r.id),
    [],
  );
});

void test('no entry claims to be untestable while a test checks it', () => {
  assert.deepEqual(
    coverage.reasonButTested.map((r) => r.id),
    [],
  );
});
