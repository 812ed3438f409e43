/**
 * The CI gate against baseline.yaml, on small synthetic Playwright JSON results.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { BASELINE_FILE, evaluateGate, formatGate, parseBaseline, type BaselineEntry } from '../scripts/gate';
import { flattenReport, type RunResults } from '../scripts/run-results';
import { ROOT, syntheticReport, tempDir, writeJson, type SyntheticTest } from './report-support';

const TODAY = new Date('2026-01-15T12:00:00Z');

function run(tests: SyntheticTest[], errors: string[] = []): RunResults {
  return { ...flattenReport(syntheticReport(tests, errors)), sha256: '', file: 'results.json' };
}

const entry = (e: Partial<BaselineEntry>): BaselineEntry => ({
  reason: 'known',
  expires: '2026-12-31',
  ...e,
});

void test('the committed baseline parses and is empty', () => {
  const { entries, invalid } = parseBaseline(fs.readFileSync(BASELINE_FILE, 'utf8'));
  assert.deepEqual(invalid, []);
  assert.deepEqual(entries, []);
});

void test('passes when everything passed or skipped', () => {
  const result = evaluateGate(
    run([
      { title: '[AUTH-001] a', outcome: 'passed' },
      { title: '[AUTH-002] b', outcome: 'skipped', reason: 'no key' },
    ]),
    [],
    [],
    TODAY,
  );
  assert.equal(result.ok, true);
  assert.match(formatGate(result), /gate: PASSED$/);
});

void test('fails on a failure the baseline does not list', () => {
  const result = evaluateGate(
    run([{ title: '[AUTH-001] a', outcome: 'failed', error: 'expect(received)' }]),
    [],
    [],
    TODAY,
  );
  assert.equal(result.ok, false);
  assert.deepEqual(
    result.newFailures.map((t) => t.title),
    ['[AUTH-001] a'],
  );
  assert.match(formatGate(result), /NEW FAILURES, not in baseline\.yaml \(1\):\n {2}- \[AUTH-001\] a/);
});

void test('a test the target did not answer is no failure, and the gate cannot pass on it: NOT JUDGED', () => {
  const unanswered = {
    title: '[SYNC-046] two identical pushes together',
    outcome: 'failed' as const,
    error:
      'TargetError: the target did not answer POST http://t/api/v2/external/patents/sync: read ECONNRESET',
  };
  const alone = evaluateGate(run([{ title: '[AUTH-001] a', outcome: 'passed' }, unanswered]), [], [], TODAY);
  assert.equal(alone.ok, false);
  assert.deepEqual(alone.newFailures, []);
  assert.deepEqual(
    alone.couldNotJudge.map((t) => t.title),
    [unanswered.title],
  );
  const text = formatGate(alone);
  assert.match(text, /COULD NOT JUDGE: the target did not answer .*\(1\):\n {2}- \[SYNC-046\] two identical/);
  assert.match(text, /gate: NOT JUDGED \(the target did not answer\)$/);
  // Beside a failure the target's answers show, the gate fails.
  const withFailure = evaluateGate(
    run([{ title: '[AUTH-001] a', outcome: 'failed', error: 'expect(received)' }, unanswered]),
    [],
    [],
    TODAY,
  );
  assert.match(formatGate(withFailure), /gate: FAILED$/);
});

void test('a failure listed by requirement id or by exact title is accepted', () => {
  const results = run([
    { title: '[AUTH-001] a', outcome: 'failed', error: 'expect(' },
    { title: '[AUTH-002] b', outcome: 'failed', error: 'expect(' },
  ]);
  const result = evaluateGate(
    results,
    [entry({ requirement: 'AUTH-001' }), entry({ test: '[AUTH-002] b' })],
    [],
    TODAY,
  );
  assert.equal(result.ok, true, formatGate(result));
  assert.equal(result.knownFailures.length, 2);
  const inexact = evaluateGate(
    results,
    [entry({ requirement: 'AUTH-001' }), entry({ test: 'AUTH-002 b' })],
    [],
    TODAY,
  );
  assert.equal(inexact.ok, false, 'a title must match exactly');
});

void test('fails on an expired entry, even when its failure still happens', () => {
  const result = evaluateGate(
    run([{ title: '[AUTH-001] a', outcome: 'failed', error: 'expect(' }]),
    [entry({ requirement: 'AUTH-001', expires: '2026-01-14' })],
    [],
    TODAY,
  );
  assert.equal(result.ok, false);
  assert.equal(result.expired.length, 1);
  const lastDay = evaluateGate(
    run([{ title: '[AUTH-001] a', outcome: 'failed', error: 'expect(' }]),
    [entry({ requirement: 'AUTH-001', expires: '2026-01-15' })],
    [],
    TODAY,
  );
  assert.equal(lastDay.ok, true, 'an entry is valid through its expiry day');
});

void test('fails on an entry whose tests now pass, so the baseline stays true', () => {
  const result = evaluateGate(
    run([
      { title: '[AUTH-001] a', outcome: 'passed' },
      { title: '[AUTH-001] b', outcome: 'passed' },
    ]),
    [entry({ requirement: 'AUTH-001' })],
    [],
    TODAY,
  );
  assert.equal(result.ok, false);
  assert.equal(result.nowPassing.length, 1);
  assert.match(formatGate(result), /NOW PASS/);
});

void test('an entry whose tests did not run (skipped or missing) is reported, not failing', () => {
  const result = evaluateGate(
    run([
      { title: '[AUTH-001] a', outcome: 'skipped', reason: 'no key' },
      { title: '[AUTH-005] z', outcome: 'passed' },
    ]),
    [entry({ requirement: 'AUTH-001' }), entry({ test: '[PAG-001] missing' })],
    [],
    TODAY,
  );
  assert.equal(result.ok, true);
  assert.equal(result.notRun.length, 2);
});

void test('malformed entries are refused with a reason each', () => {
  const { entries, invalid } = parseBaseline(
    [
      '- requirement: AUTH-001',
      '  test: "[AUTH-001] a"',
      '  reason: both',
      '  expires: 2026-12-31',
      '- requirement: NOPE-001',
      '  reason: unknown id',
      '  expires: 2026-12-31',
      '- test: "[AUTH-001] a"',
      '  expires: 31/12/2026',
      '- requirement: AUTH-002',
      '  reason: ok',
      '  expires: 2026-12-31',
      '  owner: someone',
    ].join('\n'),
  );
  assert.equal(invalid.length, 5, invalid.join('\n'));
  assert.ok(invalid.some((i) => /exactly one of/.test(i)));
  assert.ok(invalid.some((i) => /NOPE-001 is not in/.test(i)));
  assert.ok(invalid.some((i) => /"reason" is missing/.test(i)));
  assert.ok(invalid.some((i) => /"expires" must be a date/.test(i)));
  assert.ok(invalid.some((i) => /unknown field\(s\) owner/.test(i)));
  assert.equal(entries.length, 2);
  assert.equal(
    evaluateGate(run([{ title: '[AUTH-005] a', outcome: 'passed' }]), [], invalid, TODAY).ok,
    false,
  );
});

void test('fails on errors outside the tests and on an empty run', () => {
  assert.equal(
    evaluateGate(run([{ title: '[AUTH-001] a', outcome: 'passed' }], ['global setup failed']), []).ok,
    false,
  );
  assert.equal(evaluateGate(run([]), []).ok, false);
});

void test('npm run gate exits non-zero on a new failure and zero when clean', () => {
  const dir = tempDir('gate');
  try {
    const gate = (tests: SyntheticTest[]) => {
      const file = writeJson(path.join(dir, 'results.json'), syntheticReport(tests));
      return spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT, 'scripts', 'gate.ts'), '--results', file],
        // The gate keeps its verification record in the reports folder's history/: this one's own.
        { cwd: ROOT, encoding: 'utf8', env: { ...process.env, REPORTS_DIR: dir } },
      );
    };
    const failing = gate([{ title: '[AUTH-001] a', outcome: 'failed', error: 'expect(' }]);
    assert.equal(failing.status, 1, failing.stderr);
    assert.match(failing.stdout, /gate: FAILED/);
    const clean = gate([{ title: '[AUTH-001] a', outcome: 'passed' }]);
    assert.equal(clean.status, 0, clean.stdout + clean.stderr);
    assert.match(clean.stdout, /gate: PASSED/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
